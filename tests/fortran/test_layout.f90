! SPDX-License-Identifier: BSD-3-Clause
! Grid layouts through the `mr2d` module, without BLACS: a 29 x 11 matrix
! split by rows over the ranks of MPI_COMM_WORLD as PETSc splits it (29/P
! rows each, one more on the first 29 mod P; each rank's rows one block, ld =
! its row count) moves to a block-cyclic grid directly, back to the rows
! through a plan, and again with the block bound by pointer; every element is
! checked after each move. Then splits that stop short of the rows, which must
! fail with b untouched.
program test_layout
  use mpi
  use mr2d
  use test_grids, only: global_index, local_extent, value_of
  use test_expect
  implicit none
  integer, parameter :: m = 29, n = 11, mb = 3, nb = 2
  integer :: iam, nprocs, ierr, k, p, pr, pc, myr, myc, br, bc, r0, nrows, i, j
  integer(mr2d_ik), allocatable, target :: splits(:)
  integer(mr2d_ik), target :: col_splits(2), descb(9)
  integer(c_int), allocatable, target :: owners(:)
  type(mr2d_block), target :: mine(1)
  type(mr2d_grid_layout), target :: rows
  type(mr2d_grid), target :: gridb
  type(mr2d_matrix) :: by_rows, cyclic
  real(c_double), allocatable, target :: a(:), back(:), b(:)
  type(c_ptr) :: plan
  integer(c_int) :: status
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, iam, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)

  ! The rows: rank p holds rows splits(p)+1 .. splits(p+1) (1-based).
  allocate(splits(0:nprocs), owners(nprocs))
  splits(0) = 0
  do p = 0, nprocs - 1
    splits(p + 1) = splits(p) + m / nprocs
    if (p < mod(m, nprocs)) splits(p + 1) = splits(p + 1) + 1
    owners(p + 1) = p
  end do
  col_splits = [0_mr2d_ik, int(n, mr2d_ik)]
  r0 = int(splits(iam))
  nrows = int(splits(iam + 1)) - r0
  mine(1) = mr2d_block(iam, 0, c_null_ptr, 0_c_long_long, max(1, nrows))
  rows = mr2d_grid_layout(m, n, nprocs, 1, c_loc(splits), c_loc(col_splits), c_loc(owners), &
       merge(1, 0, nrows > 0), c_loc(mine))
  by_rows = mr2d_matrix(c_null_ptr, c_null_ptr, c_loc(rows))

  ! The block-cyclic side: the most square pr x pc grid, row-major ranks.
  pr = 1
  do p = 1, nprocs
    if (p * p <= nprocs .and. mod(nprocs, p) == 0) pr = p
  end do
  pc = nprocs / pr
  gridb%nprow = pr
  gridb%npcol = pc
  myr = iam / pc
  myc = mod(iam, pc)
  br = local_extent(m, mb, myr, 0, pr)
  bc = local_extent(n, nb, myc, 0, pc)
  descb = [1, -1, m, n, mb, nb, 0, 0, max(1, br)]
  cyclic = mr2d_matrix(c_loc(descb), c_loc(gridb), c_null_ptr)

  allocate(a(max(1, nrows * n)), back(max(1, nrows * n)), b(max(1, br * bc)))
  do j = 1, n
    do i = 1, nrows
      a(i + (j - 1) * nrows) = value_of(r0 + i, j)
    end do
  end do

  do k = 1, 4
    b = -1
    back = -1
    select case (k)
    case (1)  ! rows -> block-cyclic, one call
      status = mr2d_comm_layout_transform(MPI_COMM_WORLD, MR2D_D, 'N', int(m, mr2d_ik), &
           int(n, mr2d_ik), 1d0, a, 1_mr2d_ik, 1_mr2d_ik, by_rows, 0d0, b, 1_mr2d_ik, 1_mr2d_ik, &
           cyclic)
    case (2)  ! and back through a plan
      status = mr2d_comm_layout_transform(MPI_COMM_WORLD, MR2D_D, 'N', int(m, mr2d_ik), &
           int(n, mr2d_ik), 1d0, a, 1_mr2d_ik, 1_mr2d_ik, by_rows, 0d0, b, 1_mr2d_ik, 1_mr2d_ik, &
           cyclic)
      if (status == MR2D_SUCCESS) status = mr2d_plan_create_comm_layout_transform(plan, &
           MPI_COMM_WORLD, MR2D_D, 'N', int(m, mr2d_ik), int(n, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, &
           cyclic, 1_mr2d_ik, 1_mr2d_ik, by_rows)
      if (status == MR2D_SUCCESS) then
        status = mr2d_plan_execute(plan, b, back)
        call mr2d_plan_destroy(plan)
      end if
      call expect(all([((back(i + (j - 1) * nrows) == value_of(r0 + i, j), i = 1, nrows), &
           j = 1, n)]), 'rows back from block-cyclic')
    case (3)  ! the block bound by pointer when the plan is made
      mine(1)%data = c_loc(a)
      status = mr2d_plan_create_comm_layout_transform(plan, MPI_COMM_WORLD, MR2D_D, 'N', &
           int(m, mr2d_ik), int(n, mr2d_ik), 1_mr2d_ik, 1_mr2d_ik, by_rows, 1_mr2d_ik, &
           1_mr2d_ik, cyclic)
      mine(1)%data = c_null_ptr
      if (status == MR2D_SUCCESS) then
        status = mr2d_plan_execute(plan, back, b)  ! `back` is not read for a bound block
        call mr2d_plan_destroy(plan)
      end if
    case (4)  ! splits ending one row short: rejected everywhere, b untouched
      splits(nprocs) = splits(nprocs) - 1
      status = mr2d_comm_layout_transform(MPI_COMM_WORLD, MR2D_D, 'N', int(m, mr2d_ik), &
           int(n, mr2d_ik), 1d0, a, 1_mr2d_ik, 1_mr2d_ik, by_rows, 0d0, b, 1_mr2d_ik, 1_mr2d_ik, &
           cyclic)
      splits(nprocs) = splits(nprocs) + 1
      call expect(status == MR2D_ERR_ARGUMENT, 'splits short of the rows are rejected')
      call expect(index(mr2d_last_error(), '(MA)') > 0, 'the message names MA')
      call expect(all(b == -1), 'b untouched after an error')
      cycle
    end select
    call expect(status == MR2D_SUCCESS, 'the move succeeds')
    call expect(all([((b(i + (j - 1) * max(1, br)) == value_of(global_index(i, mb, myr, 0, pr), &
         global_index(j, nb, myc, 0, pc)), i = 1, br), j = 1, bc)]), 'block-cyclic elements')
  end do
  call mpi_allreduce(MPI_IN_PLACE, failures, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (iam == 0) print '(a,i0,a)', 'fortran layout: ', failures, ' failures'
  call mpi_finalize(ierr)
  if (failures /= 0) error stop 1

end program test_layout
