# SPDX-License-Identifier: BSD-3-Clause
# One function for every test (plain or MPI).
#   mr2d_add_test(NAME name [SOURCES files...] [COMMAND cmd args...] [RANKS n]
#                 [LIBS libs...] [LABELS labels...] [TIMEOUT seconds] [ARGS args...]
#                 [WORKING_DIRECTORY dir] [ENVIRONMENT VAR=value...])
# With SOURCES an executable `name` is built and run; otherwise COMMAND is run.
# With RANKS the command is launched through mpiexec with n processes; OpenMPI
# gets --oversubscribe and the run-as-root variables, so every test runs on a
# 2-core machine as root.
set(MR2D_MPI_ENV
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1
  OMPI_MCA_btl_vader_single_copy_mechanism=none)
set(MR2D_MPIEXEC_FLAGS ${MPIEXEC_PREFLAGS})
execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _mr2d_mpiexec_version
                ERROR_QUIET)
if(_mr2d_mpiexec_version MATCHES "Open MPI|OpenRTE")
  list(APPEND MR2D_MPIEXEC_FLAGS --oversubscribe)
endif()

function(mr2d_add_test)
  cmake_parse_arguments(T "" "NAME;RANKS;TIMEOUT;WORKING_DIRECTORY"
                        "SOURCES;COMMAND;LIBS;LABELS;ARGS;ENVIRONMENT" ${ARGN})
  if(T_SOURCES)
    add_executable(${T_NAME} ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE ${T_LIBS})
    set(cmd $<TARGET_FILE:${T_NAME}>)
  else()
    set(cmd ${T_COMMAND})
  endif()
  set(labels ${T_LABELS})
  if(T_RANKS)
    set(cmd ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${T_RANKS} ${MR2D_MPIEXEC_FLAGS}
            ${cmd} ${MPIEXEC_POSTFLAGS})
    list(APPEND labels mpi np${T_RANKS})
    set(procs ${T_RANKS})
  else()
    set(procs 1)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  if(NOT T_WORKING_DIRECTORY)
    set(T_WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  add_test(NAME ${T_NAME} COMMAND ${cmd} ${T_ARGS} WORKING_DIRECTORY ${T_WORKING_DIRECTORY})
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${labels}" TIMEOUT ${T_TIMEOUT}
                       PROCESSORS ${procs} ENVIRONMENT "${MR2D_MPI_ENV};${T_ENVIRONMENT}")
endfunction()

# The command line of a program we ship: `<program> --help` prints its usage
# to stdout with exit status 0, and BAD (arguments) is refused with exit status
# 2 and a message on stderr matching REJECT.
#   mr2d_add_usage_tests(TARGET t BAD args... REJECT regex [LABELS labels...])
# registers <t>_help and <t>_bad_argument, run without mpiexec.
function(mr2d_add_usage_tests)
  cmake_parse_arguments(U "" "TARGET;REJECT" "BAD;LABELS" ${ARGN})
  set(script ${PROJECT_SOURCE_DIR}/tests/cli/run_and_compare.cmake)
  list(JOIN U_BAD "|" bad)
  mr2d_add_test(NAME ${U_TARGET}_help LABELS ${U_LABELS} usage TIMEOUT 60
                COMMAND ${CMAKE_COMMAND} -DPROG=$<TARGET_FILE:${U_TARGET}> -DARGS=--help
                        "-DSTDOUT_REGEX=^usage: ${U_TARGET}" -P ${script})
  mr2d_add_test(NAME ${U_TARGET}_bad_argument LABELS ${U_LABELS} usage TIMEOUT 60
                COMMAND ${CMAKE_COMMAND} -DPROG=$<TARGET_FILE:${U_TARGET}> "-DARGS=${bad}" -DEXPECT_RC=2
                        "-DSTDOUT_REGEX=^$" "-DSTDERR_REGEX=^${U_TARGET}: ${U_REJECT}" -P ${script})
endfunction()
