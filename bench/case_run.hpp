// SPDX-License-Identifier: BSD-3-Clause
// One benchmark case on this process: its matrices, the reference result and
// the buffers of the baselines, and the measurement of every variant under
// the allocator settings in force (see bench/README.md for what is measured).
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "case_file.hpp"
#include "distributed_matrix.hpp"
#include "mr2d/mr2d.h"
#include "mr2d/shared_allocator.hpp"
#include "results_csv.hpp"

namespace mr2d::bench {

struct RunSettings {
  int reps = 5;
  double min_rep_s = 0.02;  ///< a repetition repeats the call until it lasts this long
  int machine_cores = 1;
  std::string mr2d_variants;  ///< comma-separated mr2d variants to run; empty: all
  int reference_reps = -1;    ///< repetitions of ScaLAPACK's routine; -1: reps (it always runs once: the reference)
  int costa_reps = -1;        ///< repetitions of the COSTA variant; -1: reps; 0: not run
};

class CaseRun {
 public:
  /// Collective over MPI_COMM_WORLD, whose size must be c.procs.
  CaseRun(const Case& c, const RunSettings& settings);
  ~CaseRun();
  CaseRun(const CaseRun&) = delete;
  CaseRun& operator=(const CaseRun&) = delete;

  /// Measures every variant once, labelled with `allocator`. Collective.
  std::vector<Row> measure_all(const std::string& allocator);

  const Case& spec() const { return case_; }
  const CaseFacts& facts() const { return facts_; }
  /// Problems found so far: data different from ScaLAPACK's, or mr2d's plan
  /// moving other volumes than the layouts imply (same on every process).
  long long failures() const { return failures_; }

 private:
  Row scalapack(const std::string& allocator);
  std::vector<Row> mr2d_variant(const std::string& allocator, const std::string& asked,
                                const mr2d_options& options);
  Row alltoallv(const std::string& allocator);
  Row copy_limit(const std::string& allocator);
#ifdef MR2D_BENCH_WITH_COSTA
  Row costa(const std::string& allocator);
#endif

  int call_mr2d();
  void reset_b();
  long long count_mismatches();
  void check_plan_volumes(const mr2d_plan_info& info);
  void require(int status, const char* what) const;

  Case case_;
  RunSettings settings_;
  int rank_ = 0;
  int ictxt_ = -1;
  int type_code_ = 0;
  DistributedMatrix a_, b_;
  std::vector<unsigned char> reference_b_;
  // A and B again in mr2d_alloc memory (the mr2d-alloc row: node peers read A in place).
  std::vector<unsigned char, mr2d::SharedAllocator<unsigned char>> shared_a_, shared_b_;
  std::vector<long long> send_bytes_;
  std::vector<int> send_counts_, send_displs_, recv_counts_, recv_displs_;
  std::vector<unsigned char> send_buffer_, recv_buffer_;
  CaseFacts facts_;
  long long failures_ = 0;
};

}  // namespace mr2d::bench
