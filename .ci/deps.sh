#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian 12 packages mr2d needs, if any is missing.
set -euo pipefail
pkgs=(build-essential cmake gfortran pkg-config openmpi-bin libopenmpi-dev
      libscalapack-openmpi-dev liblapacke-dev libgtest-dev libfftw3-dev libfftw3-mpi-dev
      scalapack-mpi-test gnuplot-nox valgrind librsvg2-bin clang-format libsimgrid-dev simgrid
      mpich libmpich-dev libscalapack-mpich-dev doxygen)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
