! SPDX-License-Identifier: BSD-3-Clause
! The transform through the `mr2d` module: b := alpha * a**T + beta * b from a
! 2 x (P/2) grid (or 1 x 1) onto a P x 1 grid, directly and through a plan,
! checked element by element against the values a and b held; then a bad
! TRANS letter, which must fail with b untouched.
program test_transform
  use mpi
  use mr2d
  use test_grids
  use test_expect
  implicit none
  integer, parameter :: m = 37, n = 23   ! sub(b) is m x n, sub(a) n x m
  integer :: iam, nprocs, ctxt_a, ctxt_b, ctxt_u, ierr, k
  integer :: desca(9), descb(9), ar, ac, lda, br, bc, ldb, r, c, pr, pc, i, j
  real(c_double), allocatable :: a(:), b(:), b0(:)
  real(c_double) :: alpha, beta, want
  type(c_ptr) :: plan
  integer(c_int) :: status
  call mpi_init(ierr)
  call blacs_pinfo(iam, nprocs)
  call make_grid(1, nprocs, ctxt_u)
  if (nprocs >= 2) then
    call make_grid(2, nprocs / 2, ctxt_a)
  else
    call make_grid(1, 1, ctxt_a)
  end if
  call make_grid(nprocs, 1, ctxt_b)
  call make_desc(desca, n, m, 4, 3, ctxt_a, ar, ac, lda)
  call make_desc(descb, m, n, 5, 2, ctxt_b, br, bc, ldb)
  allocate(a(max(1, lda * ac)), b(max(1, ldb * bc)), b0(max(1, ldb * bc)))
  a = -1
  b0 = -7
  if (ctxt_a >= 0) then
    call blacs_gridinfo(ctxt_a, r, c, pr, pc)
    do j = 1, ac
      do i = 1, ar
        a(i + (j - 1) * lda) = value_of(global_index(i, 4, pr, 0, r), global_index(j, 3, pc, 0, c))
      end do
    end do
  end if
  if (ctxt_b >= 0) then
    call blacs_gridinfo(ctxt_b, r, c, pr, pc)
    do j = 1, bc
      do i = 1, br
        b0(i + (j - 1) * ldb) = 0.5d0 * value_of(global_index(j, 2, pc, 0, c), global_index(i, 5, pr, 0, r))
      end do
    end do
  end if
  alpha = 2
  beta = -3
  do k = 1, 3
    b = b0
    select case (k)
    case (1)
      status = mr2d_transform(MR2D_D, 'T', int(m, mr2d_ik), int(n, mr2d_ik), alpha, a, 1_mr2d_ik, &
           1_mr2d_ik, int(desca, mr2d_ik), beta, b, 1_mr2d_ik, 1_mr2d_ik, int(descb, mr2d_ik), &
           int(ctxt_u, mr2d_ik))
    case (2)
      status = mr2d_plan_create_transform(plan, MR2D_D, 'T', int(m, mr2d_ik), int(n, mr2d_ik), &
           1_mr2d_ik, 1_mr2d_ik, int(desca, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, int(descb, mr2d_ik), &
           int(ctxt_u, mr2d_ik))
      if (status == MR2D_SUCCESS) status = mr2d_plan_execute_transform(plan, alpha, a, beta, b)
      call mr2d_plan_destroy(plan)
    case (3)
      status = mr2d_transform(MR2D_D, 'X', int(m, mr2d_ik), int(n, mr2d_ik), alpha, a, 1_mr2d_ik, &
           1_mr2d_ik, int(desca, mr2d_ik), beta, b, 1_mr2d_ik, 1_mr2d_ik, int(descb, mr2d_ik), &
           int(ctxt_u, mr2d_ik))
      call expect(status == MR2D_ERR_ARGUMENT, 'bad TRANS rejected')
      call expect(index(mr2d_last_error(), 'argument 1 (TRANS)') > 0, 'message names TRANS')
      call expect(all(b == b0), 'b untouched after an error')
      cycle
    end select
    call expect(status == MR2D_SUCCESS, 'transform succeeds')
    if (ctxt_b >= 0) then
      do j = 1, bc
        do i = 1, br
          ! b(gi, gj) = alpha * a(gj, gi) + beta * b(gi, gj)
          want = alpha * value_of(global_index(j, 2, pc, 0, c), global_index(i, 5, pr, 0, r)) + &
               beta * b0(i + (j - 1) * ldb)
          if (b(i + (j - 1) * ldb) /= want) then
            call expect(.false., 'element value')
            exit
          end if
        end do
      end do
    end if
  end do
  call mpi_allreduce(MPI_IN_PLACE, failures, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (iam == 0) print '(a,i0,a)', 'fortran transform: ', failures, ' failures'
  call blacs_exit(1)
  call mpi_finalize(ierr)
  if (failures /= 0) error stop 1

end program test_transform
