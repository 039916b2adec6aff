! SPDX-License-Identifier: BSD-3-Clause
! Batches through the `mr2d` module: a double and an integer copy between
! different grids, executed as two plans and as one batch plan; the batch
! must leave both b arrays exactly as the plans did, with no more messages.
program test_batch
  use mpi
  use mr2d
  use test_grids
  use test_expect
  implicit none
  integer, parameter :: m = 29, n = 17
  integer :: iam, nprocs, ctxt_a, ctxt_b, ctxt_u, ierr, k
  integer :: desca(9), descb(9), ar, ac, lda, br, bc, ldb
  real(c_double), allocatable, target :: a1(:), b1(:), c1(:)
  integer(mr2d_ik), allocatable, target :: a2(:), b2(:), c2(:)
  type(c_ptr) :: parts(2), batch, a(2), b(2)
  type(mr2d_plan_info) :: info1, info2, info
  integer(c_int) :: status
  call mpi_init(ierr)
  call blacs_pinfo(iam, nprocs)
  call make_grid(1, nprocs, ctxt_u)
  call make_grid(nprocs, 1, ctxt_a)
  if (nprocs >= 2) then
    call make_grid(2, nprocs / 2, ctxt_b)
  else
    call make_grid(1, 1, ctxt_b)
  end if
  call make_desc(desca, m, n, 3, 4, ctxt_a, ar, ac, lda)
  call make_desc(descb, m, n, 5, 2, ctxt_b, br, bc, ldb)
  allocate(a1(max(1, lda * ac)), b1(max(1, ldb * bc)), c1(max(1, ldb * bc)))
  allocate(a2(max(1, lda * ac)), b2(max(1, ldb * bc)), c2(max(1, ldb * bc)))
  do k = 1, size(a1)
    a1(k) = 0.5d0 * k + iam
    a2(k) = 3 * k - iam
  end do
  b1 = -1
  c1 = -1
  b2 = -2
  c2 = -2
  status = mr2d_plan_create_gemr2d(parts(1), MR2D_D, int(m, mr2d_ik), int(n, mr2d_ik), 1_mr2d_ik, &
       1_mr2d_ik, int(desca, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, int(descb, mr2d_ik), int(ctxt_u, mr2d_ik))
  call expect(status == MR2D_SUCCESS, 'double plan')
  status = mr2d_plan_create_trmr2d(parts(2), MR2D_I, 'U', 'N', int(m - 2, mr2d_ik), int(n - 1, mr2d_ik), &
       2_mr2d_ik, 1_mr2d_ik, int(desca, mr2d_ik), 1_mr2d_ik, 2_mr2d_ik, int(descb, mr2d_ik), &
       int(ctxt_u, mr2d_ik))
  call expect(status == MR2D_SUCCESS, 'integer plan')
  call expect(mr2d_plan_execute(parts(1), a1, b1) == MR2D_SUCCESS, 'double plan runs')
  call expect(mr2d_plan_execute(parts(2), a2, b2) == MR2D_SUCCESS, 'integer plan runs')
  status = mr2d_plan_query(parts(1), info1)
  status = mr2d_plan_query(parts(2), info2)
  status = mr2d_plan_create_batch(batch, 2_c_int, parts)
  call expect(status == MR2D_SUCCESS, 'batch created')
  call mr2d_plan_destroy(parts(1))
  call mr2d_plan_destroy(parts(2))
  a = [c_loc(a1), c_loc(a2)]
  b = [c_loc(c1), c_loc(c2)]
  call expect(mr2d_plan_execute_batch(batch, a, b) == MR2D_SUCCESS, 'batch runs')
  status = mr2d_plan_query(batch, info)
  call expect(info%messages_sent <= info1%messages_sent + info2%messages_sent, 'no more messages')
  call expect(info%bytes_sent == info1%bytes_sent + info2%bytes_sent, 'the same bytes')
  call expect(all(b1 == c1), 'double part as the plan left it')
  call expect(all(b2 == c2), 'integer part as the plan left it')
  call mr2d_plan_destroy(batch)
  call mpi_allreduce(MPI_IN_PLACE, failures, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (iam == 0) print '(a,i0,a)', 'fortran batch: ', failures, ' failures'
  call blacs_exit(1)
  call mpi_finalize(ierr)
  if (failures /= 0) error stop 1
end program test_batch
