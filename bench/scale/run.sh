#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Reproduces bench/scale/results.csv: builds the SMPI driver, then simulates
# every case of bench/scale/cases.txt on both platforms at each process count,
# every schedule, pipelining off and on. One smpirun per (platform, size,
# case, schedule), each bounded by MR2D_SCALE_TIMEOUT seconds (default 1200);
# a run that exceeds it leaves a row with sim_s "timeout". A schedule whose
# plan is one that already ran (circulant falling back to optimal) gets that
# one's rows, relabelled, instead of a second identical simulation.
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
mr2d=$here/../../build/bin/mr2d
# Two schedules whose plans are the same (circulant falls back to optimal
# where no dimension is cyclic(x) <-> cyclic(kx)) execute the same messages,
# and the simulation is deterministic: the second copies the first's rows
# instead of simulating again (at 4096 processes a run can take 15 minutes).
# auto is always simulated: its pick depends on the network and the chunks.
reuse_rows() { # platform n case schedule; uses M A B; sets reused (the plan)
  [ -x "$mr2d" ] && [ "$4" != auto ] || return 1
  reused=$("$mr2d" plan --m "$M" --a "$A" --b "$B" --schedule "$4" --json 2>/dev/null |
    sed -n 's/.*"schedule": "\([a-z]*\)".*/\1/p')
  [ -n "$reused" ] || return 1
  rows=$(awk -F, -v OFS=, -v p="$1" -v n="$2" -v c="$3" -v u="$reused" -v s="$4" '
    $1 == p && $2 == n && $3 == c && $11 == u && $8 != s && $8 != "auto" && $15 != "timeout" &&
      !seen[$9]++ { $8 = s; print }' "$out")
  [ "$(echo "$rows" | grep -c .)" -eq 2 ] || return 1
  echo "$rows" >> "$out"
}
[ -f "$out" ] || echo "platform,procs,case,m,n,a,b,schedule,pipelining,chunk_bytes,used,steps,steps_lower_bound,predicted_s,sim_s,wrong" > "$out"
for n in "$@"; do
  for platform in $platforms; do
    grep -v '^#' "$here/cases.txt" | while read -r name a b m; do
      [ -n "$name" ] || continue
      case " ${MR2D_SCALE_CASES:-$name} " in *" $name "*) ;; *) continue ;; esac
      eval "$("$here/case_shape.sh" "$n" "$a" "$b" "$m")"
      for s in $(echo "$schedules" | tr , ' '); do
        start=$(date +%s)
        if reuse_rows "$platform" "$n" "$name" "$s"; then
          echo "$platform $n $name $s: plan $reused ran already, rows copied" >&2
          continue
        fi
        tmp=$(mktemp)
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
