# SPDX-License-Identifier: BSD-3-Clause
# Runs PROGRAM on RANKS processes with MR2D_STATS=1, the last of them calling
# no redistribution, and checks that every process printed exactly one
# statistics line: the last with 0 calls, the others with some.
#   cmake -DMPIEXEC=... -DRANKS=n -DPROGRAM=... [-DARGS=a|b] [-DFLAGS=...] [-DENV=VAR=value|...] -P stats_lines.cmake
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
string(REPLACE "|" ";" args "${ARGS}")
string(REPLACE "|" ";" env "${ENV}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env MR2D_STATS=1 ${env} ${MPIEXEC} -n ${RANKS} ${flags} ${PROGRAM} ${args}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit code ${rc}")
endif()
string(REGEX MATCHALL "mr2d-stats: rank [0-9-]+ gemr2d_calls [0-9]+" lines "${out}${err}")
list(LENGTH lines count)
if(NOT count EQUAL RANKS)
  message(FATAL_ERROR "${count} statistics lines, expected one on each of the ${RANKS} processes")
endif()
math(EXPR idle "${RANKS} - 1")
foreach(rank RANGE ${idle})
  if(NOT "${out}${err}" MATCHES "mr2d-stats: rank ${rank} gemr2d_calls ([0-9]+)")
    message(FATAL_ERROR "no statistics line of process ${rank}")
  endif()
  set(calls ${CMAKE_MATCH_1})
  if(rank EQUAL idle AND NOT calls EQUAL 0)
    message(FATAL_ERROR "process ${rank} called nothing, yet its line shows ${calls} calls")
  elseif(NOT rank EQUAL idle AND calls EQUAL 0)
    message(FATAL_ERROR "process ${rank} redistributed, yet its line shows 0 calls")
  endif()
endforeach()
