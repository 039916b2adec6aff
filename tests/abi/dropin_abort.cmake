# SPDX-License-Identifier: BSD-3-Clause
# Runs test_dropin_errors gemr2d (PDGEMR2D with M = -1 on every process):
# with MR2D_ON_ERROR unset the job must stop with the message before the
# program goes on; with MR2D_ON_ERROR=return it must go on with B untouched.
#   cmake -DMPIEXEC=... -DPROGRAM=... -DDROPIN=... -DRANKS=n [-DFLAGS=...] -P dropin_abort.cmake
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
foreach(mode abort return)
  set(env)
  if(mode STREQUAL return)
    set(env MR2D_ON_ERROR=return)
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${env} ${MPIEXEC} -n ${RANKS} ${flags} ${PROGRAM} gemr2d ${DROPIN}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 120)
  message(STATUS "MR2D_ON_ERROR=${mode}: exit ${rc}\n${out}${err}")
  if(NOT err MATCHES "PDGEMR2D: argument 1 \\(M\\) is -1")
    message(FATAL_ERROR "MR2D_ON_ERROR=${mode}: no message naming M")
  endif()
  if(mode STREQUAL abort AND (rc EQUAL 0 OR out MATCHES "continued"))
    message(FATAL_ERROR "the job went on after the error")
  endif()
  if(mode STREQUAL return AND (NOT rc EQUAL 0 OR NOT out MATCHES "continued after PDGEMR2D, B untouched"))
    message(FATAL_ERROR "MR2D_ON_ERROR=return: the program did not go on with B untouched")
  endif()
endforeach()
