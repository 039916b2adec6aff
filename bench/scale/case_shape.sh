#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Shapes of one case at N = k*k processes (cases.txt): prints M=, A=, B= for eval.
#   case_shape.sh N A-KIND B-KIND M-PER-K
# Grid kinds: KxK:blk (k x k), 2KxK/2:blk (2k x k/2), K/2x2K:blk, KxK/2:blk (half
# the processes); blk is MBxNB. M = M-PER-K * k (square matrix).
set -eu
n=$1
k=$(awk -v n="$n" 'BEGIN { printf "%d", sqrt(n) + 0.5 }')
grid() {
  shape=${1%%:*} blk=${1#*:}
  r=${shape%%x*} c=${shape#*x}
  echo "$(dim "$r")x$(dim "$c"):$blk"
}
dim() {
  case $1 in
    K) echo "$k" ;; 2K) echo $((2 * k)) ;; K/2) echo $((k / 2)) ;;
    *) echo "$1" ;;
  esac
}
echo "M=$(($4 * k)) A=$(grid "$2") B=$(grid "$3")"
