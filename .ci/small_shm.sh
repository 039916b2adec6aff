#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Runs the transport tests as in a container: inside a private mount namespace
# (unshare -m, as root) whose /dev/shm is a tmpfs of $1 (Docker's default is
# 64 MiB), MPI over TCP (OpenMPI's own shared memory lives in /dev/shm too).
# Every call under the automatic transport must succeed, through shared memory
# within what /dev/shm has or through MPI, with results equal to ScaLAPACK's
# (tests that demand shared memory for hundreds of grids at once are left
# out: there that is an error by design); a 16-process all-to-all of a
# 4000 x 4000 matrix grows /dev/shm by at most 64 MiB, and six union contexts
# at once by at most half of it.
set -euo pipefail
size=$1
build=${2:-build}
if [ "${MR2D_IN_SMALL_SHM:-}" != 1 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo -E"
  exec $sudo_cmd env MR2D_IN_SMALL_SHM=1 unshare -m bash "$0" "$@"
fi
mount -t tmpfs -o size="$size" tmpfs /dev/shm
echo "private /dev/shm: $(df -h /dev/shm | tail -1)"
export OMPI_MCA_btl=self,tcp OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ctest --test-dir "$build" --output-on-failure -j2 \
  -R '^(differential_np4|differential_transport_mpi_.*|differential_nodes.*|differential_async_np5|shm_.*|batch_np4|plan_api_np3)$'
mpirun -np 16 --oversubscribe "$build/bin/test_shm_safety" alltoall --m 4000 --n 4000 --statvfs \
  --max-node-shm $((64 << 20))
# Six union contexts alive at once still leave half of /dev/shm to others.
mpirun -np 8 --oversubscribe "$build/bin/test_shm_safety" alltoall --m 2000 --n 2000 --statvfs \
  --contexts 6 --max-node-shm $((64 << 20))
