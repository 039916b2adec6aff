# SPDX-License-Identifier: BSD-3-Clause
# ScaLAPACK and BLACS (docs/building.md). Sets
#   MR2D_SCALAPACK_LIBRARIES  the reference ScaLAPACK that tests, examples and
#                             benchmarks link after mr2d
#   MR2D_BLACS_LIBRARIES      what libmr2d and libmr2d_scalapack link for BLACS
#   MR2D_BLACS_UNDEFINED      ON when they link none (ILP64 without a given
#                             ScaLAPACK: the application's ScaLAPACK provides BLACS)
#   MR2D_PACKAGE_LIBRARIES, MR2D_PC_REQUIRES_PRIVATE, MR2D_PC_LIBS_PRIVATE
#                             the same dependency for mr2dConfig.cmake and mr2d.pc
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/mr2d_find_library.cmake)

option(MR2D_SCALAPACK_IMPLICIT
  "The compiler links ScaLAPACK, BLACS, LAPACK and BLAS by itself (Cray LibSci): search none" OFF)
set(BLACS_LIBRARIES "" CACHE STRING "BLACS for libmr2d*, when not the one of ScaLAPACK (libraries or flags)")

if(MR2D_ILP64 AND NOT SCALAPACK_LIBRARIES AND NOT MR2D_SCALAPACK_IMPLICIT)
  # Every ScaLAPACK a search finds here has 32-bit integers: an ILP64 one is
  # only ever given.
  foreach(var FOUND LIBRARIES INCLUDE_DIRS PKG)
    set(MR2D_SCALAPACK_${var} "" CACHE INTERNAL "")
  endforeach()
  set(MR2D_SCALAPACK_HOW "" CACHE INTERNAL "")
else()
  # Fedora puts each MPI flavour's ScaLAPACK beside that MPI's libraries.
  set(mpi_dirs)
  foreach(lib IN LISTS MPI_C_LIBRARIES)
    get_filename_component(dir "${lib}" DIRECTORY)
    list(APPEND mpi_dirs ${dir})
  endforeach()
  set(implicit)
  if(MR2D_SCALAPACK_IMPLICIT)
    set(implicit IMPLICIT)
  endif()
  mr2d_find_library(SCALAPACK TITLE "ScaLAPACK" ${implicit}
    PKG ${MR2D_SCALAPACK_NAME} scalapack NAMES ${MR2D_SCALAPACK_NAME} scalapack HINTS ${mpi_dirs})
endif()

set(MR2D_BLACS_UNDEFINED OFF)
if(BLACS_LIBRARIES)
  set(MR2D_BLACS_LIBRARIES ${BLACS_LIBRARIES})
  message(STATUS "mr2d: BLACS from explicit BLACS_LIBRARIES: ${BLACS_LIBRARIES}")
elseif(MR2D_SCALAPACK_FOUND OR MR2D_SCALAPACK_IMPLICIT)
  set(MR2D_BLACS_LIBRARIES ${MR2D_SCALAPACK_LIBRARIES})
else()
  set(MR2D_BLACS_LIBRARIES)
  set(MR2D_BLACS_UNDEFINED ON)
  message(STATUS "mr2d: ILP64 without SCALAPACK_LIBRARIES: the libraries leave BLACS to the "
                 "application's ScaLAPACK; the tests use a self-test BLACS (tests/ilp64/blacs64)")
endif()

# The installed package asks for the same libraries: pkg-config by module
# name, CMake by the (portable) list.
set(MR2D_PACKAGE_LIBRARIES ${MR2D_SCALAPACK_LIBRARIES})
if(BLACS_LIBRARIES)
  list(APPEND MR2D_PACKAGE_LIBRARIES ${BLACS_LIBRARIES})
endif()
mr2d_portable_libraries(MR2D_PACKAGE_LIBRARIES ${MR2D_PACKAGE_LIBRARIES})
set(MR2D_PC_REQUIRES_PRIVATE "")
set(pc_libs ${MR2D_PACKAGE_LIBRARIES})
if(MR2D_SCALAPACK_PKG)
  set(MR2D_PC_REQUIRES_PRIVATE "Requires.private: ${MR2D_SCALAPACK_PKG}")
  set(pc_libs ${BLACS_LIBRARIES})
  mr2d_portable_libraries(pc_libs ${pc_libs})
endif()
set(MR2D_PC_LIBS_PRIVATE "")
if(pc_libs)
  # pkg-config speaks linker flags: bare names become -l<name>.
  list(TRANSFORM pc_libs REPLACE "^([^-/].*)$" "-l\\1")
  list(JOIN pc_libs " " pc_libs)
  set(MR2D_PC_LIBS_PRIVATE "Libs.private: ${pc_libs}")
endif()
