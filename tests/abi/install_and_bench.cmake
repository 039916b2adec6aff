# SPDX-License-Identifier: BSD-3-Clause
# Installs the build tree into a scratch prefix and runs the installed
# `mr2d bench` on a case file from a directory outside both trees: it must
# find its programs and data through the prefix alone and write results.csv
# with the case's rows and results.md with the case verified.
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DCASES=file -P install_and_bench.cmake
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR}/elsewhere)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed:\n${err}")
endif()
execute_process(COMMAND ${prefix}/bin/mr2d bench --quick --reps 1 --cases ${CASES} --out results
                WORKING_DIRECTORY ${WORK_DIR}/elsewhere RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mr2d bench exited with ${rc}")
endif()
file(STRINGS ${WORK_DIR}/elsewhere/results/results.csv rows REGEX "^tiny,2,")
file(READ ${WORK_DIR}/elsewhere/results/results.md md)
if(NOT rows OR NOT md MATCHES "1 cases, all verified against ScaLAPACK")
  message(FATAL_ERROR "results.csv or results.md lack the case")
endif()
