# SPDX-License-Identifier: BSD-3-Clause
# Checks that the documentation stays the one home of its facts:
#   cmake -DSOURCE_DIR=<repository> -DCHECK=links -P check_docs.cmake
#     every relative link and image of README.md, docs/*.md and the benchmark's
#     pages (bench/README.md, bench/results/HISTORY.md, bench/scale/README.md) names an existing
#     file, and every #anchor a heading of the target (GitHub's anchor rules:
#     lower case, punctuation dropped, spaces to hyphens, -1, -2, ... for repeats);
#   cmake -DSOURCE_DIR=<repository> -DCHECK=env -P check_docs.cmake
#     every MR2D_* variable that src/ reads (getenv("MR2D_..."), or a "MR2D_...",
#     EnvKind:: entry of the settings table) has a row in the
#     table of docs/options.md.
# Lists every problem and fails if there is one.
cmake_minimum_required(VERSION 3.16)

if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
endif()

include("${SOURCE_DIR}/docs/markdown.cmake")

set(problems)

if(CHECK STREQUAL "links")
  file(GLOB docs "${SOURCE_DIR}/docs/*.md")
  set(bench_docs "${SOURCE_DIR}/bench/README.md" "${SOURCE_DIR}/bench/results/HISTORY.md"
      "${SOURCE_DIR}/bench/scale/README.md")
  foreach(doc "${SOURCE_DIR}/README.md" ${docs} ${bench_docs})
    file(RELATIVE_PATH doc_name "${SOURCE_DIR}" "${doc}")
    get_filename_component(doc_dir "${doc}" DIRECTORY)
    prose_lines("${doc}" lines)
    foreach(line IN LISTS lines)
      # Inline code may show link syntax without being a link.
      string(REGEX REPLACE "`[^`]*`" "" line "${line}")
      string(REGEX MATCHALL "@R@\\([^) ]+[) ]" links "${line}")
      foreach(link IN LISTS links)
        string(REGEX REPLACE "^@R@\\(([^) ]+)[) ]$" "\\1" target "${link}")
        restore("${target}" target)
        if(target MATCHES "^[a-z]+:" OR target MATCHES "^//")
          continue()  # a URL
        endif()
        string(FIND "${target}" "#" hash)
        if(hash EQUAL -1)
          set(path "${target}")
          set(anchor "")
        else()
          string(SUBSTRING "${target}" 0 ${hash} path)
          math(EXPR after "${hash} + 1")
          string(SUBSTRING "${target}" ${after} -1 anchor)
        endif()
        if(path STREQUAL "")
          set(file "${doc}")
        else()
          get_filename_component(file "${doc_dir}/${path}" ABSOLUTE)
        endif()
        if(NOT EXISTS "${file}")
          list(APPEND problems "${doc_name}: link to ${target}: no such file")
        elseif(NOT anchor STREQUAL "")
          if(NOT file MATCHES "\\.md$")
            list(APPEND problems "${doc_name}: link to ${target}: an anchor into a file that is not Markdown")
          else()
            heading_anchors("${file}" anchors)
            if(NOT anchor IN_LIST anchors)
              list(APPEND problems "${doc_name}: link to ${target}: no heading with anchor '${anchor}'")
            endif()
          endif()
        endif()
      endforeach()
    endforeach()
  endforeach()
elseif(CHECK STREQUAL "env")
  set(table_file "${SOURCE_DIR}/docs/options.md")
  file(STRINGS "${table_file}" rows REGEX "^\\| `MR2D_[A-Z0-9_]+` \\|")
  set(documented)
  foreach(row IN LISTS rows)
    string(REGEX REPLACE "^\\| `(MR2D_[A-Z0-9_]+)` \\|.*$" "\\1" name "${row}")
    list(APPEND documented "${name}")
  endforeach()
  if(NOT documented)
    list(APPEND problems "docs/options.md: no table rows of MR2D_* variables found")
  endif()
  file(GLOB_RECURSE sources "${SOURCE_DIR}/src/*.cpp" "${SOURCE_DIR}/src/*.hpp"
       "${SOURCE_DIR}/src/*.c" "${SOURCE_DIR}/src/*.h")
  foreach(source IN LISTS sources)
    file(READ "${source}" text)
    # Settings are read through the table of common/env.hpp.
    string(REGEX MATCHALL "getenv\\( *\"MR2D_[A-Z0-9_]+\"|\"MR2D_[A-Z0-9_]+\", EnvKind::" reads "${text}")
    foreach(read IN LISTS reads)
      string(REGEX REPLACE "^[^\"]*\"(MR2D_[A-Z0-9_]+)\".*$" "\\1" name "${read}")
      if(NOT name IN_LIST documented)
        file(RELATIVE_PATH source_name "${SOURCE_DIR}" "${source}")
        list(APPEND problems "${source_name} reads ${name}, which has no row in docs/options.md")
      endif()
    endforeach()
  endforeach()
else()
  message(FATAL_ERROR "CHECK must be links or env, not '${CHECK}'")
endif()

if(problems)
  list(JOIN problems "\n  " listed)
  message(FATAL_ERROR "documentation check '${CHECK}' failed:\n  ${listed}")
endif()
message(STATUS "documentation check '${CHECK}': no problem found")
