# SPDX-License-Identifier: BSD-3-Clause
# Checks that no two files of src/driver/ include each other: a file's header
# and source count as one unit (a.hpp/a.cpp), and a unit that includes
# another's header must not be included by it. Lists every such pair and
# fails if there is one.
#   cmake -DSOURCE_DIR=<repository> -P check_ties.cmake
cmake_minimum_required(VERSION 3.16)

if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
endif()

file(GLOB files "${SOURCE_DIR}/src/driver/*.hpp" "${SOURCE_DIR}/src/driver/*.cpp")
set(edges)
foreach(file IN LISTS files)
  get_filename_component(unit "${file}" NAME_WE)
  file(STRINGS "${file}" lines REGEX "^#include \"driver/[a-z_0-9]+\\.hpp\"")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^#include \"driver/([a-z_0-9]+)\\.hpp\".*$" "\\1" other "${line}")
    if(NOT other STREQUAL unit)
      list(APPEND edges "${unit}>${other}")
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES edges)

set(problems)
foreach(edge IN LISTS edges)
  string(REPLACE ">" ";" ends "${edge}")
  list(GET ends 0 from)
  list(GET ends 1 to)
  if("${to}>${from}" IN_LIST edges AND from STRLESS to)
    list(APPEND problems "driver/${from} and driver/${to} include each other")
  endif()
endforeach()

if(problems)
  list(LENGTH problems count)
  list(JOIN problems "\n  " listed)
  message(FATAL_ERROR "${count} two-way tie(s) inside src/driver/:\n  ${listed}\n")
endif()
list(LENGTH edges count)
message(STATUS "src/driver/: ${count} includes between units, none both ways")
