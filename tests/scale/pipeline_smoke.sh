#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Builds the SMPI pipeline driver (bench/scale/Makefile) into BUILD and runs
# the ADI and 2D FFT pipelines on 64 simulated processes of the fat tree and
# the torus (8 units of 2048 x 2048, 16x4 -> 4x16, 2 steps), with --check:
# every unit moved in the blocking and the overlapped runs is verified
# element by element. Fails unless every row is there, no element is wrong,
# no call failed, and the overlapped step is at least 1.4x faster than the
# blocking one (compute and moves take the same time, so 2x is the most).
#   pipeline_smoke.sh SOURCE_DIR BUILD [LAUNCHER]
set -eu
src=$1 build=$2 launcher=${3:-}
make -s -C "$src/bench/scale" BUILD="$build" LAUNCHER="$launcher" -j2 "$build/pipeline_driver"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for platform in fat-tree torus; do
  for pipeline in adi fft; do
    "$src/bench/scale/smpirun.sh" "$platform" 64 "$build/pipeline_driver" --platform "$platform" --check \
      --pipeline "$pipeline" --m 2048 --n 2048 --a 16x4:64x64 --b 4x16:64x64 --units 8 --steps 2 \
      >> "$out" || true
  done
done
cat "$out"
rows=$(grep -c '^fat-tree\|^torus' "$out" || true)
[ "$rows" -eq 4 ] || { echo "expected 4 rows, got $rows"; exit 1; }
awk -F, '$20 != "0" || $21 != "0" { bad = 1; print "wrong elements or a failed call: " $0 } END { exit bad }' "$out"
awk -F, '$19 < 1.4 { slow = 1; print "overlapped less than 1.4x faster than blocking: " $0 } END { exit slow }' "$out"
echo "pipeline_smoke: 4 simulated pipelines, every moved unit right, overlapped >= 1.4x faster than blocking"
