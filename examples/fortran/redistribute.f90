! SPDX-License-Identifier: BSD-3-Clause
! A Fortran program on mr2d: an 8 x 6 matrix moves from a 2 x 2 grid with
! 3 x 3 blocks to a 1 x P grid with 2 x 1 blocks by PDGEMR2D, then its lower
! trapezoid goes back by PDTRMR2D into a zeroed copy; both results are
! checked everywhere and gathered onto process 0 to be printed. `use mr2d`
! gives the compiler the argument lists of every call.
program redistribute
  use mr2d
  implicit none
  integer, parameter :: m = 8, n = 6
  integer :: iam, nprocs, ctxt_all, ctxt_a, ctxt_b, ctxt_0, wrong
  integer :: desca(9), descb(9), desc0(9)
  double precision, allocatable :: a(:,:), a2(:,:), b(:,:), whole(:,:)

  call check_arguments()
  call blacs_pinfo(iam, nprocs)
  call blacs_get(-1, 0, ctxt_all)
  call blacs_gridinit(ctxt_all, 'R', 1, nprocs)
  call grid(min(2, nprocs), merge(2, 1, nprocs >= 4), ctxt_a)
  call grid(1, nprocs, ctxt_b)
  call grid(1, 1, ctxt_0)

  call setup(ctxt_a, 3, 3, desca, a)
  call setup(ctxt_a, 3, 3, desca, a2)
  call setup(ctxt_b, 2, 1, descb, b)
  call setup(ctxt_0, m, n, desc0, whole)
  call fill(ctxt_a, desca, a)

  call pdgemr2d(m, n, a, 1, 1, desca, b, 1, 1, descb, ctxt_all)
  wrong = check(ctxt_b, descb, b, .false.)
  call pdgemr2d(m, n, b, 1, 1, descb, whole, 1, 1, desc0, ctxt_all)
  if (iam == 0) call show('B on the 1 x P grid (A(i,j) = 10 i + j):', whole)

  a2 = 0
  call pdtrmr2d('L', 'N', m, n, b, 1, 1, descb, a2, 1, 1, desca, ctxt_all)
  wrong = wrong + check(ctxt_a, desca, a2, .true.)
  call pdgemr2d(m, n, a2, 1, 1, desca, whole, 1, 1, desc0, ctxt_all)
  if (iam == 0) call show('lower trapezoid copied back by PDTRMR2D:', whole)

  call igsum2d(ctxt_all, 'A', ' ', 1, 1, wrong, 1, -1, -1)
  if (iam == 0) print '(a,i0,a)', 'checked on every process: ', wrong, ' wrong elements'
  call blacs_exit(0)
  if (wrong /= 0) error stop 1

contains

  ! nprow x npcol grid over the first processes; -1 on the others.
  subroutine grid(nprow, npcol, ctxt)
    integer, intent(in) :: nprow, npcol
    integer, intent(out) :: ctxt
    integer :: r, c, pr, pc
    call blacs_get(-1, 0, ctxt)
    call blacs_gridinit(ctxt, 'R', nprow, npcol)
    call blacs_gridinfo(ctxt, r, c, pr, pc)
    if (pr < 0) ctxt = -1
  end subroutine

  ! Descriptor and zeroed local array of the m x n matrix on ctxt; a process
  ! outside the grid passes CTXT = -1 and a dummy array.
  subroutine setup(ctxt, mb, nb, desc, x)
    integer, intent(in) :: ctxt, mb, nb
    integer, intent(out) :: desc(9)
    double precision, allocatable, intent(out) :: x(:,:)
    integer :: r, c, pr, pc, lr, lc, info
    integer, external :: numroc
    desc = 0
    desc(2) = -1
    if (ctxt < 0) then
      allocate(x(1, 1))
      x = 0
      return
    end if
    call blacs_gridinfo(ctxt, r, c, pr, pc)
    lr = numroc(m, mb, pr, 0, r)
    lc = numroc(n, nb, pc, 0, c)
    call descinit(desc, m, n, mb, nb, 0, 0, ctxt, max(1, lr), info)
    allocate(x(max(1, lr), max(1, lc)))
    x = 0
  end subroutine

  ! Global (row, column) of local (i, j).
  subroutine global_of(desc, i, j, gi, gj)
    integer, intent(in) :: desc(9), i, j
    integer, intent(out) :: gi, gj
    integer :: r, c, pr, pc
    call blacs_gridinfo(desc(2), r, c, pr, pc)
    gi = ((i - 1) / desc(5) * r + pr) * desc(5) + mod(i - 1, desc(5)) + 1
    gj = ((j - 1) / desc(6) * c + pc) * desc(6) + mod(j - 1, desc(6)) + 1
  end subroutine

  subroutine fill(ctxt, desc, x)
    integer, intent(in) :: ctxt, desc(9)
    double precision, intent(inout) :: x(:,:)
    integer :: i, j, gi, gj
    if (ctxt < 0) return
    do j = 1, size(x, 2)
      do i = 1, size(x, 1)
        call global_of(desc, i, j, gi, gj)
        if (gi <= m .and. gj <= n) x(i, j) = 10 * gi + gj
      end do
    end do
  end subroutine

  ! Wrong elements of x: every stored element must hold 10 i + j (or 0 above
  ! the diagonal when only the lower trapezoid was copied).
  integer function check(ctxt, desc, x, lower)
    integer, intent(in) :: ctxt, desc(9)
    double precision, intent(in) :: x(:,:)
    logical, intent(in) :: lower
    integer :: i, j, gi, gj
    double precision :: want
    check = 0
    if (ctxt < 0) return
    do j = 1, size(x, 2)
      do i = 1, size(x, 1)
        call global_of(desc, i, j, gi, gj)
        if (gi > m .or. gj > n) cycle
        want = 10 * gi + gj
        if (lower .and. gi < gj) want = 0
        if (x(i, j) /= want) check = check + 1
      end do
    end do
  end function

  subroutine show(title, x)
    character(len=*), intent(in) :: title
    double precision, intent(in) :: x(:,:)
    integer :: i
    print '(a)', title
    do i = 1, m
      print '(6f6.0)', x(i, 1:n)
    end do
  end subroutine

  ! --help prints the usage (exit 0); the program takes no other argument (exit 2).
  subroutine check_arguments()
    use, intrinsic :: iso_fortran_env, only: error_unit
    character(len=256) :: arg
    character(len=*), parameter :: usage = &
      'usage: mr2d_fortran_example' // new_line('a') // &
      '  moves an 8 x 6 matrix from a 2 x 2 grid to a 1 x P grid by PDGEMR2D and its' // &
      new_line('a') // '  lower trapezoid back by PDTRMR2D through the mr2d module, checks and' // &
      new_line('a') // '  prints both. Runs on 4 processes: mpirun -np 4 mr2d_fortran_example.' // &
      new_line('a') // '  Guide: docs/api.md'
    if (command_argument_count() == 0) return
    call get_command_argument(1, arg)
    if (arg == '--help' .or. arg == '-h') then
      write (*, '(a)') usage
      stop
    end if
    write (error_unit, '(a)') 'mr2d_fortran_example: unexpected argument ''' // trim(arg) // ''''
    write (error_unit, '(a)') usage
    stop 2
  end subroutine
end program redistribute
