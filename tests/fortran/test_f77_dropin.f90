! SPDX-License-Identifier: BSD-3-Clause
! An unchanged F77-style code: PDGEMR2D, PZGEMR2D and PDTRMR2D called through
! implicit interfaces, linked with libmr2d_scalapack ahead of ScaLAPACK.
! Every element of every local B (padding included) is checked against the
! value computed from the global fill formula.
program test_f77_dropin
  use test_grids
  implicit none
  integer :: iam, nprocs, ctxt_all, ctxt_a, ctxt_b, failures, nr, nc
  integer, parameter :: m = 37, n = 29
  call blacs_pinfo(iam, nprocs)
  call blacs_get(-1, 0, ctxt_all)
  call blacs_gridinit(ctxt_all, 'R', 1, nprocs)
  nr = merge(2, 1, nprocs >= 4)
  nc = max(1, min(nprocs, 4) / nr)
  call make_grid(nr, nc, ctxt_a)
  call make_grid(1, nprocs, ctxt_b)
  failures = 0
  call check_d(.false.)
  call check_d(.true.)
  call check_z()
  call igsum2d(ctxt_all, 'A', ' ', 1, 1, failures, 1, -1, -1)
  if (iam == 0) then
    if (failures == 0) then
      print '(a)', 'f77 drop-in: PDGEMR2D, PDTRMR2D, PZGEMR2D: all elements correct'
    else
      print '(a,i0,a)', 'f77 drop-in: ', failures, ' wrong elements'
    end if
  end if
  if (ctxt_a >= 0) call blacs_gridexit(ctxt_a)
  if (ctxt_b >= 0) call blacs_gridexit(ctxt_b)
  call blacs_gridexit(ctxt_all)
  call blacs_exit(0)
  if (failures /= 0) error stop 1

contains

  ! sub(A) = A(3:3+m-1, 2:2+n-1) of a 45 x 40 matrix in 4 x 3 blocks goes to
  ! B(2:, 5:) of a 40 x 40 matrix in 5 x 7 blocks; trapezoid: lower, unit.
  subroutine check_d(trapezoidal)
    logical, intent(in) :: trapezoidal
    integer :: desca(9), descb(9), la_r, la_c, lb_r, lb_c, lda, ldb, i, j, gi, gj, r, c, pr, pc, si, sj
    double precision, allocatable :: a(:,:), b(:,:)
    double precision :: want
    call make_desc(desca, 45, 40, 4, 3, ctxt_a, la_r, la_c, lda)
    call make_desc(descb, 40, 40, 5, 7, ctxt_b, lb_r, lb_c, ldb)
    allocate(a(lda, max(1, la_c)), b(ldb, max(1, lb_c)))
    a = -7d0
    if (ctxt_a >= 0) then
      call blacs_gridinfo(ctxt_a, r, c, pr, pc)
      do j = 1, la_c
        do i = 1, la_r
          a(i, j) = global_index(i, 4, pr, 0, r) + 1000d0 * global_index(j, 3, pc, 0, c)
        end do
      end do
    end if
    b = -1d0
    if (trapezoidal) then
      call pdtrmr2d('L', 'U', m, n, a, 3, 2, desca, b, 2, 5, descb, ctxt_all)
    else
      call pdgemr2d(m, n, a, 3, 2, desca, b, 2, 5, descb, ctxt_all)
    end if
    if (ctxt_b < 0) return
    call blacs_gridinfo(ctxt_b, r, c, pr, pc)
    do j = 1, size(b, 2)
      do i = 1, size(b, 1)
        want = -1d0
        if (i <= lb_r .and. j <= lb_c) then
          gi = global_index(i, 5, pr, 0, r)
          gj = global_index(j, 7, pc, 0, c)
          si = gi - 2
          sj = gj - 5
          if (si >= 0 .and. si < m .and. sj >= 0 .and. sj < n) then
            if (.not. trapezoidal .or. si >= sj - max(n - m, 0) + 1) &
                 want = (si + 3) + 1000d0 * (sj + 2)
          end if
        end if
        if (b(i, j) /= want) failures = failures + 1
      end do
    end do
  end subroutine

  subroutine check_z()
    integer :: desca(9), descb(9), la_r, la_c, lb_r, lb_c, lda, ldb, i, j, gi, gj, r, c, pr, pc
    complex(kind(0d0)), allocatable :: a(:,:), b(:,:)
    complex(kind(0d0)) :: want
    call make_desc(desca, m, n, 8, 8, ctxt_a, la_r, la_c, lda)
    call make_desc(descb, m, n, 3, 2, ctxt_b, lb_r, lb_c, ldb)
    allocate(a(lda, max(1, la_c)), b(ldb, max(1, lb_c)))
    a = (0d0, 0d0)
    if (ctxt_a >= 0) then
      call blacs_gridinfo(ctxt_a, r, c, pr, pc)
      do j = 1, la_c
        do i = 1, la_r
          a(i, j) = cmplx(global_index(i, 8, pr, 0, r), -global_index(j, 8, pc, 0, c), kind(0d0))
        end do
      end do
    end if
    b = (-1d0, -1d0)
    call pzgemr2d(m, n, a, 1, 1, desca, b, 1, 1, descb, ctxt_all)
    if (ctxt_b < 0) return
    call blacs_gridinfo(ctxt_b, r, c, pr, pc)
    do j = 1, size(b, 2)
      do i = 1, size(b, 1)
        want = (-1d0, -1d0)
        if (i <= lb_r .and. j <= lb_c) then
          gi = global_index(i, 3, pr, 0, r)
          gj = global_index(j, 2, pc, 0, c)
          want = cmplx(gi, -gj, kind(0d0))
        end if
        if (b(i, j) /= want) failures = failures + 1
      end do
    end do
  end subroutine

end program test_f77_dropin
