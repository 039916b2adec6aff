! SPDX-License-Identifier: BSD-3-Clause
! The check the Fortran tests report through: a count of failed expectations
! and one line for each.
module test_expect
  implicit none
  private
  public :: expect, failures

  !> Failed expectations of this process so far.
  integer :: failures = 0

contains

  subroutine expect(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (.not. ok) then
      print '(2a)', 'FAILED: ', what
      failures = failures + 1
    end if
  end subroutine

end module test_expect
