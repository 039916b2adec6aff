#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# mr2d built the way clusters build it: ScaLAPACK, LAPACK(E), BLAS and FFTW
# from a prefix of their own, not from the system's folders. The prefix holds
# copies of Debian's libraries under the names a ScaLAPACK built from source
# has (libscalapack.so) and .pc files of its own. It is configured
#   (a) with pkg-config reading that prefix alone, and
#   (b) with every library given explicitly (build, tests, install),
# and neither build may point at a Debian copy of those libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$PWD/build-prefix
deps=$top/deps
arch_lib=/usr/lib/x86_64-linux-gnu
rm -rf "$top"
mkdir -p "$deps/lib/pkgconfig" "$deps/include"

# copy FILE SONAME [LINKNAME...]: the real file under its soname, link names beside it.
copy() {
  cp -L "$1" "$deps/lib/$2"
  for link in "${@:3}"; do ln -s "$2" "$deps/lib/$link"; done
}
copy $arch_lib/libscalapack-openmpi.so libscalapack-openmpi.so.2.2 libscalapack.so
copy $arch_lib/liblapack.so.3 liblapack.so.3 liblapack.so
copy $arch_lib/libblas.so.3 libblas.so.3 libblas.so
copy $arch_lib/liblapacke.so.3 liblapacke.so.3 liblapacke.so
copy $arch_lib/libfftw3.so.3 libfftw3.so.3 libfftw3.so
copy $arch_lib/libfftw3_mpi.so.3 libfftw3_mpi.so.3 libfftw3_mpi.so
cp /usr/include/lapack.h /usr/include/lapacke*.h /usr/include/fftw3.h /usr/include/fftw3-mpi.h \
  "$deps/include/"

# pc NAME LIBS [REQUIRES]
pc() {
  cat > "$deps/lib/pkgconfig/$1.pc" <<EOF
prefix=$deps
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $1
Description: $1 in a prefix of its own
Version: 1
Libs: -L\${libdir} $2
Cflags: -I\${includedir}
Requires: ${3:-}
EOF
}
pc scalapack -lscalapack "lapack blas"
pc lapack -llapack blas
pc blas -lblas
pc lapacke -llapacke lapack
pc fftw3 -lfftw3
pc fftw3_mpi -lfftw3_mpi fftw3

# No cache entry of a library lookup and no link line may name Debian's copy.
check_clean() {
  local hits
  hits=$( (grep -E '^(SCALAPACK|BLACS|LAPACK|BLAS|FFTW|MR2D_(SCALAPACK|BLACS|LAPACK|BLAS|FFTW|SEARCH|PC)_|pkgcfg_lib_)' \
             "$1/CMakeCache.txt"
           find "$1" -name link.txt -exec cat {} +) \
         | grep -E "$arch_lib/(lib)?(scalapack|lapack|blas|fftw)" || true)
  if [ -n "$hits" ]; then
    echo "prefix build $1 refers to Debian's libraries:"; echo "$hits"; exit 1
  fi
  echo "prefix build $1: no Debian library paths"
}

common=(-DCMAKE_BUILD_TYPE=Release -DMR2D_BUILD_BENCH=OFF -DMR2D_SCALAPACK_TESTS_DIR="$deps/scalapack-tests")

# (a) pkg-config from the prefix alone: configuring (which writes every link
# line) must resolve everything there.
PKG_CONFIG_LIBDIR=$deps/lib/pkgconfig cmake -S . -B "$top/pc" "${common[@]}" | tee "$top/pc.log"
grep -q "mr2d: ScaLAPACK from pkg-config scalapack: $deps/lib/libscalapack.so" "$top/pc.log"
check_clean "$top/pc"

# (b) everything given explicitly, no search at all.
cmake -S . -B "$top/explicit" "${common[@]}" \
  -DSCALAPACK_LIBRARIES="$deps/lib/libscalapack.so" \
  -DLAPACK_LIBRARIES="$deps/lib/liblapack.so" -DBLAS_LIBRARIES="$deps/lib/libblas.so" \
  -DLAPACKE_LIBRARIES="$deps/lib/liblapacke.so" -DLAPACKE_INCLUDE_DIRS="$deps/include" \
  -DFFTW3_LIBRARIES="$deps/lib/libfftw3.so" -DFFTW3_INCLUDE_DIRS="$deps/include" \
  -DFFTW3_MPI_LIBRARIES="$deps/lib/libfftw3_mpi.so" -DFFTW3_MPI_INCLUDE_DIRS="$deps/include" \
  | tee "$top/explicit.log"
grep -q "mr2d: ScaLAPACK from explicit SCALAPACK_LIBRARIES: $deps/lib/libscalapack.so" "$top/explicit.log"
grep -q "compat_x\* tests are not registered" "$top/explicit.log"
cmake --build "$top/explicit" -j2
check_clean "$top/explicit"
ctest --test-dir "$top/explicit" --output-on-failure -j2 \
  -R '^(mr2d_unit|differential_np[1-4]|bad_input_np4|dropin_entries_np4|fortran_.*|compat_link_.*|install_consumer|example_(adi|fft2d))$'
