# SPDX-License-Identifier: BSD-3-Clause
# mr2d_expand_types(OUT TEMPLATE file ENTRIES "x|T|..." ...): the template
# configured once per entry (fields bound to @X@, @FTYPE@ and @FILL@ in that
# order) and concatenated into OUT. The Fortran module and its tests are
# generated per element type from one template each this way.
function(mr2d_expand_types out)
  cmake_parse_arguments(E "" "TEMPLATE" "ENTRIES" ${ARGN})
  file(READ ${E_TEMPLATE} template)
  set(text "")
  foreach(entry ${E_ENTRIES})
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 X)
    list(GET fields 1 FTYPE)
    list(LENGTH fields count)
    if(count GREATER 2)
      list(GET fields 2 FILL)
    endif()
    string(CONFIGURE "${template}" block @ONLY)
    string(APPEND text "${block}")
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${E_TEMPLATE})
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
