! SPDX-License-Identifier: BSD-3-Clause
! N-dimensional arrays through the `mr2d` module, without BLACS: a 3D Fortran
! array a(4, 6, 5), its second dimension split in blocks over the ranks of
! MPI_COMM_WORLD, becomes b(6, 5, 4) (perm = [2, 0, 1]: a's dimension 1 is
! b's 3, 2 is 1, 3 is 2), b's first dimension cyclic in blocks of 2 over the
! ranks and padded by one row: a direct copy, then a plan executed as a
! transform (b := 2 a + b). Every element of b, padding included, is checked
! against the value of its preimage in a. Then a perm that is not a
! permutation must fail with b untouched.
program test_nd
  use mpi
  use mr2d
  use test_expect
  implicit none
  integer, parameter :: n1 = 4, n2 = 6, n3 = 5
  integer :: iam, nprocs, ierr, i, j, k, g1, total
  integer(mr2d_ik), target :: sizes_a(3), sizes_b(3), blocks_a(3), blocks_b(3), lead_b(3)
  integer(mr2d_ik) :: ca(3), cb(3)
  integer(c_int), target :: grid_a(3), grid_b(3)
  integer(c_int) :: perm(3), bad_perm(3), status
  integer(c_long_long) :: elements
  type(mr2d_nd_array) :: da, db
  real(c_double), allocatable :: a(:, :, :), b(:, :, :), want(:, :, :), before(:, :, :)
  real(c_double), target :: two = 2, one = 1
  type(c_ptr) :: plan
  call mpi_init(ierr)
  call mpi_comm_rank(MPI_COMM_WORLD, iam, ierr)
  call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)

  sizes_a = [n1, n2, n3]
  blocks_a = [MR2D_ND_COLLAPSED, MR2D_ND_BLOCK, MR2D_ND_COLLAPSED]
  grid_a = [1, nprocs, 1]
  da = mr2d_nd_array(3, c_loc(sizes_a), c_loc(blocks_a), c_loc(grid_a), MR2D_ND_ORDER_C, c_null_ptr, &
       c_null_ptr, MR2D_ND_ORDER_FORTRAN, c_null_ptr, c_null_ptr, c_null_ptr)
  perm = [2, 0, 1]
  sizes_b = [n2, n3, n1]
  blocks_b = [2_mr2d_ik, int(MR2D_ND_COLLAPSED, mr2d_ik), int(MR2D_ND_COLLAPSED, mr2d_ik)]
  grid_b = [nprocs, 1, 1]
  db%ndims = 3
  db%sizes = c_loc(sizes_b)
  db%blocks = c_loc(blocks_b)
  db%grid = c_loc(grid_b)

  status = mr2d_nd_local_shape(da, iam, ca, elements)
  call expect(status == MR2D_SUCCESS .and. elements == ca(1) * ca(2) * ca(3), 'local shape of a')
  status = mr2d_nd_local_shape(db, iam, cb, elements)
  call expect(status == MR2D_SUCCESS, 'local shape of b')
  lead_b = [cb(1) + 1, cb(2), cb(3)]
  db%leading = c_loc(lead_b)

  ! a(i, j, k) holds the value of global index (i, j0 + j, k), j0 the first of this rank's block.
  allocate(a(ca(1), ca(2), ca(3)), b(lead_b(1), cb(2), cb(3)), want(lead_b(1), cb(2), cb(3)))
  do k = 1, int(ca(3))
    do j = 1, int(ca(2))
      do i = 1, int(ca(1))
        a(i, j, k) = value(i, iam * ((n2 + nprocs - 1) / nprocs) + j, k)
      end do
    end do
  end do
  ! b(i, j, k) is global (g1, j, k), g1 = the i-th index of b's first dimension on this rank;
  ! its preimage is a(k, g1, j). Row lead_b(1) is padding.
  b = -1
  want = -1
  do k = 1, int(cb(3))
    do j = 1, int(cb(2))
      do i = 1, int(cb(1))
        g1 = ((i - 1) / 2) * 2 * nprocs + iam * 2 + mod(i - 1, 2) + 1
        want(i, j, k) = value(k, g1, j)
      end do
    end do
  end do

  status = mr2d_comm_nd_transform(MPI_COMM_WORLD, MR2D_D, perm, a=a, da=da, b=b, db=db)
  call expect(status == MR2D_SUCCESS, 'copy: ' // mr2d_last_error())
  call expect(all(b == want), 'copy: b holds the permuted a, padding untouched')

  status = mr2d_plan_create_comm_nd(plan, MPI_COMM_WORLD, MR2D_D, perm, da, db)
  call expect(status == MR2D_SUCCESS, 'plan: ' // mr2d_last_error())
  status = mr2d_plan_execute_transform(plan, two, a, one, b)
  call expect(status == MR2D_SUCCESS, 'plan execution: ' // mr2d_last_error())
  where (want /= -1) want = 3 * want
  call expect(all(b == want), 'plan: b = 2 a + b')
  call mr2d_plan_destroy(plan)

  ! Not a permutation: refused on every process, b untouched.
  bad_perm = [0, 0, 1]
  before = b
  status = mr2d_comm_nd_transform(MPI_COMM_WORLD, MR2D_D, bad_perm, a=a, da=da, b=b, db=db)
  call expect(status == MR2D_ERR_ARGUMENT, 'bad perm refused')
  call expect(index(mr2d_last_error(), 'perm[1] = 0') > 0, 'bad perm named: ' // mr2d_last_error())
  call expect(all(b == before), 'bad perm: b untouched')

  call mpi_allreduce(failures, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (iam == 0) print '(a, i0, a)', 'nd Fortran test: ', total, ' failures'
  call mpi_finalize(ierr)
  if (total /= 0) error stop 1

contains

  !> The value of global index (i, j, k) of a (1-based).
  real(c_double) function value(i, j, k)
    integer, intent(in) :: i, j, k
    value = i + 10 * j + 100 * k
  end function

end program test_nd
