! SPDX-License-Identifier: BSD-3-Clause
! Started plans through the `mr2d` module: a double and an integer plan
! started together and completed by mr2d_request_waitall, then a batch of
! both completed part by part by mr2d_request_testsome, must leave their b
! arrays exactly as the blocking executions do; a second start of an active
! plan is MR2D_ERR_ARGUMENT, freeing an active request is MR2D_ERR_ARGUMENT
! (a NULL one succeeds) and waiting for a completed request succeeds.
program test_request
  use mpi
  use mr2d
  use test_grids
  use test_expect
  implicit none
  integer, parameter :: m = 23, n = 19
  integer :: iam, nprocs, ctxt_a, ctxt_b, ctxt_u, ierr, k, reported
  integer :: desca(9), descb(9), ar, ac, lda, br, bc, ldb
  real(c_double), allocatable, target :: x(:), x_blocking(:), x_started(:)
  integer(mr2d_ik), allocatable, target :: y(:), y_blocking(:), y_started(:)
  type(c_ptr) :: plans(2), batch, requests(2), extra, a(2), b(2)
  integer(c_int) :: count, got(2)
  call mpi_init(ierr)
  call blacs_pinfo(iam, nprocs)
  call make_grid(1, nprocs, ctxt_u)
  call make_grid(nprocs, 1, ctxt_a)
  call make_grid(1, nprocs, ctxt_b)
  call make_desc(desca, m, n, 4, 3, ctxt_a, ar, ac, lda)
  call make_desc(descb, m, n, 2, 5, ctxt_b, br, bc, ldb)
  allocate(x(max(1, lda * ac)), y(max(1, lda * ac)))
  allocate(x_blocking(max(1, ldb * bc)), x_started(max(1, ldb * bc)))
  allocate(y_blocking(max(1, ldb * bc)), y_started(max(1, ldb * bc)))
  do k = 1, size(x)
    x(k) = 0.25d0 * k - iam
    y(k) = 7 * k + iam
  end do
  x_blocking = -3
  x_started = -3
  y_blocking = -4
  y_started = -4
  call expect(mr2d_plan_create_gemr2d(plans(1), MR2D_D, int(m, mr2d_ik), int(n, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, &
       int(desca, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, int(descb, mr2d_ik), int(ctxt_u, mr2d_ik)) == MR2D_SUCCESS, &
       'double plan')
  call expect(mr2d_plan_create_trmr2d(plans(2), MR2D_I, 'L', 'U', int(m - 3, mr2d_ik), int(n, mr2d_ik), &
       1_mr2d_ik, 1_mr2d_ik, int(desca, mr2d_ik), 3_mr2d_ik, 1_mr2d_ik, int(descb, mr2d_ik), &
       int(ctxt_u, mr2d_ik)) == MR2D_SUCCESS, 'integer plan')
  call expect(mr2d_plan_execute(plans(1), x, x_blocking) == MR2D_SUCCESS, 'double plan runs')
  call expect(mr2d_plan_execute(plans(2), y, y_blocking) == MR2D_SUCCESS, 'integer plan runs')

  requests = c_null_ptr
  extra = c_null_ptr
  call expect(mr2d_plan_start(plans(1), x, x_started, requests(1)) == MR2D_SUCCESS, 'double plan starts')
  call expect(mr2d_plan_start(plans(2), y, y_started, requests(2)) == MR2D_SUCCESS, 'integer plan starts')
  call expect(mr2d_plan_start(plans(1), x, x_started, extra) == MR2D_ERR_ARGUMENT, 'a second start is refused')
  call expect(mr2d_request_free(requests(1)) == MR2D_ERR_ARGUMENT .or. .not. c_associated(requests(1)), &
       'an active request is not freed')
  call expect(mr2d_request_free(extra) == MR2D_SUCCESS, 'a null request is freed')
  call expect(mr2d_request_waitall(2_c_int, requests) == MR2D_SUCCESS, 'both complete')
  call expect(.not. c_associated(requests(1)) .and. .not. c_associated(requests(2)), 'completed requests are null')
  call expect(mr2d_request_wait(requests(1)) == MR2D_SUCCESS, 'a completed request waits at once')
  call expect(all(x_started == x_blocking), 'started double plan as the blocking one')
  call expect(all(y_started == y_blocking), 'started integer plan as the blocking one')

  call expect(mr2d_plan_create_batch(batch, 2_c_int, plans) == MR2D_SUCCESS, 'batch created')
  call mr2d_plan_destroy(plans(1))
  call mr2d_plan_destroy(plans(2))
  x_started = -3
  y_started = -4
  a = [c_loc(x), c_loc(y)]
  b = [c_loc(x_started), c_loc(y_started)]
  call expect(mr2d_plan_start_batch(batch, a, b, requests(1)) == MR2D_SUCCESS, 'batch starts')
  reported = 0
  do while (c_associated(requests(1)))
    call expect(mr2d_request_testsome(requests(1), count, got) == MR2D_SUCCESS, 'testsome')
    reported = reported + count
  end do
  call expect(reported == 2, 'each part reported once')
  call expect(all(x_started == x_blocking), 'started batch double part')
  call expect(all(y_started == y_blocking), 'started batch integer part')
  call mr2d_plan_destroy(batch)
  call mpi_allreduce(MPI_IN_PLACE, failures, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (iam == 0) print '(a,i0,a)', 'fortran request: ', failures, ' failures'
  call blacs_exit(1)
  call mpi_finalize(ierr)
  if (failures /= 0) error stop 1
end program test_request
