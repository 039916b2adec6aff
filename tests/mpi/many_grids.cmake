# SPDX-License-Identifier: BSD-3-Clause
# Runs test_many_grids with ScaLAPACK's routine and with mr2d and passes when
# mr2d kept at least as many union contexts alive (each run stops at MAX or
# where MPI ran out of communicators and aborted).
#   cmake -DMPIEXEC=... -DPROGRAM=... -DRANKS=n -DMAX=k [-DFLAGS=...] -P many_grids.cmake
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
foreach(mode scalapack mr2d)
  execute_process(COMMAND ${MPIEXEC} -n ${RANKS} ${flags} ${PROGRAM} ${mode} ${MAX}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REGEX MATCHALL "alive [0-9]+" lines "${out}")
  set(count 0)
  if(lines)
    list(GET lines -1 last)
    string(REGEX REPLACE "alive " "" count "${last}")
  endif()
  if(out MATCHES "wrong results")
    message(FATAL_ERROR "${mode}: wrong results\n${out}")
  endif()
  message(STATUS "${mode}: ${count} union contexts alive (exit ${rc})")
  set(${mode}_count ${count})
endforeach()
# A run that ran out of communicators was aborted before mr2d could remove its
# shared segments: remove those of processes that no longer exist (after a
# moment for the aborted processes to be gone).
execute_process(COMMAND sleep 2)
file(GLOB leftovers /dev/shm/mr2d-*)
foreach(f ${leftovers})
  get_filename_component(name ${f} NAME)
  string(REGEX MATCH "^mr2d-([0-9]+)-" _ ${name})
  execute_process(COMMAND kill -0 ${CMAKE_MATCH_1} RESULT_VARIABLE alive OUTPUT_QUIET ERROR_QUIET)
  if(NOT alive EQUAL 0)
    file(REMOVE ${f})
  endif()
endforeach()
if(mr2d_count LESS scalapack_count)
  message(FATAL_ERROR "mr2d ran out of communicators at ${mr2d_count} contexts, ScaLAPACK at ${scalapack_count}")
endif()
message(STATUS "many grids: passed")
