// SPDX-License-Identifier: BSD-3-Clause
// The start both simulation drivers share: MPI up, the command line parsed,
// both grids within MPI_COMM_WORLD.
#pragma once

#include <mpi.h>

#include <cstdio>
#include <string>

namespace mr2d::scale {

/// MPI_Init, then parse(argc, argv, args, error). False, after a message on
/// rank 0 and MPI_Finalize, where the line is wrong or a grid (args.a,
/// args.b) needs more processes than MPI_COMM_WORLD has.
template <class Args, class Parse>
bool start_driver(const char* name, int& argc, char**& argv, Parse parse, Args& args, int& rank, int& size) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::string error;
  if (parse(argc, argv, args, error) && args.a.p * args.a.q <= size && args.b.p * args.b.q <= size) return true;
  if (rank == 0) std::fprintf(stderr, "%s: %s\n", name, error.empty() ? "a grid needs more processes" : error.c_str());
  MPI_Finalize();
  return false;
}

}  // namespace mr2d::scale
