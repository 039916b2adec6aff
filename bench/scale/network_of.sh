#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# MR2D_NETWORK for a platform of bench/scale (platforms/generate.sh): its
# link latency and bandwidth, one port per host, the topology and its size;
# for a platform simulated with SimGrid's InfiniBand model (a name ending in
# -ib), the loss that model charges a host sending several messages at once
# to busy receivers: 0.925 x 1.35 - 1 = 0.249 (its default penalty factors).
#   network_of.sh fat-tree|torus|crossbar[-ib] N
k=$(awk -v n="$2" 'BEGIN { printf "%d", sqrt(n) + 0.5 }')
case $1 in
  *-ib) loss=",sharing=0.249" ;;
  *) loss="" ;;
esac
case ${1%-ib} in
  fat-tree) echo "latency=1e-6,bandwidth=1e10,ports=1,eager=65536,topology=fat-tree,hops=4$loss" ;;
  torus) echo "latency=1e-6,bandwidth=1e10,ports=1,eager=65536,topology=torus,torus=${k}x${k}$loss" ;;
  crossbar) echo "latency=1e-6,bandwidth=1e10,ports=1,eager=65536,topology=crossbar,hops=2$loss" ;;
esac
