#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The 3D FFT example's variants side by side (examples/fft3d/README.md):
#   bench/fft3d_compare.sh [BUILD_DIR [LAUNCHES [OUT_DIR]]]
# For every size (N^3) and process count, LAUNCHES launches (default 3) of
# mr2d_fft3d, each its own mpirun (4 processes oversubscribe a 2-core
# machine). Every launch must exit 0 (verified, or at sizes too large for the
# serial check, mr2d's result identical to the hand-written pipeline's). The
# table gives, per variant, the median, minimum and maximum over the launches
# of the median transform time each launch prints, and the medians of its
# FFT and move times. Environment: MR2D_FFT3D_SIZES (default "128 256"),
# MR2D_PROCS (default "2 4"), MR2D_FFT3D_REPS (transforms per launch, default 5).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../build} launches=${2:-3} out=${3:-$here/results/fft3d-$(date -u +%Y-%m-%d)}
sizes=${MR2D_FFT3D_SIZES:-128 256} procs=${MR2D_PROCS:-2 4} reps=${MR2D_FFT3D_REPS:-5}
export OMP_NUM_THREADS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
figures=$out/figures.txt
: > "$figures"

for l in $(seq 1 "$launches"); do
  for n in $sizes; do
    for np in $procs; do
      log=$out/last.log
      if ! mpirun -n "$np" --oversubscribe "$build/bin/mr2d_fft3d" --reps "$reps" "$n" < /dev/null > "$log" 2>&1; then
        echo "fft3d_compare: mr2d_fft3d $n on $np processes failed:" >&2
        cat "$log" >&2
        exit 1
      fi
      # "  <variant label>  total ffts moves" rows; FFTW MPI prints "-" for the split.
      awk -v n="$n" -v np="$np" '
        /^  mr2d pencils/         { print n, np, "mr2d", $(NF-2), $(NF-1), $NF }
        /^  hand-written pencils/ { print n, np, "hand-written", $(NF-2), $(NF-1), $NF }
        /^  FFTW MPI 3D/          { print n, np, "FFTW-MPI", $(NF-2), $(NF-1), $NF }' "$log" >> "$figures"
    done
  done
done

python3 - "$figures" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    n, np, variant, total, ffts, moves = line.split()
    runs[(int(n), int(np), variant)].append((float(total), ffts, moves))
print('| size | processes | variant | launches | median (s) | min (s) | max (s) | FFTs (s) | moves (s) |')
print('|---|---|---|---|---|---|---|---|---|')
def med(xs):
    return f'{statistics.median(float(x) for x in xs):.4f}' if all(x != '-' for x in xs) else '-'
for (n, np, variant), rows in sorted(runs.items()):
    t = [r[0] for r in rows]
    print(f'| {n}^3 | {np} | {variant} | {len(t)} | {statistics.median(t):.4f} | {min(t):.4f} | {max(t):.4f} | '
          f'{med([r[1] for r in rows])} | {med([r[2] for r in rows])} |')
PY
