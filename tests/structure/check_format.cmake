# SPDX-License-Identifier: BSD-3-Clause
# The C and C++ files of src/ and include/ against the root .clang-format:
#   cmake -DSOURCE_DIR=<repository> -DCLANG_FORMAT=<program> [-DFIX=ON] -P check_format.cmake
# Without FIX, lists every file clang-format would change and fails if there is
# one; with FIX, rewrites them in place. A missing clang-format fails: a check
# that cannot run must not pass.
cmake_minimum_required(VERSION 3.16)

if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
endif()
if(NOT CLANG_FORMAT OR NOT EXISTS "${CLANG_FORMAT}")
  message(FATAL_ERROR "clang-format not found ('${CLANG_FORMAT}'): install it (Debian: apt-get install "
                      "clang-format, as .ci/deps.sh does) and configure again")
endif()

set(files)
foreach(dir src include)
  file(GLOB_RECURSE found "${SOURCE_DIR}/${dir}/*.c" "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp"
       "${SOURCE_DIR}/${dir}/*.hpp")
  list(APPEND files ${found})
endforeach()
list(SORT files)
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "no C or C++ file found under ${SOURCE_DIR}/src or include")
endif()

if(FIX)
  execute_process(COMMAND "${CLANG_FORMAT}" -i ${files} WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "clang-format -i failed (${rc})")
  endif()
  message(STATUS "formatted ${count} files of src/ and include/")
  return()
endif()

# One clang-format over every file; the report names each file that differs
# and counts its places.
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${files} WORKING_DIRECTORY "${SOURCE_DIR}"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE errors)
string(REGEX MATCHALL "(^|\n)[^\n:]+:[0-9]+:[0-9]+: error:" places "${errors}")
set(unformatted)
set(names)
foreach(place IN LISTS places)
  string(REGEX REPLACE "^\n?([^\n:]+):[0-9]+:[0-9]+: error:$" "\\1" file "${place}")
  file(RELATIVE_PATH name "${SOURCE_DIR}" "${file}")
  list(APPEND names "${name}")
endforeach()
set(distinct ${names})
list(REMOVE_DUPLICATES distinct)
foreach(name IN LISTS distinct)
  set(n 0)
  foreach(other IN LISTS names)
    if(other STREQUAL name)
      math(EXPR n "${n} + 1")
    endif()
  endforeach()
  list(APPEND unformatted "${name} (${n} places)")
endforeach()
if(NOT rc EQUAL 0 AND NOT unformatted)
  message(FATAL_ERROR "clang-format failed (${rc}) without naming a file:\n${errors}")
endif()
if(unformatted)
  list(JOIN unformatted "\n  " listed)
  message(FATAL_ERROR "not formatted as .clang-format says (`cmake --build <build> --target format` "
                      "applies it):\n  ${listed}")
endif()
message(STATUS "format check: all ${count} files of src/ and include/ formatted")
