! SPDX-License-Identifier: BSD-3-Clause
! Rank relabelling through the `mr2d` module (no MPI needed): the 2x2 -> 4x1
! case of the CLI golden test, whose numbers are worked out by hand there
! (tests/cli/CMakeLists.txt), with and without the optional arguments, and a
! bad argument.
program test_relabel
  use mr2d
  use test_expect
  implicit none
  type(mr2d_layout) :: a, b
  type(mr2d_relabel_report) :: report
  ! A as BLACS_GRIDINIT with order 'R' places it: rank r*2 + c at (r, c).
  integer(c_int), parameter :: a_usermap(4) = [0, 2, 1, 3]
  integer(c_int) :: usermap(4), status
  a = mr2d_layout(4000, 4000, 2, 2, 0, 0, 1, 1, 2, 2)
  b = mr2d_layout(4000, 4000, 2, 64, 0, 0, 1, 1, 4, 1)
  status = mr2d_relabel_gemr2d(MR2D_D, 4000_mr2d_ik, 4000_mr2d_ik, a, a_usermap, b, &
       nranks=4, b_usermap=usermap, report=report)
  call expect(status == MR2D_SUCCESS, 'gemr2d succeeds')
  call expect(all(usermap == [0, 2, 1, 3]), 'usermap 0 2 1 3')
  call expect(report%bytes_total == 128000000_c_long_long, 'bytes_total')
  call expect(report%bytes_moved_default == 96000000_c_long_long, 'bytes_moved_default')
  call expect(report%bytes_moved == 64000000_c_long_long, 'bytes_moved')
  call expect(report%exact == 1, 'exact')
  status = mr2d_relabel_trmr2d(MR2D_D, 'U', 'N', 4000_mr2d_ik, 4000_mr2d_ik, a, a_usermap, b, &
       [3, 2, 1, 0, 4], 5, usermap)
  call expect(status == MR2D_SUCCESS, 'trmr2d succeeds')
  b%nprow = 0
  status = mr2d_relabel_gemr2d(MR2D_D, 4000_mr2d_ik, 4000_mr2d_ik, a, a_usermap, b, &
       nranks=4, b_usermap=usermap)
  call expect(status == MR2D_ERR_ARGUMENT, 'bad b%nprow rejected')
  call expect(index(mr2d_last_error(), 'argument 6 (b->nprow) is 0') > 0, 'message names b->nprow')
  print '(a,i0,a)', 'fortran relabel: ', failures, ' failures'
  if (failures /= 0) error stop 1

end program test_relabel
