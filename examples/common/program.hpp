// SPDX-License-Identifier: BSD-3-Clause
// The start and end every example shares: the command line checked, MPI up,
// rank and process count, and one exit status agreed by all processes.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "blacs.hpp"
#include "program_args.hpp"

namespace examples {

class Program {
 public:
  /// Answers --help with `usage` and rejects more than `names.size()`
  /// arguments or one that is not an integer from 1 to `max_value`, all
  /// before MPI starts; `names` are the arguments as the usage calls them.
  /// `switches` are the options without a value ("--blocking") the program
  /// takes, anywhere on the line; switched() says which were given.
  /// `valued` are the options followed by an integer from 1 to `max_value`
  /// ("--reps 5"), anywhere on the line; option() reads them.
  Program(int& argc, char**& argv, const char* usage, std::vector<const char*> names, int max_value = 46340,
          std::vector<std::string> switches = {}, std::vector<std::string> valued = {}) {
    const program_args::Args args(argc, argv, usage);
    std::vector<const char*> integers;
    for (int k = 1; k <= args.count(); ++k) {
      const std::string text = args.at(k);
      if (text.rfind("--", 0) != 0) {
        integers.push_back(args.at(k));
      } else if (std::find(switches.begin(), switches.end(), text) != switches.end()) {
        given_.push_back(text);
      } else if (std::find(valued.begin(), valued.end(), text) != valued.end()) {
        if (k == args.count()) args.reject(text + " needs a value");
        options_.emplace_back(text, static_cast<int>(args.integer(args.at(++k), text, 1, max_value)));
      } else {
        args.reject("unknown option '" + text + "'");
      }
    }
    if (integers.size() > names.size())
      args.reject("takes at most " + std::to_string(names.size()) + " arguments");
    for (std::size_t k = 0; k < integers.size(); ++k)
      values_.push_back(static_cast<int>(args.integer(integers[k], names[k], 1, max_value)));
    MPI_Init(&argc, &argv);
    Cblacs_pinfo(&rank, &nprocs);
  }

  /// Integer argument k (1-based), or `fallback` when it is absent.
  int arg(int k, int fallback) const {
    return static_cast<int>(values_.size()) >= k ? values_[static_cast<std::size_t>(k - 1)] : fallback;
  }

  /// Whether the switch `name` ("--blocking") was given.
  bool switched(const std::string& name) const {
    return std::find(given_.begin(), given_.end(), name) != given_.end();
  }

  /// The value of the option `name` ("--reps"), or `fallback` when it is absent.
  int option(const std::string& name, int fallback) const {
    for (const auto& o : options_)
      if (o.first == name) return o.second;
    return fallback;
  }

  /// Ends MPI after rank 0 prints `why`; the exit status for a misuse.
  int usage_error(const char* why) const {
    if (rank == 0) std::fprintf(stderr, "%s\n", why);
    MPI_Finalize();
    return 2;
  }

  /// Ends MPI; the exit status is 0 only if `passed` holds on every process.
  int finish(bool passed) const {
    int mine = passed ? 1 : 0, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Finalize();
    return all ? 0 : 1;
  }

  int rank = 0, nprocs = 1;

 private:
  std::vector<int> values_;
  std::vector<std::string> given_;
  std::vector<std::pair<std::string, int>> options_;
};

}  // namespace examples
