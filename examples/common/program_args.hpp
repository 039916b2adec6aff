// SPDX-License-Identifier: BSD-3-Clause
// The command line of the example and benchmark programs, read before MPI
// starts: --help (or -h) prints the usage to stdout and exits 0; a bad
// argument prints "<program>: <why>" and the usage to stderr and exits 2.
// Under mpirun only the first process prints.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>

namespace program_args {

class Args {
 public:
  /// `usage` starts with "usage: <program> ..."; answers --help and -h.
  Args(int argc, char** argv, const char* usage) : argc_(argc), argv_(argv), usage_(usage) {
    const char* slash = argc > 0 ? std::strrchr(argv[0], '/') : nullptr;
    name_ = argc > 0 ? (slash != nullptr ? slash + 1 : argv[0]) : "program";
    for (int k = 1; k < argc; ++k)
      if (std::strcmp(argv[k], "--help") == 0 || std::strcmp(argv[k], "-h") == 0) {
        if (first_process()) std::fputs(usage_, stdout);
        std::exit(0);
      }
  }

  int count() const { return argc_ - 1; }
  /// Argument k, 1-based.
  const char* at(int k) const { return argv_[k]; }

  [[noreturn]] void reject(const std::string& why) const {
    if (first_process()) std::fprintf(stderr, "%s: %s\n%s", name_.c_str(), why.c_str(), usage_);
    std::exit(2);
  }

  /// A whole decimal integer in [lo, hi] named `what` in the message.
  long long integer(const char* text, const std::string& what, long long lo, long long hi) const {
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi)
      reject(what + " is '" + text + "', must be an integer from " + std::to_string(lo) + " to " +
             std::to_string(hi));
    return v;
  }

  /// A number in [lo, hi] named `what` in the message.
  double real(const char* text, const std::string& what, double lo, double hi) const {
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text, &end);
    if (*text == '\0' || *end != '\0' || errno != 0 || !(v >= lo && v <= hi))
      reject(what + " is '" + text + "', must be a number from " + std::to_string(lo) + " to " +
             std::to_string(hi));
    return v;
  }

  /// Options of the form "--name VALUE", each handed to take(name, value);
  /// take returns false for a name it does not know. Anything else is rejected.
  void options(const std::function<bool(const std::string&, const char*)>& take) const {
    for (int k = 1; k < argc_; k += 2) {
      const std::string name = argv_[k];
      if (name.rfind("--", 0) != 0) reject("unexpected argument '" + name + "'");
      if (k + 1 >= argc_) reject(name + " needs a value");
      if (!take(name, argv_[k + 1])) reject("unknown option '" + name + "'");
    }
  }

 private:
  /// Rank 0 of an mpirun (Open MPI, MPICH or PMIx), or a process on its own.
  static bool first_process() {
    for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
      if (const char* rank = std::getenv(var)) return std::strcmp(rank, "0") == 0;
    return true;
  }

  int argc_;
  char** argv_;
  const char* usage_;
  std::string name_;
};

}  // namespace program_args
