#!/bin/sh
# Builds the SMPI driver (bench/scale/Makefile) into BUILD and runs the
# grow case (8x4 -> 8x8, blocks 64 -> 100x37) and the block case (8x8,
# 36 -> 128) on 64 simulated processes of both platforms, every schedule,
# pipelining off and on, with --check. Fails unless every row is there and
# no element is wrong.
#   smpi_smoke.sh SOURCE_DIR BUILD
set -eu
src=$1 build=$2
make -s -C "$src/bench/scale" BUILD="$build" -j2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for platform in fat-tree torus; do
  MR2D_NETWORK=$("$src/bench/scale/network_of.sh" "$platform" 64) \
    "$src/bench/scale/smpirun.sh" "$src/bench/scale/platforms/$platform-64.xml" 64 "$build/scale_driver" \
    --platform "$platform" --name grow --m 1000 --n 1000 --a 8x4:64x64 --b 8x8:100x37 --chunks -1,8192 --check >> "$out"
  MR2D_NETWORK=$("$src/bench/scale/network_of.sh" "$platform" 64) \
    "$src/bench/scale/smpirun.sh" "$src/bench/scale/platforms/$platform-64.xml" 64 "$build/scale_driver" \
    --platform "$platform" --name block --m 1024 --n 1024 --a 8x8:36x36 --b 8x8:128x128 --chunks -1,8192 --check >> "$out"
done
cat "$out"
rows=$(grep -c '^fat-tree\|^torus' "$out")
bad=$(awk -F, '$16 != "0"' "$out" | wc -l)
[ "$rows" -eq 40 ] || { echo "expected 40 rows, got $rows"; exit 1; }
[ "$bad" -eq 0 ] || { echo "$bad rows with wrong elements"; exit 1; }
echo "scale_smpi_64: 40 simulated redistributions, every element right"
