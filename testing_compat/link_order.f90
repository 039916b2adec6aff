! SPDX-License-Identifier: BSD-3-Clause
! A plain Fortran ScaLAPACK program: PDGEMR2D from a 2 x 2 grid (3 x 2
! blocks) to a 1 x P grid (4 x 5 blocks), every element of every local B
! checked against the fill formula. Built twice, with and without
! libmr2d_scalapack ahead of ScaLAPACK: the same source must pass either way.
program link_order
  implicit none
  integer, parameter :: m = 31, n = 23
  integer :: me, np, all, ca, cb, desca(9), descb(9), lar, lac, lbr, lbc, apr, apc, bpr, bpc
  integer :: ar, ac, i, j, wrong
  double precision, allocatable :: a(:,:), b(:,:)
  call blacs_pinfo(me, np)
  call blacs_get(-1, 0, all)
  call blacs_gridinit(all, 'R', 1, np)
  ar = merge(2, 1, np >= 4)
  ac = merge(2, np, np >= 4)
  call grid(ar, ac, 3, 2, ca, desca, lar, lac, apr, apc)
  call grid(1, np, 4, 5, cb, descb, lbr, lbc, bpr, bpc)
  allocate(a(max(1, lar), max(1, lac)), b(max(1, lbr), max(1, lbc)))
  a = 0
  b = 0
  do j = 1, lac
    do i = 1, lar
      a(i, j) = gidx(i, 3, apr, ar) + 1000d0 * gidx(j, 2, apc, ac)
    end do
  end do
  call pdgemr2d(m, n, a, 1, 1, desca, b, 1, 1, descb, all)
  wrong = 0
  do j = 1, lbc
    do i = 1, lbr
      if (b(i, j) /= gidx(i, 4, bpr, 1) + 1000d0 * gidx(j, 5, bpc, np)) wrong = wrong + 1
    end do
  end do
  call igsum2d(all, 'A', ' ', 1, 1, wrong, 1, -1, -1)
  if (me == 0) print '(a,i0,a)', 'link order (Fortran): ', wrong, ' wrong elements'
  call blacs_exit(0)
  if (wrong /= 0) error stop 1

contains

  integer function gidx(l, nb, p, nprocs)
    integer, intent(in) :: l, nb, p, nprocs
    gidx = ((l - 1) / nb * nprocs + p) * nb + mod(l - 1, nb) + 1
  end function

  subroutine grid(nprow, npcol, mb, nb, ctxt, desc, lr, lc, pr, pc)
    integer, intent(in) :: nprow, npcol, mb, nb
    integer, intent(out) :: ctxt, desc(9), lr, lc, pr, pc
    integer :: r, c, info
    integer, external :: numroc
    call blacs_get(-1, 0, ctxt)
    call blacs_gridinit(ctxt, 'R', nprow, npcol)
    call blacs_gridinfo(ctxt, r, c, pr, pc)
    desc = 0
    desc(2) = -1
    lr = 0
    lc = 0
    if (pr < 0) then
      ctxt = -1
      return
    end if
    lr = numroc(m, mb, pr, 0, r)
    lc = numroc(n, nb, pc, 0, c)
    call descinit(desc, m, n, mb, nb, 0, 0, ctxt, max(1, lr), info)
  end subroutine

end program link_order
