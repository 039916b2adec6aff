#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs an MPI test program built with ThreadSanitizer and fails if the program
# fails or if any ThreadSanitizer report has a frame in mr2d (its library or
# the test). Reports entirely inside MPI's uninstrumented runtime (its own
# mutex handling) are counted but are not ours to fix.
#   tsan_check.sh MPIEXEC NPROCS "MPIEXEC_FLAGS" PROGRAM ARGS...
set -u
mpiexec=$1 np=$2 flags=$3
shift 3
log=$(mktemp)
export TSAN_OPTIONS="halt_on_error=0 exitcode=0 report_signal_unsafe=0 second_deadlock_stack=1 ignore_noninstrumented_modules=1"
# shellcheck disable=SC2086
"$mpiexec" -n "$np" $flags -x TSAN_OPTIONS "$@" >"$log" 2>&1
rc=$?
grep -v -E '^(    #|  [A-Z]|  Location|  Mutex|  Cycle|  Previous|  Thread|SUMMARY|==+|WARNING: ThreadSanitizer)' "$log" | grep -v '^$'
reports=$(grep -c 'WARNING: ThreadSanitizer' "$log")
# A report is ours when every access (or lock acquisition) it names happens
# in mr2d's code: the innermost frame of each such stack, past the
# sanitizer's interceptors, is in mr2d. MPI's runtime is not instrumented, so
# memory it frees and malloc hands to us again, or locks it takes when called
# from us, show up as reports with one side inside MPI: those are MPI's.
ours=$(awk 'function close_stack() { if (in_stack) { stacks++; if (is_ours) mine++ } in_stack=0 }
            function close_report() { close_stack(); if (stacks > 0 && mine == stacks) print block " at" frame }
            /WARNING: ThreadSanitizer/{close_report(); block=$0; stacks=0; mine=0; in_stack=0; consider=0; next}
            /^  (Read|Write|Atomic read|Atomic write) of size|^  Previous (read|write|atomic)|acquired here while holding/{close_stack(); consider=1; next}
            /^  [A-Z]/{close_stack(); consider=0; next}
            /^ +#0 /{close_stack(); if (consider) {in_stack=1; top=1; is_ours=0}}
            /^ +#[0-9]+ /{if (!in_stack || !top) next; if ($0 ~ /libtsan|sanitizer_common|tsan_interceptors/) next;
                          if ($0 ~ /mr2d|test_threads/) {is_ours=1; frame=$0}; top=0; next}
            /^SUMMARY/{close_report(); block=""; stacks=0}' "$log" | sed 's/(pid=[0-9]*)//; s/#[0-9]* //; s/ (lib[^)]*)//' | sort | uniq -c)
echo "ThreadSanitizer: $reports reports in total, program exit code $rc"
if [ -n "$ours" ]; then
  echo "ThreadSanitizer reports with frames in mr2d:"
  echo "$ours"
  exit 1
fi
rm -f "$log"
exit $rc
