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
# traffic. Collectives only set plans up (executions are point to point), so
# they take what is quickest to simulate: SMPI's default algorithms, but a
# recursive-doubling allgather (the default posts every message at once,
# quadratic to simulate at thousands of processes). The MPICH and Open MPI
# selectors first map every communicator's node layout, which took 40 s of
# real time per allreduce and per communicator duplicate at 1024 processes.
smpirun -np "$n" -platform "$platform" -hostfile "$hosts" "$driver" \
  --cfg=smpi/simulate-computation:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
  --cfg=network/crosstraffic:0 --cfg=smpi/allgather:rdb \
  --log=root.thres:error --log=smpi_kernel.thres:critical "$@"
status=$?
rm -f "$hosts"
exit $status
