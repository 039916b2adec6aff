#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs an MPI test program under valgrind memcheck and fails if the program
# fails or if any valgrind report has a frame in mr2d's library. Reports from
# MPI's own internals (not ours to fix) are listed but do not fail the test.
#   valgrind_check.sh MPIEXEC NPROCS "MPIEXEC_FLAGS" SUPPRESSIONS PROGRAM ARGS...
set -u
mpiexec=$1 np=$2 flags=$3 supp=$4
shift 4
log=$(mktemp)
# shellcheck disable=SC2086
"$mpiexec" -n "$np" $flags valgrind -q --num-callers=40 --suppressions="$supp" "$@" >"$log" 2>&1
rc=$?
grep -v '^==' "$log"
reports=$(grep -c '^==[0-9]*== [A-Z]' "$log")
ours=$(awk '/^==[0-9]+== [A-Z]/{block=$0; keep=0; next} /^==[0-9]+== +(at|by) /{if ($0 ~ /libmr2d/) keep=1; next} /^==[0-9]+== *$/{if (keep) print block; keep=0}' "$log" | sort -u)
echo "valgrind: $reports report lines in total, program exit code $rc"
if [ -n "$ours" ]; then
  echo "valgrind reports with frames in mr2d:"
  echo "$ours"
  grep -B2 -A30 'libmr2d' "$log" | head -80
  exit 1
fi
exit $rc
