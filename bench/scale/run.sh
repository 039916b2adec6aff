#!/bin/sh
# Reproduces bench/scale/results.csv: builds the SMPI driver, then simulates
# every case of bench/scale/cases.txt on both platforms at each process count,
# every schedule, pipelining off and on. One smpirun per (platform, size,
# case, schedule), each bounded by MR2D_SCALE_TIMEOUT seconds (default 1200);
# a run that exceeds it leaves a row with sim_s "timeout".
#   bench/scale/run.sh [sizes...]     default: 256 1024 4096
# Environment: MR2D_SCALE_OUT (default bench/scale/results.csv),
# MR2D_SCALE_SCHEDULES (default async,caterpillar,circulant,optimal,auto),
# MR2D_SCALE_PLATFORMS (default "fat-tree torus crossbar-ib fat-tree-ib"; a
# name ending in -ib is the platform without it under SimGrid's InfiniBand
# network model), MR2D_SCALE_CASES (names of cases.txt to run, default all).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${MR2D_SCALE_OUT:-$here/results.csv}
limit=${MR2D_SCALE_TIMEOUT:-1200}
schedules=${MR2D_SCALE_SCHEDULES:-async,caterpillar,circulant,optimal,auto}
platforms=${MR2D_SCALE_PLATFORMS:-fat-tree torus crossbar-ib fat-tree-ib}
[ $# -gt 0 ] || set -- 256 1024 4096
make -s -C "$here" -j2
driver=$here/../../build/smpi/scale_driver
[ -f "$out" ] || echo "platform,procs,case,m,n,a,b,schedule,pipelining,chunk_bytes,used,steps,steps_lower_bound,predicted_s,sim_s,wrong" > "$out"
for n in "$@"; do
  for platform in $platforms; do
    grep -v '^#' "$here/cases.txt" | while read -r name a b m; do
      [ -n "$name" ] || continue
      case " ${MR2D_SCALE_CASES:-$name} " in *" $name "*) ;; *) continue ;; esac
      eval "$("$here/case_shape.sh" "$n" "$a" "$b" "$m")"
      for s in $(echo "$schedules" | tr , ' '); do
        tmp=$(mktemp)
        start=$(date +%s)
        if timeout "$limit" "$here/smpirun.sh" "$platform" "$n" "$driver" --platform "$platform" \
            --name "$name" --m "$M" --n "$M" --a "$A" --b "$B" --schedules "$s" --chunks -1,32768 \
            --reps 1 > "$tmp"; then
          grep -v '^platform' "$tmp" >> "$out" || true
        else
          echo "$platform,$n,$name,$M,$M,$A,$B,$s,-,-,-,-,-,-,timeout,-" >> "$out"
        fi
        echo "$platform $n $name $s: $(( $(date +%s) - start )) s" >&2
        rm -f "$tmp"
      done
    done
  done
done
