#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# N-dimensional redistributions (bench/README.md, "N-dimensional arrays"):
#   bench/nd_bench.sh [BUILD_DIR [LAUNCHES [OUT_DIR]]]
# runs mr2d_nd_bench LAUNCHES times (default 5) for each process count of
# MR2D_PROCS (default "2 4"), each launch its own mpirun, the counts taking
# turns, and prints per case and count the median over the launches of each
# launch's median time (ms, slowest process) per variant, the ratios of
# those medians and the issue's targets (mr2d <= 0.5x alltoallw on every
# case, <= 1.3x alltoallv at 2 processes). Every launch must verify (the
# program exits 1 on any B that differs from mr2d's). MR2D_ND_ARGS passes
# arguments to the program (e.g. "--n 64 --reps 5").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../build} launches=${2:-5} out=${3:-$here/results/nd-$(date -u +%Y-%m-%d)}
procs=${MR2D_PROCS:-2 4} args=${MR2D_ND_ARGS:-}
export OMP_NUM_THREADS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
rows=$out/rows.txt
: > "$rows"
for ((launch = 1; launch <= launches; ++launch)); do
  for np in $procs; do
    log=$out/launch-$launch-np$np.log
    # shellcheck disable=SC2086
    if ! mpirun -n "$np" --oversubscribe "$build/bin/mr2d_nd_bench" $args < /dev/null > "$log" 2>&1; then
      echo "nd_bench: launch $launch on $np processes failed:" >&2
      cat "$log" >&2
      exit 1
    fi
    # The table's rows: case P MiB mr2d alltoallw alltoallv memcpy ...
    awk '/^# / || /^case / || /cases, / { next } NF >= 11 { print }' "$log" >> "$rows"
  done
done
{
  echo "# $launches launches per process count; $(getconf _NPROCESSORS_ONLN) cores, $(uname -sr);" \
       "$(mpirun --version 2>&1 | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# command: bench/nd_bench.sh $build $launches $out (MR2D_PROCS='$procs' MR2D_ND_ARGS='$args')"
  python3 - "$rows" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    rows.setdefault((f[0], int(f[1])), []).append((float(f[2]), *map(float, f[3:7]), f[10]))
print(f"{'case':<13} {'P':>2} {'MiB':>6} {'mr2d':>8} {'alltoallw':>9} {'alltoallv':>9} {'memcpy':>7}"
      f" {'mr2d/w':>7} {'mr2d/v':>7} {'w <= 0.5':>8} {'v <= 1.3':>8} {'mr2d range':>15} {'w range':>15}  send types")
missed = 0
def spread(runs, k):  # lowest and highest launch median of column k
    values = [r[k] for r in runs]
    return f"{min(values):.2f}-{max(values):.2f}"
for (case, p), runs in sorted(rows.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    med = [statistics.median(r[k] for r in runs) for k in range(1, 5)]
    w, v = med[0] / med[1], med[0] / med[2]
    ok_w = w <= 0.5
    ok_v = v <= 1.3 if p == 2 else None
    missed += (not ok_w) + (ok_v is False)
    print(f"{case:<13} {p:>2} {runs[0][0]:>6.1f} {med[0]:>8.3f} {med[1]:>9.3f} {med[2]:>9.3f} {med[3]:>7.3f}"
          f" {w:>7.2f} {v:>7.2f} {'yes' if ok_w else 'NO':>8} {'-' if ok_v is None else 'yes' if ok_v else 'NO':>8}"
          f" {spread(runs, 1):>15} {spread(runs, 2):>15}  {runs[0][5]}")
print(f"ms, median over launches of each launch's median (ranges: lowest-highest launch); {missed} target(s) missed")
PY
} | tee "$out/table.txt"
