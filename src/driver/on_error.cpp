// SPDX-License-Identifier: BSD-3-Clause
// (MPI) Drop-in error semantics; see on_error.hpp.
#include "driver/on_error.hpp"

#include <dlfcn.h>
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "check/validate.hpp"

namespace mr2d::driver {

bool stop_on_errors() {
  static const bool stop = [] {
    const char* e = std::getenv("MR2D_ON_ERROR");
    if (e == nullptr || *e == '\0' || std::strcmp(e, "abort") == 0) return true;
    if (std::strcmp(e, "return") == 0) return false;
    std::fprintf(stderr, "%s\n",
                 message_of("", std::string("MR2D_ON_ERROR=") + e + " is neither abort nor return: errors stop the job")
                     .c_str());
    return true;
  }();
  return stop;
}

namespace {

// Long enough for a launcher to forward a line of stderr, short beside a
// job's start-up.
constexpr int kAbortGraceMs = 250;

// PBLAS's error entry, wherever the program takes it from (ScaLAPACK, or
// its own): looked up at run time, as the drop-in does not link ScaLAPACK.
// Null where the error is not PBLAS's to report.
void* pb_cabort(const CallSpec& args, const Status& status) {
  if (status.ok() || args.dropin != DropIn::pblas || status.arg <= 0 || !stop_on_errors()) return nullptr;
  return dlsym(RTLD_DEFAULT, "PB_Cabort");
}

}  // namespace

bool reports_through_pb_cabort(const CallSpec& args, const Status& status) {
  return pb_cabort(args, status) != nullptr;
}

void stop_on_error(const CallSpec& args, const Status& status) {
  if (!stop_on_errors()) return;
  if (args.dropin == DropIn::pblas && status.arg > 0) {
    using Abort = void (*)(mr2d_int, const char*, mr2d_int);
    void* symbol = pb_cabort(args, status);
    if (symbol != nullptr) {
      // PBLAS numbers descriptor entries in its 11-entry form, where the
      // initial block sizes IMB_, INB_ (5, 6) follow N_: RSRC_, CSRC_ and
      // LLD_ are 9, 10, 11. It checks IMB_ and INB_ first, which in a
      // ScaLAPACK descriptor are MB_ and NB_; in a type 2 one those are 7, 8.
      static const long long kPblasEntry[2][12] = {{0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 5, 6},
                                                   {0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 5, 6}};
      check::Call call;
      call.args = args.args;
      const bool inb = (status.arg == check::arg_position(call, "DESCA") && args.a.pblas_type2) ||
                       (status.arg == check::arg_position(call, "DESCB") && args.b.pblas_type2);
      const long long entry =
          status.entry >= 1 && status.entry <= check::ENTRY_NAMES ? kPblasEntry[inb ? 1 : 0][status.entry] : 0;
      const long long info = entry > 0 ? 100 * status.arg + entry : status.arg;
      Abort abort_entry;
      std::memcpy(&abort_entry, &symbol, sizeof symbol);
      abort_entry(args.ictxt, args.routine, static_cast<mr2d_int>(-info));
      return;
    }
  }
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) {
    // The message must reach the user before the job dies: a launcher
    // (MPICH's hydra) kills every process on the first abort and drops
    // output it has not yet forwarded, so give it a moment to read ours.
    std::fflush(stdout);
    std::fflush(stderr);
    std::this_thread::sleep_for(std::chrono::milliseconds(kAbortGraceMs));
    MPI_Abort(MPI_COMM_WORLD, status.code);
  }
  std::abort();
}

}  // namespace mr2d::driver
