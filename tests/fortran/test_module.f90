! SPDX-License-Identifier: BSD-3-Clause
! A code that says `use mr2d`: typed prefixed routines of all five types
! against ScaLAPACK (full local arrays), a persistent plan with and without
! options, statistics, a bad descriptor (clear message, B untouched), A in
! mr2d_alloc memory made an array with c_f_pointer (node peers read it in
! place), and the library's version against the module's.
! Linked with libmr2d (prefixed names only) and ScaLAPACK.
program test_module
  use mr2d
  use test_grids
  use type_checks
  implicit none
  integer :: iam, nprocs, ctxt_all, ctxt_a, ctxt_b, failures
  call blacs_pinfo(iam, nprocs)
  call blacs_get(-1, 0, ctxt_all)
  call blacs_gridinit(ctxt_all, 'R', 1, nprocs)
  call make_grid(max(1, nprocs / 2), min(2, nprocs), ctxt_a)
  call make_grid(1, nprocs, ctxt_b)
  failures = 0
  call check_s(ctxt_all, ctxt_a, ctxt_b, failures)
  call check_d(ctxt_all, ctxt_a, ctxt_b, failures)
  call check_c(ctxt_all, ctxt_a, ctxt_b, failures)
  call check_z(ctxt_all, ctxt_a, ctxt_b, failures)
  call check_i(ctxt_all, ctxt_a, ctxt_b, failures)
  call check_plan_and_errors()
  call check_shared_memory()
  call check_version()
  call igsum2d(ctxt_all, 'A', ' ', 1, 1, failures, 1, -1, -1)
  if (iam == 0) print '(a,i0,a)', 'fortran module: ', failures, ' failures'
  call blacs_gridexit(ctxt_all)
  call blacs_exit(0)
  if (failures /= 0) error stop 1

