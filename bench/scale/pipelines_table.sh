#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The overlap table of README.md from a pipelines results file (pipelines.sh):
# simulated microseconds per step.
#   bench/scale/pipelines_table.sh [pipelines.csv]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
echo "| platform | procs | pipeline | moves alone | compute alone | ideal | blocking | overlapped | overlapped / ideal | blocking / overlapped |"
echo "|---|---|---|---|---|---|---|---|---|---|"
awk -F, 'NR > 1 {
  if ($17 == "timeout") { printf "| %s | %s | %s | timeout | | | | | | |\n", $1, $2, $3; next }
  printf "| %s | %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.3f | %.2f |\n",
    $1, $2, $3, $13 * 1e6, $14 * 1e6, $15 * 1e6, $16 * 1e6, $17 * 1e6, $18, $19
}' "${1:-$here/pipelines.csv}"
