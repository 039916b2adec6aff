#!/bin/sh
# MR2D_NETWORK for a platform of bench/scale (platforms/generate.sh): its
# link latency and bandwidth, one port per host, the topology and its size.
#   network_of.sh fat-tree|torus N
k=$(awk -v n="$2" 'BEGIN { printf "%d", sqrt(n) + 0.5 }')
case $1 in
  fat-tree) echo "latency=1e-6,bandwidth=1e10,ports=1,topology=fat-tree,hops=4" ;;
  torus) echo "latency=1e-6,bandwidth=1e10,ports=1,topology=torus,torus=${k}x${k}" ;;
esac
