# SPDX-License-Identifier: BSD-3-Clause
# Spack recipe for mr2d (docs/building.md, "Spack").
import os

from spack.package import *

# The checkout this recipe lives in: src/packaging/spack/packages/mr2d/.
_SOURCE = os.path.abspath(os.path.join(os.path.dirname(__file__), *[os.pardir] * 5))


class Mr2d(CMakePackage):
    """Fast drop-in replacement for ScaLAPACK's p?gemr2d and p?trmr2d matrix
    redistribution, with C, C++ and Fortran interfaces."""

    # Fetched from the checkout itself; `spack develop mr2d@main` builds a
    # working tree instead.
    homepage = "file://" + _SOURCE
    git = "file://" + _SOURCE

    version("main", branch="main")

    variant("fortran", default=True, description="Fortran module (use mr2d)")
    variant(
        "ilp64",
        default=False,
        description="64-bit integer arguments and descriptors; needs a ScaLAPACK built "
        "with 64-bit integers (e.g. ^intel-oneapi-mkl+ilp64)",
    )
    variant("tests", default=False, description="Build the test suite (spack install --test=root)")

    depends_on("c", type="build")
    depends_on("cxx", type="build")
    depends_on("fortran", type="build", when="+fortran")
    depends_on("cmake@3.18:", type="build")
    depends_on("mpi")
    depends_on("scalapack")
    depends_on("lapack")
    depends_on("blas")
    depends_on("googletest", type="build", when="+tests")

    # Reference ScaLAPACK has 32-bit integers.
    conflicts("^netlib-scalapack", when="+ilp64")

    def cmake_args(self):
        spec = self.spec
        mpi = spec["mpi"]
        args = [
            self.define_from_variant("MR2D_ENABLE_FORTRAN", "fortran"),
            self.define_from_variant("MR2D_ILP64", "ilp64"),
            self.define_from_variant("MR2D_BUILD_TESTS", "tests"),
            self.define("MR2D_BUILD_EXAMPLES", False),
            self.define("MR2D_BUILD_BENCH", False),
            # The spec's libraries, so that nothing is searched.
            self.define("SCALAPACK_LIBRARIES", spec["scalapack"].libs.joined(";")),
            self.define("LAPACK_LIBRARIES", spec["lapack"].libs.joined(";")),
            self.define("BLAS_LIBRARIES", spec["blas"].libs.joined(";")),
            self.define("MPI_C_COMPILER", mpi.mpicc),
            self.define("MPI_CXX_COMPILER", mpi.mpicxx),
            self.define("MPIEXEC_EXECUTABLE", join_path(mpi.prefix.bin, "mpiexec")),
        ]
        if spec.satisfies("+fortran"):
            args.append(self.define("MPI_Fortran_COMPILER", mpi.mpifc))
        return args
