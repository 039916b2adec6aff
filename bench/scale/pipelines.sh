#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Reproduces bench/scale/pipelines.csv: the ADI and 2D FFT pipelines
# (pipeline_driver) at each process count on the fat tree and the torus,
# each unit (field or panel) the transpose case's matrix (m = 256k, 2k x k/2
# -> k/2 x 2k, 64 x 64 blocks), 8 units per step, the overlapped run 2 steps
# long. One smpirun per row, bounded by MR2D_SCALE_TIMEOUT seconds (default
# 1200; a row that exceeds it reads "timeout").
#   bench/scale/pipelines.sh [sizes...]     default: 256 1024
# Environment: MR2D_PIPELINES_OUT (default bench/scale/pipelines.csv),
# MR2D_SCALE_PLATFORMS (default "fat-tree torus"), MR2D_PIPELINES (default
# "adi fft"), MR2D_PIPELINE_DRIVER (default build/smpi/pipeline_driver).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${MR2D_PIPELINES_OUT:-$here/pipelines.csv}
limit=${MR2D_SCALE_TIMEOUT:-1200}
platforms=${MR2D_SCALE_PLATFORMS:-fat-tree torus}
pipelines=${MR2D_PIPELINES:-adi fft}
driver=${MR2D_PIPELINE_DRIVER:-}
[ $# -gt 0 ] || set -- 256 1024
if [ -z "$driver" ]; then
  make -s -C "$here" -j2
  driver=$here/../../build/smpi/pipeline_driver
fi
[ -f "$out" ] || echo "platform,procs,pipeline,m,n,a,b,units,steps,slices,ratio,schedule,moves_s,compute_s,ideal_s,blocking_s,overlapped_s,overlapped_over_ideal,blocking_over_overlapped,wrong,failed" > "$out"
for n in "$@"; do
  eval "$("$here/case_shape.sh" "$n" 2KxK/2:64x64 K/2x2K:64x64 256)"
  for platform in $platforms; do
    for pipeline in $pipelines; do
      start=$(date +%s)
      rc=0
      timeout "$limit" "$here/smpirun.sh" "$platform" "$n" "$driver" --platform "$platform" \
        --pipeline "$pipeline" --m "$M" --n "$M" --a "$A" --b "$B" --units 8 --steps 2 >> "$out" || rc=$?
      [ "$rc" -ne 124 ] || echo "$platform,$n,$pipeline,$M,$M,$A,$B,8,2,-,-,-,-,-,-,-,timeout,-,-,-,-" >> "$out"
      echo "$platform $n $pipeline: $(( $(date +%s) - start )) s, exit status $rc" >&2
    done
  done
done
