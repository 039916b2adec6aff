#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Symbol hygiene: the libraries export exactly the allowed names.
#   check_exports.sh HEADERS LIBRARY [scalapack]
# HEADERS: the public C headers, separated by colons (mr2d.h:mr2d_comm.h).
# Allowed: every mr2d_ function declared in HEADERS (the typed mr2d_p?gemr2d /
# mr2d_p?trmr2d expanded for s d c z i), plus, with `scalapack`, ScaLAPACK's
# 40 redistribution entry points, PBLAS's six transposes and its adds p?geadd_
# and p?tradd_ (s d c z). Anything else defined and exported fails
# the test: a drop-in must never shadow ScaLAPACK's helpers (localsize, ppcm,
# changeorigin, mr2d_malloc, ...).
set -euo pipefail
IFS=: read -r -a headers <<< "$1"
library=$2 with_scalapack=${3:-}

allowed=$(mktemp) exported=$(mktemp)
trap 'rm -f "$allowed" "$exported"' EXIT
{
  # Plain prototypes: MR2D_API <type> mr2d_name(
  grep -hoE 'MR2D_API[^(]*\bmr2d_[a-z0-9_]+\(' "${headers[@]}" | grep -oE 'mr2d_[a-z0-9_]+' | grep -v '##'
  for x in s d c z i; do
    echo "mr2d_p${x}gemr2d"
    echo "mr2d_p${x}trmr2d"
    if [ "$with_scalapack" = scalapack ]; then
      for r in gemr2d trmr2d; do
        echo "p${x}${r}_"; echo "p${x}${r}o_"; echo "Cp${x}${r}"; echo "Cp${x}${r}o"
      done
    fi
  done
  if [ "$with_scalapack" = scalapack ]; then
    printf '%s\n' pstran_ pdtran_ pctranu_ pctranc_ pztranu_ pztranc_
    for x in s d c z; do echo "p${x}geadd_"; echo "p${x}tradd_"; done
  fi
} | sort -u > "$allowed"

# Defined dynamic symbols (functions and data), without version nodes.
nm -D --defined-only "$library" | awk '$2 != "A" {print $3}' | sed 's/@.*//' | sort -u > "$exported"

extra=$(comm -13 "$allowed" "$exported")
missing=$(comm -23 "$allowed" "$exported")
echo "$(basename "$library"): $(wc -l < "$exported") exported, $(wc -l < "$allowed") allowed"
status=0
if [ -n "$extra" ]; then
  echo "exported but not allowed:"; echo "$extra"; status=1
fi
if [ -n "$missing" ]; then
  echo "allowed but not exported:"; echo "$missing"; status=1
fi
for helper in localsize ppcm changeorigin mr2d_malloc; do
  if grep -qx "$helper" "$exported"; then echo "shadows ScaLAPACK's $helper"; status=1; fi
done
exit $status
