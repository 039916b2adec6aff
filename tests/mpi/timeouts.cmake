# SPDX-License-Identifier: BSD-3-Clause
# Runs `test_timeouts killed` under `mpirun --enable-recovery`, which keeps the
# survivors of a killed process running but ignores their exit status: passes
# when every survivor printed that it passed and none reported a failure or a
# hang.
#   cmake -DMPIEXEC=... -DPROGRAM=... -DRANKS=n [-DFLAGS=...] -P timeouts.cmake
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
execute_process(COMMAND ${MPIEXEC} -n ${RANKS} ${flags} --enable-recovery ${PROGRAM} killed
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
string(REGEX MATCHALL "rank [0-9]+ passed" passed "${out}")
list(LENGTH passed count)
math(EXPR survivors "${RANKS} - 1")
if(NOT count EQUAL survivors OR out MATCHES "FAILED" OR err MATCHES "FAILED|\\(a hang\\)")
  message(FATAL_ERROR "${count} of ${survivors} survivors passed (exit ${rc})\n${out}\n${err}")
endif()
message(STATUS "${out}")
message(STATUS "killed peer: ${count} survivors passed")
