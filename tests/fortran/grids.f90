! SPDX-License-Identifier: BSD-3-Clause
! Test helpers shared by the Fortran tests: BLACS grids, descriptors, the
! global position of a local index (block-cyclic map, 1-based) and the value
! a test matrix holds there.
module test_grids
  use, intrinsic :: iso_c_binding, only: c_double
  implicit none
  private
  public :: make_grid, global_index, local_extent, make_desc, value_of

contains

  !> A grid of nprow x npcol over the first processes (row-major); ctxt = -1
  !> on processes outside it.
  subroutine make_grid(nprow, npcol, ctxt)
    integer, intent(in) :: nprow, npcol
    integer, intent(out) :: ctxt
    integer :: iam, nprocs, r, c, pr, pc
    call blacs_pinfo(iam, nprocs)
    call blacs_get(-1, 0, ctxt)
    call blacs_gridinit(ctxt, 'R', nprow, npcol)
    call blacs_gridinfo(ctxt, r, c, pr, pc)
    if (pr < 0) ctxt = -1
  end subroutine

  integer function global_index(l, nb, p, src, np)
    integer, intent(in) :: l, nb, p, src, np
    global_index = ((l - 1) / nb * np + modulo(p - src, np)) * nb + modulo(l - 1, nb) + 1
  end function

  integer function local_extent(n, nb, p, src, np)
    integer, intent(in) :: n, nb, p, src, np
    integer, external :: numroc
    local_extent = numroc(n, nb, p, src, np)
  end function

  !> Descriptor of an m x n matrix with mb x nb blocks on ctxt, its local
  !> rows and columns, and a leading dimension padded by 2 rows; a non-member
  !> (ctxt -1) gets CTXT -1 and nothing local.
  subroutine make_desc(desc, m, n, mb, nb, ctxt, lrows, lcols, lld)
    integer, intent(out) :: desc(9), lrows, lcols, lld
    integer, intent(in) :: m, n, mb, nb, ctxt
    integer :: r, c, pr, pc, info
    desc = 0
    desc(2) = -1
    lrows = 0
    lcols = 0
    lld = 1
    if (ctxt < 0) return
    call blacs_gridinfo(ctxt, r, c, pr, pc)
    lrows = local_extent(m, mb, pr, 0, r)
    lcols = local_extent(n, nb, pc, 0, c)
    lld = max(1, lrows) + 2
    call descinit(desc, m, n, mb, nb, 0, 0, ctxt, lld, info)
  end subroutine

  !> The test value of global element (i, j).
  real(c_double) function value_of(i, j)
    integer, intent(in) :: i, j
    value_of = 1000d0 * i + j
  end function

end module test_grids
