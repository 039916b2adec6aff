# SPDX-License-Identifier: BSD-3-Clause
# Runs a command and checks its exit code, and its standard output against a
# golden file (exact) or a regular expression (EXPECT_REGEX: both streams;
# STDOUT_REGEX, STDERR_REGEX: one stream alone).
#   cmake -DPROG=prog -DARGS="arg|arg|..." [-DGOLDEN=file] [-DEXPECT_RC=n] [-DEXPECT_REGEX=re]
#         [-DSTDOUT_REGEX=re] [-DSTDERR_REGEX=re] [-DREJECT_REGEX=re] -P run_and_compare.cmake
if(NOT DEFINED EXPECT_RC)
  set(EXPECT_RC 0)
endif()
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${PROG} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${EXPECT_RC}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED GOLDEN)
  file(READ ${GOLDEN} want)
  if(NOT out STREQUAL want)
    message(FATAL_ERROR "output differs from ${GOLDEN}:\n--- got\n${out}\n--- want\n${want}")
  endif()
endif()
if(DEFINED EXPECT_REGEX AND NOT "${out}${err}" MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "output does not match '${EXPECT_REGEX}':\n${out}\n${err}")
endif()
if(DEFINED STDOUT_REGEX AND NOT "${out}" MATCHES "${STDOUT_REGEX}")
  message(FATAL_ERROR "stdout does not match '${STDOUT_REGEX}':\n${out}\nstderr:\n${err}")
endif()
if(DEFINED STDERR_REGEX AND NOT "${err}" MATCHES "${STDERR_REGEX}")
  message(FATAL_ERROR "stderr does not match '${STDERR_REGEX}':\n${err}\nstdout:\n${out}")
endif()
if(DEFINED REJECT_REGEX AND "${out}${err}" MATCHES "${REJECT_REGEX}")
  message(FATAL_ERROR "output matches '${REJECT_REGEX}', which it must not:\n${out}\n${err}")
endif()
message("${out}${err}")
