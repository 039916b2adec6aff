! SPDX-License-Identifier: BSD-3-Clause
! The BLACS-free entries through the `mr2d` module: a 17 x 13 matrix from a
! P x 1 grid whose rows run over the ranks of MPI_COMM_WORLD in reverse
! (an explicit rank map) onto a 1 x P grid in the default order, directly and
! through a plan, checked element by element; then a grid of 0 rows, which
! must fail with b untouched. No BLACS call anywhere.
program test_comm
  use mpi
  use mr2d
  use test_grids, only: global_index, local_extent, value_of
  use test_expect
  implicit none
  integer, parameter :: m = 17, n = 13, mba = 3, nba = 2, mbb = 2, nbb = 4
  integer :: iam, nprocs, ierr, k, ar, ac, br, bc, arow, bcol, i, j
  integer(c_int), allocatable, target :: map(:)
  integer(mr2d_ik) :: desca(9), descb(9)
  real(c_double), allocatable :: a(:), b(:)
  type(mr2d_grid) :: grida, gridb, broken
  type(c_ptr) :: plan
  integer(c_int) :: status
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, iam, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
  allocate(map(nprocs))
  map = [(nprocs - 1 - k, k = 0, nprocs - 1)]
  grida = mr2d_grid(nprocs, 1, c_loc(map))
  gridb%nprow = 1
  gridb%npcol = nprocs
  arow = nprocs - 1 - iam      ! where map puts this process in A's grid
  bcol = iam                   ! the default order in B's
  ar = local_extent(m, mba, arow, 0, nprocs)
  ac = n
  br = m
  bc = local_extent(n, nbb, bcol, 0, nprocs)
  ! CTXT_ (entry 2) is ignored by these entries.
  desca = [1, -1, m, n, mba, nba, 0, 0, max(1, ar)]
  descb = [1, -1, m, n, mbb, nbb, 0, 0, br]
  allocate(a(max(1, ar * ac)), b(max(1, br * bc)))
  do j = 1, ac
    do i = 1, ar
      a(i + (j - 1) * max(1, ar)) = value_of(global_index(i, mba, arow, 0, nprocs), j)
    end do
  end do
  do k = 1, 3
    b = -1
    select case (k)
    case (1)
      status = mr2d_comm_gemr2d(MPI_COMM_WORLD, MR2D_D, int(m, mr2d_ik), int(n, mr2d_ik), a, &
           1_mr2d_ik, 1_mr2d_ik, desca, grida, b, 1_mr2d_ik, 1_mr2d_ik, descb, gridb)
    case (2)
      status = mr2d_plan_create_comm_gemr2d(plan, MPI_COMM_WORLD, MR2D_D, int(m, mr2d_ik), &
           int(n, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, desca, grida, 1_mr2d_ik, 1_mr2d_ik, descb, gridb)
      if (status == MR2D_SUCCESS) status = mr2d_plan_execute(plan, a, b)
      call mr2d_plan_destroy(plan)
    case (3)
      broken = mr2d_grid(0, nprocs, c_null_ptr)
      status = mr2d_comm_trmr2d(MPI_COMM_WORLD, MR2D_D, 'U', 'N', int(m, mr2d_ik), int(n, mr2d_ik), &
           a, 1_mr2d_ik, 1_mr2d_ik, desca, grida, b, 1_mr2d_ik, 1_mr2d_ik, descb, broken)
      call expect(status == MR2D_ERR_ARGUMENT, 'a grid of 0 rows is rejected')
      call expect(index(mr2d_last_error(), '(GRIDB)') > 0, 'the message names GRIDB')
      call expect(all(b == -1), 'b untouched after an error')
      cycle
    end select
    call expect(status == MR2D_SUCCESS, 'the copy succeeds')
    call expect(all([((b(i + (j - 1) * br) == value_of(i, global_index(j, nbb, bcol, 0, nprocs)), &
         i = 1, br), j = 1, bc)]), 'element values')
  end do
  call mpi_allreduce(MPI_IN_PLACE, failures, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (iam == 0) print '(a,i0,a)', 'fortran comm: ', failures, ' failures'
  call mpi_finalize(ierr)
  if (failures /= 0) error stop 1

end program test_comm
