#!/bin/sh
# smpirun with the simulation settings of bench/scale (README.md, "Simulation
# settings"): PLATFORM NPROCS DRIVER [driver arguments...].
set -eu
platform=$1 n=$2 driver=$3
shift 3
hosts=$(mktemp)
seq 0 $((n - 1)) | sed 's/^/node-/' > "$hosts"
# Network only (packing is not timed), no SMPI piecewise correction factors
# (the platform's bandwidth and latency as stated), no TCP acknowledgement
# traffic, MPICH's collective algorithms (SMPI's default allgather posts every
# message at once, which is quadratic to simulate at thousands of processes).
smpirun -np "$n" -platform "$platform" -hostfile "$hosts" "$driver" \
  --cfg=smpi/simulate-computation:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
  --cfg=network/crosstraffic:0 --cfg=smpi/coll-selector:mpich \
  --log=root.thres:error --log=smpi_kernel.thres:critical "$@"
status=$?
rm -f "$hosts"
exit $status
