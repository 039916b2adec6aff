#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Writes the simulated clusters of bench/scale (README.md, "Platforms"):
# fat-tree-N.xml, a two-level full-bisection fat tree of N hosts (k leaf
# switches of k hosts, each with one uplink to each of k spine switches),
# torus-N.xml, a k x k 2D torus, and crossbar-N.xml, N hosts on one
# non-blocking switch; k = sqrt(N). Every link: 10 GB/s each way (split
# duplex), 1 us. One single-core host per simulated process.
set -eu
cd "$(dirname "$0")"
for n in 64 256 1024 4096; do
  k=$(awk -v n="$n" 'BEGIN { printf "%d", sqrt(n) + 0.5 }')
  [ "$n" = 64 ] && k=8
  for kind in fat-tree torus crossbar; do
    case $kind in
      fat-tree) topo='topology="FAT_TREE" topo_parameters="2;'$k,$k';1,'$k';1,1"' ;;
      torus) topo='topology="TORUS" topo_parameters="'$k,$k'"' ;;
      # The switch: a backbone that limits each message to the link speed
      # but is shared by none (FATPIPE).
      crossbar) topo='bb_bw="10GBps" bb_lat="0us" bb_sharing_policy="FATPIPE"' ;;
    esac
    cat > "$kind-$n.xml" <<XML
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="$kind-$n" prefix="node-" suffix="" radical="0-$((n - 1))" speed="1Gf"
           bw="10GBps" lat="1us" sharing_policy="SPLITDUPLEX" $topo/>
</platform>
XML
    seq 0 $((n - 1)) | sed 's/^/node-/' > "hosts-$n.txt"
  done
done
