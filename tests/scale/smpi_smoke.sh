#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Builds the SMPI driver (bench/scale/Makefile) into BUILD and runs the
# grow case (8x4 -> 8x8, blocks 64 -> 100x37) and the block case (8x8,
# 36 -> 128) on 64 simulated processes of both platforms, and the transpose
# case (16x4 -> 4x16) on the crossbar under SimGrid's InfiniBand model, every
# schedule, pipelining off and on, with --check. Fails unless every row is
# there, no element is wrong, and in the transpose case auto, told the
# network's loss, picks the stepped schedule and is within 10 % of the best.
#   smpi_smoke.sh SOURCE_DIR BUILD [LAUNCHER]
# BUILD holds sources.mk, written when CMake configured (tests/scale); LAUNCHER
# (ccache, say) goes before smpicxx as CMake's compiler launcher does.
set -eu
src=$1 build=$2 launcher=${3:-}
make -s -C "$src/bench/scale" BUILD="$build" LAUNCHER="$launcher" -j2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
simulate() {  # PLATFORM CASE-ARGUMENTS...: every schedule, checked, into $out
  platform=$1
  shift
  "$src/bench/scale/smpirun.sh" "$platform" 64 "$build/scale_driver" --platform "$platform" --check "$@" >> "$out"
}
for platform in fat-tree torus; do
  simulate "$platform" --name grow --m 1000 --n 1000 --a 8x4:64x64 --b 8x8:100x37 --chunks -1,8192
  simulate "$platform" --name block --m 1024 --n 1024 --a 8x8:36x36 --b 8x8:128x128 --chunks -1,8192
done
simulate crossbar-ib --name transpose --m 4096 --n 4096 --a 16x4:64x64 --b 4x16:64x64 --chunks -1,65536
cat "$out"
rows=$(grep -c '^fat-tree\|^torus\|^crossbar-ib' "$out")
bad=$(awk -F, '$16 != "0"' "$out" | wc -l)
[ "$rows" -eq 50 ] || { echo "expected 50 rows, got $rows"; exit 1; }
[ "$bad" -eq 0 ] || { echo "$bad rows with wrong elements"; exit 1; }
# Per pipelining setting: auto's pick and its time over the best schedule's.
awk -F, '$1 == "crossbar-ib" {
    if ($8 == "auto") { pick[$9] = $11; t[$9] = $15 }
    else if (!($9 in best) || $15 < best[$9]) best[$9] = $15
  }
  END {
    for (p in t) {
      printf "crossbar-ib transpose, pipelining %s: auto picked %s, %.3f of the best\n", p, pick[p], t[p] / best[p]
      if (pick[p] == "async" || t[p] > 1.1 * best[p]) failed = 1
    }
    exit failed
  }' "$out" || { echo "auto missed the stepped schedule on the lossy crossbar"; exit 1; }
echo "scale_smpi_64: 50 simulated redistributions, every element right"
