#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Blocking against overlapped launches of the ADI and 2D FFT examples, for
# "overlapped never slower than blocking" (examples/adi/README.md,
# examples/fft2d/README.md):
#   bench/overlap_examples.sh [BUILD_DIR [LAUNCHES [OUT_DIR]]]
# For 2 processes (as many as this machine's cores) and 4 (oversubscribed),
# each launch runs the blocking and the overlapped mode one after the other,
# in turn first, each in its own mpirun: ADI with N = 1000, 20 steps, 4
# fields, the FFT with N = 1024
# and 2048 (4 panels), the blocking mode --quick (no ScaLAPACK nor plans one
# by one). Every launch must verify. The table gives the median,
# minimum and maximum over the launches of each figure the examples print:
# ADI's total step time, the FFT pipeline's median time, FFTW MPI's 2D
# transform. Environment: MR2D_ADI_ARGS, MR2D_FFT_SIZES, MR2D_PROCS.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../build} launches=${2:-10} out=${3:-$here/results/overlap-$(date -u +%Y-%m-%d)}
adi_args=${MR2D_ADI_ARGS:-1000 20 4} fft_sizes=${MR2D_FFT_SIZES:-1024 2048} procs=${MR2D_PROCS:-2 4}
export OMP_NUM_THREADS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
figures=$out/figures.txt
: > "$figures"

# One launch: prints "<case> <figure> <seconds>" for every figure of its output.
launch() {
  local np=$1 case=$2 mode=$3 program=$4
  shift 4
  local log=$out/last.log
  local flag=()
  [ "$mode" = blocking ] && flag=(--blocking)
  [ "$mode" = blocking ] && flag+=(--quick)
  if ! mpirun -n "$np" --oversubscribe "$build/bin/$program" "${flag[@]}" "$@" < /dev/null > "$log" 2>&1 ||
    ! grep -q '^verification: passed' "$log"; then
    echo "overlap_examples: $program ${flag[*]} $* on $np processes failed:" >&2
    cat "$log" >&2
    exit 1
  fi
  awk -v c="np=$np $case" -v m="$mode" '
    function seconds(after,  t) { match($0, after " +[0-9.]+"); t = substr($0, RSTART, RLENGTH); sub(after " +", "", t); return t }
    /with one mr2d batch|with mr2d plans started/ { print c, m, "mr2d", seconds("total") }
    /hand-written MPI_Ialltoallv per field/      { print c, m, "hand-written", seconds("total") }
    /row FFTs, mr2d/                             { print c, m, "mr2d", seconds(":") }
    /hand-written MPI_Ialltoallv panels/         { print c, m, "hand-written", seconds(":") }
    /FFTW MPI 2D transform/                      { print c, m, "FFTW-MPI", seconds(":") }' "$log" >> "$figures"
}

for l in $(seq 1 "$launches"); do
  order="blocking overlapped"
  [ $((l % 2)) = 0 ] && order="overlapped blocking"
  for np in $procs; do
    for mode in $order; do
      # shellcheck disable=SC2086
      launch "$np" "adi" "$mode" mr2d_adi $adi_args
      for n in $fft_sizes; do launch "$np" "fft-N=$n" "$mode" mr2d_fft2d "$n"; done
    done
  done
done

python3 - "$figures" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    np, case, mode, figure, seconds = line.split()
    runs[(case, np, figure, mode)].append(float(seconds))
print('| case | processes | figure | mode | launches | median (s) | min (s) | max (s) |')
print('|---|---|---|---|---|---|---|---|')
for (case, np, figure, mode), t in sorted(runs.items()):
    print(f'| {case} | {np[3:]} | {figure} | {mode} | {len(t)} | {statistics.median(t):.4f} | {min(t):.4f} | {max(t):.4f} |')
PY
