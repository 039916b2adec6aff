#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# smpirun with the simulation settings of bench/scale (README.md, "Simulation
# settings"): PLATFORM NPROCS DRIVER [driver arguments...]. PLATFORM is a name
# of platforms/ (fat-tree, torus, crossbar), with -ib for SimGrid's InfiniBand
# network model; the driver gets the matching MR2D_NETWORK (network_of.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
name=$1 n=$2 driver=$3
shift 3
platform=$here/platforms/${name%-ib}-$n.xml
model=
case $name in *-ib) model=--cfg=network/model:IB ;; esac
MR2D_NETWORK=$("$here/network_of.sh" "$name" "$n")
export MR2D_NETWORK
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
# No time charged per unsuccessful MPI_Test/Testany (smpi/test:0): SimGrid
# charges smpi/test (1e-4 s by default) times a count that every failed test
# of every simulated process increases, so a test cost tens to hundreds of
# microseconds at 64 processes. The transport tests once after posting a
# stage and blocks in MPI_Waitany after that (MR2D_SIMULATED_MPI); the
# pipeline driver charges its own tests (--test-cost).
smpirun -np "$n" -platform "$platform" -hostfile "$hosts" "$driver" \
  --cfg=smpi/simulate-computation:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
  --cfg=network/crosstraffic:0 --cfg=smpi/allgather:rdb --cfg=smpi/test:0 \
  --log=root.thres:error --log=smpi_kernel.thres:critical $model "$@"
status=$?
rm -f "$hosts"
exit $status
