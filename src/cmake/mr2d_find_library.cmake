# SPDX-License-Identifier: BSD-3-Clause
# mr2d_find_library(<ID> TITLE <text> [PKG <pkg-config names>...] [NAMES <library names>...]
#                   [HINTS <folders>...] [HEADER <file>] [IMPLICIT] [OPTIONAL])
# Resolves one external library (docs/building.md), the first way that applies:
#   explicit  <ID>_LIBRARIES is set (libraries, paths or linker flags): used as
#             given, nothing is searched; headers from <ID>_INCLUDE_DIRS.
#   compiler  IMPLICIT: the compiler wrapper links it by itself (Cray LibSci).
#   pkg-config  the first module of PKG that exists.
#   search    find_library over NAMES (HINTS first), find_path for HEADER.
# Results, as INTERNAL cache entries so that every folder and the scripts that
# read CMakeCache.txt see them: MR2D_<ID>_FOUND, MR2D_<ID>_LIBRARIES,
# MR2D_<ID>_INCLUDE_DIRS, MR2D_<ID>_PKG (the pkg-config module, if found that
# way) and MR2D_<ID>_HOW. One status line says what was found and how.
include_guard(GLOBAL)

# MPI reaches every target through find_package(MPI); the copy that a
# ScaLAPACK .pc file requires may be another MPI altogether (Debian's
# scalapack-mpich.pc requires mpi.pc, which is Open MPI's).
function(mr2d_drop_mpi_libraries out)
  set(kept)
  foreach(item IN LISTS ARGN)
    get_filename_component(name "${item}" NAME)
    if(NOT name MATCHES "^lib(p?mpi|open-rte|open-pal)[^/]*$")
      list(APPEND kept "${item}")
    endif()
  endforeach()
  set(${out} "${kept}" PARENT_SCOPE)
endfunction()

function(mr2d_find_library id)
  cmake_parse_arguments(F "IMPLICIT;OPTIONAL" "TITLE;HEADER" "PKG;NAMES;HINTS" ${ARGN})
  set(${id}_LIBRARIES "" CACHE STRING "${F_TITLE} to link (libraries, paths or flags); empty: search")
  if(F_HEADER)
    set(${id}_INCLUDE_DIRS "" CACHE STRING "Folders of ${F_HEADER} for ${id}_LIBRARIES; empty: search")
  endif()
  set(libs)
  set(includes ${${id}_INCLUDE_DIRS})
  set(pkg)
  set(found TRUE)

  if(${id}_LIBRARIES)
    set(libs ${${id}_LIBRARIES})
    set(how "explicit ${id}_LIBRARIES")
  elseif(F_IMPLICIT)
    set(how "the compiler (MR2D_SCALAPACK_IMPLICIT)")
  else()
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND AND F_PKG)
      pkg_search_module(MR2D_PC_${id} QUIET ${F_PKG})
    endif()
    if(MR2D_PC_${id}_FOUND)
      set(pkg ${MR2D_PC_${id}_MODULE_NAME})
      mr2d_drop_mpi_libraries(libs ${MR2D_PC_${id}_LINK_LIBRARIES} ${MR2D_PC_${id}_LDFLAGS_OTHER})
      if(NOT includes)
        set(includes ${MR2D_PC_${id}_INCLUDE_DIRS})
      endif()
      set(how "pkg-config ${pkg}")
    else()
      find_library(MR2D_SEARCH_${id} NAMES ${F_NAMES} HINTS ${F_HINTS})
      mark_as_advanced(MR2D_SEARCH_${id})
      if(MR2D_SEARCH_${id})
        set(libs ${MR2D_SEARCH_${id}})
        set(how "search")
      else()
        set(found FALSE)
      endif()
    endif()
  endif()

  # The header may sit beside the folders a .pc file names (Debian's
  # lapacke.pc points at /usr/include/<arch>, lapacke.h is in /usr/include).
  if(found AND F_HEADER AND NOT ${id}_INCLUDE_DIRS AND NOT F_IMPLICIT)
    find_path(MR2D_SEARCH_${id}_INCLUDE ${F_HEADER} HINTS ${includes})
    mark_as_advanced(MR2D_SEARCH_${id}_INCLUDE)
    if(MR2D_SEARCH_${id}_INCLUDE)
      list(APPEND includes ${MR2D_SEARCH_${id}_INCLUDE})
      list(REMOVE_DUPLICATES includes)
    else()
      set(found FALSE)
    endif()
  endif()

  list(JOIN F_PKG ", " tried_pkg)
  list(JOIN F_NAMES ", " tried_names)
  set(tried "pkg-config modules ${tried_pkg}; libraries ${tried_names}")
  set(give "-D${id}_LIBRARIES=...")
  if(F_HEADER)
    string(APPEND tried "; header ${F_HEADER}")
    string(APPEND give " and -D${id}_INCLUDE_DIRS=...")
  endif()
  if(found AND libs)
    message(STATUS "mr2d: ${F_TITLE} from ${how}: ${libs}")
  elseif(found)
    message(STATUS "mr2d: ${F_TITLE} from ${how}")
  elseif(F_OPTIONAL)
    message(STATUS "mr2d: ${F_TITLE} not found (${tried})")
  else()
    message(FATAL_ERROR "mr2d: ${F_TITLE} not found (${tried}). Give ${give}; see docs/building.md")
  endif()
  set(MR2D_${id}_FOUND ${found} CACHE INTERNAL "")
  set(MR2D_${id}_LIBRARIES "${libs}" CACHE INTERNAL "")
  set(MR2D_${id}_INCLUDE_DIRS "${includes}" CACHE INTERNAL "")
  set(MR2D_${id}_PKG "${pkg}" CACHE INTERNAL "")
  set(MR2D_${id}_HOW "${how}" CACHE INTERNAL "")
endfunction()

# mr2d_portable_libraries(<out> <libraries>...): the list for an installed
# package file. A library in one of the linker's default folders becomes its
# bare name, so that no system path of the build machine is written down.
function(mr2d_portable_libraries out)
  set(result)
  foreach(item IN LISTS ARGN)
    get_filename_component(dir "${item}" DIRECTORY)
    get_filename_component(name "${item}" NAME)
    if(IS_ABSOLUTE "${item}" AND dir IN_LIST CMAKE_C_IMPLICIT_LINK_DIRECTORIES
       AND name MATCHES "^lib(.+)[.](so|a)$")
      list(APPEND result ${CMAKE_MATCH_1})
    else()
      list(APPEND result "${item}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()
