# SPDX-License-Identifier: BSD-3-Clause
# Markdown helpers shared by the documentation check (tests/structure/check_docs.cmake)
# and Doxygen's filter of the pages (doxygen_filter.cmake). Lines are CMake
# list items with ';', '[', ']' and '\' (which lists would split, group or
# escape on) written as @S@, @L@, @R@ and @B@.

# The lines of a file, `;`-separated, ';', '[', ']' and '\' escaped as above.
function(markdown_lines file out)
  file(READ "${file}" text)
  string(REPLACE "\\" "@B@" text "${text}")
  string(REPLACE ";" "@S@" text "${text}")
  string(REPLACE "[" "@L@" text "${text}")
  string(REPLACE "]" "@R@" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# Fenced code blocks, line by line: the variable named by `fenced` (FALSE
# before the first line) says whether a block is open; `code` is set to TRUE
# for a fence or a line inside a block, FALSE for prose.
function(markdown_fence line fenced code)
  # The parameters name the caller's variables; their values are read through them.
  set(open "${${fenced}}")
  if(line MATCHES "^ *```")
    if(open)
      set(${fenced} FALSE PARENT_SCOPE)
    else()
      set(${fenced} TRUE PARENT_SCOPE)
    endif()
    set(${code} TRUE PARENT_SCOPE)
  else()
    set(${code} ${open} PARENT_SCOPE)
  endif()
endfunction()

# The same lines outside fenced code blocks.
function(prose_lines file out)
  markdown_lines("${file}" lines)
  set(kept)
  set(in_block FALSE)
  foreach(line IN LISTS lines)
    markdown_fence("${line}" in_block code)
    if(NOT code)
      list(APPEND kept "${line}")
    endif()
  endforeach()
  set(${out} "${kept}" PARENT_SCOPE)
endfunction()

function(restore text out)
  string(REPLACE "@S@" ";" text "${text}")
  string(REPLACE "@L@" "[" text "${text}")
  string(REPLACE "@R@" "]" text "${text}")
  string(REPLACE "@B@" "\\" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# GitHub's anchor of a heading's title (escaped as above): a link shows its
# text, closing hashes and an explicit {#label} are not shown; lower case,
# punctuation dropped, spaces to hyphens. `taken` (a list variable) holds the
# anchors of the headings before it: repeats get -1, -2, ...
function(github_anchor title taken out)
  string(REGEX REPLACE "@L@([^@]*)@R@\\([^)]*\\)" "\\1" title "${title}")
  string(REGEX REPLACE " *\\{#[^}]*\\} *$" "" title "${title}")
  string(REGEX REPLACE " +#+ *$" "" title "${title}")
  string(TOLOWER "${title}" title)
  string(REGEX REPLACE "@[slrb]@" "" title "${title}")
  string(REGEX REPLACE "[^a-z0-9 _-]" "" title "${title}")
  string(REPLACE " " "-" anchor "${title}")
  set(candidate "${anchor}")
  set(k 0)
  while(candidate IN_LIST ${taken})
    math(EXPR k "${k} + 1")
    set(candidate "${anchor}-${k}")
  endwhile()
  set(${out} "${candidate}" PARENT_SCOPE)
endfunction()

# The anchors GitHub gives the headings of a Markdown file.
function(heading_anchors file out)
  prose_lines("${file}" lines)
  set(anchors)
  foreach(line IN LISTS lines)
    if(line MATCHES "^#+ +(.*)$")
      github_anchor("${CMAKE_MATCH_1}" anchors anchor)
      list(APPEND anchors "${anchor}")
    endif()
  endforeach()
  set(${out} "${anchors}" PARENT_SCOPE)
endfunction()
