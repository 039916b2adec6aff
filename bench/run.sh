#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs the mr2d benchmark (bench/README.md):
#   bench/run.sh [--quick] [--reps N] [--cases FILE] [--out DIR] [--launches N]
#                [--variants LIST] [--yield] [--costa-reps N]
# installs missing Debian packages (.ci/deps.sh), builds mr2d_bench in
# ${MR2D_BUILD_DIR:-<repo>/build} (Release) if needed, configured with
# $MR2D_BENCH_CMAKE_ARGS too when set (e.g. -DMR2D_BENCH_COSTA=ON -Dcosta_DIR=...),
# runs every case in its own mpirun with the case's process count, and writes
# results.csv, results.md and plot.png to DIR (default bench/results/<date>).
# --launches N starts every case N times (round-robin over the cases), for the
# distribution over launches; --variants limits mr2d's variants (mr2d_bench);
# MPI runs with its default settings (busy polling) unless --yield sets
# OpenMPI's mpi_yield_when_idle; --costa-reps N repeats COSTA N times only
# (it takes seconds per call on short runs), 0 leaves it out.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
build=${MR2D_BUILD_DIR:-$repo/build}
cases=$here/cases.txt
reps=9
out=
launches=1
variants=()
yield=0
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) cases=$here/cases_quick.txt; reps=3 ;;
    --reps) reps=$2; shift ;;
    --cases) cases=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
    --out) out=$2; shift ;;
    --launches) launches=$2; shift ;;
    --variants) variants+=(--variants "$2"); shift ;;
    --yield) yield=1 ;;
    --costa-reps) variants+=(--costa-reps "$2"); shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
out=${out:-$here/results/$(date -u +%Y-%m-%d)}

bash "$repo/.ci/deps.sh"  # the Debian packages, when any is missing (a fresh clone)
# Extra configure options, split on spaces, e.g.
# MR2D_BENCH_CMAKE_ARGS="-DMR2D_BENCH_COSTA=ON -Dcosta_DIR=/opt/costa/lib/cmake/costa".
read -ra cmake_args <<< "${MR2D_BENCH_CMAKE_ARGS:-}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release "${cmake_args[@]}"
elif ! grep -q '^MR2D_BUILD_BENCH:BOOL=ON' "$build/CMakeCache.txt" || [ ${#cmake_args[@]} -gt 0 ]; then
  cmake -S "$repo" -B "$build" -DMR2D_BUILD_BENCH=ON "${cmake_args[@]}"
fi
cmake --build "$build" -j2 --target mr2d_bench mr2d_bench_table
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt")
[ "$build_type" = Release ] || echo "run.sh: warning: $build is a '$build_type' build, not Release" >&2

cached() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
mpirun=${MR2D_MPIEXEC:-$(cached MPIEXEC_EXECUTABLE)}
scalapack=$(readlink -f "$(cached MR2D_SCALAPACK_LIBRARIES | cut -d";" -f1)")
scalapack_package=$(dpkg-query -S "$scalapack" 2>/dev/null | cut -d: -f1 | head -1 || true)
# COSTA packs with OpenMP: one thread per process, like every other variant
# (nproc obeys it too, so the machine line below counts cores without it).
export OMP_NUM_THREADS=1
mpi_flags=()
if "$mpirun" --version 2>&1 | grep -Eq "Open MPI|OpenRTE"; then
  mpi_flags+=(--oversubscribe)
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  if [ "$yield" = 1 ]; then export OMPI_MCA_mpi_yield_when_idle=1; fi
fi

mkdir -p "$out"
rm -f "$out/results.csv" "$out/results.md" "$out/plot.png" "$out/plot.dat"
start=$(date +%s)
load_start=$(cut -d' ' -f1 /proc/loadavg)
status=0
for ((launch = 1; launch <= launches; ++launch)); do
  while read -r name procs _; do
    "$mpirun" -n "$procs" "${mpi_flags[@]}" "$build/bin/mr2d_bench" --cases "$cases" --case "$name" \
      --reps "$reps" "${variants[@]}" --csv "$out/results.csv" < /dev/null || status=1
  done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$cases")
done
seconds=$(( $(date +%s) - start ))
load_end=$(cut -d' ' -f1 /proc/loadavg)

{
  echo "# mr2d benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Command: \`bench/run.sh $( [ "$cases" = "$here/cases.txt" ] || echo "--cases ${cases#$repo/} ")--reps $reps" \
       "--launches $launches${variants[*]:+ ${variants[*]}}$( [ "$yield" = 0 ] || echo " --yield")\`" \
       "(commit $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown), $seconds s)."
  echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(env -u OMP_NUM_THREADS nproc) cores," \
       "$(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr); $("$mpirun" --version 2>&1 | head -1);" \
       "reference: $scalapack ${scalapack_package:+($scalapack_package $(dpkg-query -W -f='${Version}' "$scalapack_package"))}."
  if [ "$(cached MR2D_BENCH_COSTA)" = ON ]; then
    echo "COSTA $(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")/\1/p' "$(cached costa_DIR)/costaConfigVersion.cmake")" \
         "from $(cached costa_DIR), OMP_NUM_THREADS=$OMP_NUM_THREADS."
  fi
  echo "MPI settings: $( [ "$yield" = 1 ] && echo "mpi_yield_when_idle=1" || echo "defaults (waits poll busily)")."
  echo "Load average (1 min) at the start $load_start, at the end $load_end;" \
       "processes beyond the cores are oversubscribed (the P (cores) column)."
  echo
  "$build/bin/mr2d_bench_table" "$out/results.csv" "$out/plot.dat"
} > "$out/results.md"
gnuplot -e "data='$out/plot.dat'; out='$out/plot.png'" "$here/plot.gp"
cat "$out/results.md"
echo "written: $out/results.csv, results.md, plot.png"
exit $status
