#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Alternating launches of two builds of mr2d_bench over the benchmark cases,
# for "no case slower than before" (bench/README.md):
#   bench/compare_builds.sh OLD_BUILD_DIR NEW_BUILD_DIR [LAUNCHES] [OUT_DIR]
# Each launch runs every case of bench/cases.txt with the old build, then
# with the new one (one mpirun per process count, default MPI settings;
# ScaLAPACK's routine runs once per case, as the reference the results are
# checked against), and appends to OUT_DIR/old.csv and new.csv; the table
# gives mr2d's median per case and allocator over the launches and the
# ratio new/old. Both builds need mr2d_bench's --reference-reps.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
old=$1 new=$2 launches=${3:-10} out=${4:-$here/results/compare-$(date -u +%Y-%m-%d)}
cases=${MR2D_CASES:-$here/cases.txt}  # another case file: MR2D_CASES=FILE
export OMP_NUM_THREADS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
rm -f "$out/old.csv" "$out/new.csv"
for _ in $(seq 1 "$launches"); do
  for side in old new; do
    build=$old; [ "$side" = new ] && build=$new
    awk '!/^#/ && NF >= 8 {print $2}' "$cases" | sort -nu | while read -r procs; do
      mpirun -n "$procs" --oversubscribe "$build/bin/mr2d_bench" --cases "$cases" --reps 9 --reference-reps 1 \
        --variants auto --costa-reps 0 --csv "$out/$side.csv" < /dev/null > /dev/null 2>&1 ||
        echo "compare_builds: $side, $procs processes failed" >&2
    done
  done
done
python3 - "$out" <<'PY'
import collections, csv, statistics, sys
def medians(path):
    runs = collections.defaultdict(list)
    for row in csv.DictReader(open(path)):
        if row['variant'] == 'mr2d':
            runs[(row['case'], row['allocator'])].append(float(row['median_s']))
    return runs
old, new = medians(sys.argv[1] + '/old.csv'), medians(sys.argv[1] + '/new.csv')
print('| case | allocator | old median (ms) | new median (ms) | new/old |')
print('|---|---|---|---|---|')
for key in sorted(old):
    if key in new:
        a, b = statistics.median(old[key]) * 1e3, statistics.median(new[key]) * 1e3
        print(f'| {key[0]} | {key[1]} | {a:.3f} | {b:.3f} | {b / a:.2f} |')
PY
