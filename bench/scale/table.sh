#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The results table of README.md from a results file of run.sh:
#   bench/scale/table.sh [results.csv]
# One row per platform, process count, case and pipelining setting; simulated
# microseconds per schedule, (n) the steps of a stepped schedule, auto's pick,
# auto's time over the best schedule's, and the network model's prediction
# for auto's pick. A simulation that ran out of time
# shows as "timeout", one never run as "-".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
awk -F, '
  NR == 1 { next }
  {
    plat = $1; procs = $2; name = $3; sched = $8; pipe = $9
    if ($15 == "timeout") { np = 2; pipes[1] = "off"; pipes[2] = "on" } else { np = 1; pipes[1] = pipe }
    for (i = 1; i <= np; ++i) {
      key = plat SUBSEP procs SUBSEP name SUBSEP pipes[i]
      if (!(key in seen)) { seen[key] = 1; order[++rows] = key }
      if ($15 == "timeout") { t[key, sched] = "timeout"; continue }
      t[key, sched] = $15 * 1e6; steps[key, sched] = $12; bound[key] = $13
      if (sched == "auto") { pick[key] = $11; predicted[key] = $14 * 1e6 }
    }
  }
  function cell(key, s,   v) {
    if (!((key, s) in t)) return "-"
    v = t[key, s]
    if (v == "timeout") return v
    v = sprintf("%.1f", v)
    if (s == "caterpillar" || s == "optimal") v = v " (" steps[key, s] ")"
    return v
  }
  END {
    print "| platform | procs | case | pipelining | lower bound (steps) | async | caterpillar | circulant* | optimal | auto (pick) | auto / best | predicted |"
    print "|---|---|---|---|---|---|---|---|---|---|---|---|"
    n = split("async caterpillar circulant optimal", names, " ")
    for (r = 1; r <= rows; ++r) {
      key = order[r]; split(key, f, SUBSEP)
      best = ""
      for (k = 1; k <= n; ++k)
        if ((key, names[k]) in t && t[key, names[k]] != "timeout" && (best == "" || t[key, names[k]] + 0 < best)) best = t[key, names[k]] + 0
      a = cell(key, "auto")
      if (a != "-" && a != "timeout") a = a " (" pick[key] ")"
      ratio = (key, "auto") in t && t[key, "auto"] != "timeout" && best != "" ? sprintf("%.2f", t[key, "auto"] / best) : "-"
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f[1], f[2], f[3], f[4],
             (key in bound) ? bound[key] : "-", cell(key, "async"), cell(key, "caterpillar"),
             cell(key, "circulant"), cell(key, "optimal"), a, ratio,
             (key in predicted) ? sprintf("%.1f", predicted[key]) : "-"
    }
  }' "${1:-$here/results.csv}"