contains

  subroutine check_version()
    character(len=32) :: expected
    write (expected, '(i0,a,i0,a,i0)') MR2D_VERSION_MAJOR, '.', MR2D_VERSION_MINOR, '.', MR2D_VERSION_PATCH
    if (mr2d_version() /= trim(expected)) then
      failures = failures + 1
      print '(4a)', 'library version ', mr2d_version(), ', module version ', trim(expected)
    end if
  end subroutine

  ! A plan executed from and into mr2d_alloc memory, against ScaLAPACK; with
  ! more than one process some bytes are read in place.
  subroutine check_shared_memory()
    integer, parameter :: m = 40, n = 33
    integer :: desca(9), descb(9), la_r, la_c, lb_r, lb_c, lda, ldb, status, i, j, r, c, pr, pc, direct
    double precision, allocatable :: b_ref(:,:)
    real(c_double), pointer :: a(:,:), b(:,:)
    type(c_ptr) :: pa, pb, plan
    type(mr2d_stats) :: before, after
    call make_desc(desca, m, n, 4, 3, ctxt_a, la_r, la_c, lda)
    call make_desc(descb, m, n, 5, 2, ctxt_b, lb_r, lb_c, ldb)
    pa = mr2d_alloc(int(lda, c_size_t) * max(1, la_c) * c_sizeof(0.0_c_double))
    pb = mr2d_alloc(int(ldb, c_size_t) * max(1, lb_c) * c_sizeof(0.0_c_double))
    if (.not. c_associated(pa) .or. .not. c_associated(pb)) then
      failures = failures + 1
      print '(a,a)', 'mr2d_alloc failed: ', mr2d_last_error()
      return
    end if
    call c_f_pointer(pa, a, [lda, max(1, la_c)])
    call c_f_pointer(pb, b, [ldb, max(1, lb_c)])
    allocate(b_ref(ldb, max(1, lb_c)))
    a = 0
    if (ctxt_a >= 0) then
      call blacs_gridinfo(ctxt_a, r, c, pr, pc)
      do j = 1, la_c
        do i = 1, la_r
          a(i, j) = fill_d(global_index(i, 4, pr, 0, r), global_index(j, 3, pc, 0, c))
        end do
      end do
    end if
    b_ref = -1
    call pdgemr2d(m, n, a, 1, 1, desca, b_ref, 1, 1, descb, ctxt_all)
    call mr2d_get_stats(before)
    status = mr2d_plan_create_gemr2d(plan, MR2D_D, m, n, 1, 1, desca, 1, 1, descb, ctxt_all)
    b = -1
    if (status == MR2D_SUCCESS) status = mr2d_plan_execute(plan, a, b)
    if (status /= MR2D_SUCCESS .or. any(b /= b_ref)) failures = failures + 1
    call mr2d_plan_destroy(plan)
    call mr2d_get_stats(after)
    direct = 0
    if (after%bytes_direct > before%bytes_direct) direct = 1
    call igsum2d(ctxt_all, 'A', ' ', 1, 1, direct, 1, -1, -1)
    if (nprocs > 1 .and. direct == 0) then
      failures = failures + 1
      if (iam == 0) print '(a)', 'mr2d_alloc: no process read A in place'
    end if
    if (mr2d_free(pa) /= MR2D_SUCCESS .or. mr2d_free(pb) /= MR2D_SUCCESS) failures = failures + 1
  end subroutine

  subroutine check_plan_and_errors()
    integer, parameter :: m = 40, n = 33
    integer :: desca(9), descb(9), la_r, la_c, lb_r, lb_c, lda, ldb, status, i, j, r, c, pr, pc, rep
    double precision, allocatable :: a(:,:), b(:,:), b_ref(:,:)
    type(c_ptr) :: plan
    type(mr2d_plan_info) :: info
    type(mr2d_stats) :: before, after
    type(mr2d_options) :: options
    character(len=:), allocatable :: message
    call make_desc(desca, m, n, 6, 5, ctxt_a, la_r, la_c, lda)
    call make_desc(descb, m, n, 2, 9, ctxt_b, lb_r, lb_c, ldb)
    allocate(a(lda, max(1, la_c)), b(ldb, max(1, lb_c)), b_ref(ldb, max(1, lb_c)))
    a = 0
    if (ctxt_a >= 0) then
      call blacs_gridinfo(ctxt_a, r, c, pr, pc)
      do j = 1, la_c
        do i = 1, la_r
          a(i, j) = fill_d(global_index(i, 6, pr, 0, r), global_index(j, 5, pc, 0, c))
        end do
      end do
    end if
    b_ref = -1
    call pdgemr2d(m, n, a, 1, 1, desca, b_ref, 1, 1, descb, ctxt_all)

    ! Default options, executed twice; then the caterpillar with small chunks.
    call mr2d_reset_stats()
    status = mr2d_plan_create_gemr2d(plan, MR2D_D, m, n, 1, 1, desca, 1, 1, descb, ctxt_all)
    if (status /= MR2D_SUCCESS) failures = failures + 1
    do rep = 1, 2
      b = -1
      status = mr2d_plan_execute(plan, a, b)
      if (status /= MR2D_SUCCESS .or. any(b /= b_ref)) failures = failures + 1
    end do
    status = mr2d_plan_query(plan, info)
    call mr2d_get_stats(after)
    if (status /= MR2D_SUCCESS .or. info%steps < 0 .or. info%steps_lower_bound < 0) failures = failures + 1
    if (after%calls_gemr2d /= 2 .or. after%bytes_sent /= 2 * info%bytes_sent) failures = failures + 1
    call mr2d_plan_destroy(plan)
    if (c_associated(plan)) failures = failures + 1

    options%schedule = MR2D_SCHEDULE_CATERPILLAR
    options%chunk_bytes = 128
    status = mr2d_plan_create_gemr2d(plan, MR2D_D, m, n, 1, 1, desca, 1, 1, descb, ctxt_all, options)
    b = -1
    if (status == MR2D_SUCCESS) status = mr2d_plan_execute(plan, a, b)
    if (status /= MR2D_SUCCESS .or. any(b /= b_ref)) failures = failures + 1
    status = mr2d_plan_query(plan, info)
    if (info%schedule /= MR2D_SCHEDULE_CATERPILLAR .and. info%steps > 0) failures = failures + 1
    if (info%steps > 0 .and. info%steps < info%steps_lower_bound) failures = failures + 1
    call mr2d_plan_destroy(plan)

    ! A zero block size in DESCA: every process gets the error, B stays as it was.
    call mr2d_get_stats(before)
    b = -5
    if (ctxt_a >= 0) desca(5) = 0
    status = mr2d_pdgemr2d(m, n, a, 1, 1, desca, b, 1, 1, descb, ctxt_all)
    message = mr2d_last_error()
    if (status /= MR2D_ERR_ARGUMENT .or. any(b /= -5)) failures = failures + 1
    if (index(message, 'DESCA(MB_)') == 0) then
      failures = failures + 1
      print '(a,a)', 'unexpected message: ', message
    end if
  end subroutine

end program test_module
