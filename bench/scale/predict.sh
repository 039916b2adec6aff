#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Rewrites the predicted_s column of a results file of run.sh with the
# network model of this build (`mr2d plan --json`): each row's schedule, its
# platform's MR2D_NETWORK (network_of.sh) and its chunk size (0 with
# pipelining off). The simulated times stay; run it after changing the model.
#   bench/scale/predict.sh [results.csv]     (default bench/scale/results.csv)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
file=${1:-$here/results.csv}
mr2d=$here/../../build/bin/mr2d
[ -x "$mr2d" ] || { echo "predict.sh: build $mr2d first" >&2; exit 1; }
tmp=$(mktemp)
head -n 1 "$file" > "$tmp"
tail -n +2 "$file" | while IFS=, read -r platform procs name m n a b schedule pipelining chunk rest; do
  bytes=0
  [ "$pipelining" = on ] && bytes=$chunk
  seconds=$("$mr2d" plan --m "$m" --n "$n" --a "$a" --b "$b" --schedule "$schedule" \
    --network "$("$here/network_of.sh" "$platform" "$procs")" --chunk "$bytes" --json |
    sed -n 's/.*"schedule_seconds": \([0-9.e+-]*\).*/\1/p')
  # predicted_s is the 4th of the fields after chunk_bytes (used, steps, lower bound, predicted, ...).
  echo "$platform,$procs,$name,$m,$n,$a,$b,$schedule,$pipelining,$chunk,$rest" |
    awk -F, -v OFS=, -v p="$seconds" '{ if (p != "") $14 = sprintf("%.6e", p); print }' >> "$tmp"
done
mv "$tmp" "$file"
