// SPDX-License-Identifier: BSD-3-Clause
// Measurement of one case's variants (see case_run.hpp).
#include "case_run.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "element_types.hpp"
#ifdef MR2D_BENCH_WITH_COSTA
#include "costa_variant.hpp"
#endif
#include "pair_volumes.hpp"
#include "timing.hpp"

namespace mr2d::bench {

namespace {

constexpr unsigned char kSentinel = 0x5A;
constexpr long long kLargeLocalBytes = 32LL << 20;
constexpr long long kSmallVolumeBytes = 1LL << 20;
constexpr std::size_t kCopyChunk = std::size_t{64} << 20;
// Every mr2d variant measured: each schedule (the rest automatic), then the
// indexing modes, the phase strategies and the pipelining chunk sizes
// (schedule automatic; "auto" has the default 256 KiB chunks).
struct Variant {
  const char* name;
  mr2d_options options;
};
constexpr Variant kVariants[] = {
    {"caterpillar", {MR2D_SCHEDULE_CATERPILLAR, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"circulant", {MR2D_SCHEDULE_CIRCULANT, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"optimal", {MR2D_SCHEDULE_OPTIMAL, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"async", {MR2D_SCHEDULE_ASYNC, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"bbc", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_BBC, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"cdc", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_CDC, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"one", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_ONE, MR2D_TRANSPORT_AUTO, 0}},
    {"gcd", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_GCD, MR2D_TRANSPORT_AUTO, 0}},
    {"lcm", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_LCM, MR2D_TRANSPORT_AUTO, 0}},
    {"unpipelined", {MR2D_SCHEDULE_AUTO, -1, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"chunks-64k", {MR2D_SCHEDULE_AUTO, 64 << 10, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"chunks-1m", {MR2D_SCHEDULE_AUTO, 1 << 20, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}},
    {"transport-mpi", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_MPI, 0}},
    {"auto", {MR2D_SCHEDULE_AUTO, 0, MR2D_INDEXING_AUTO, MR2D_PHASES_AUTO, MR2D_TRANSPORT_AUTO, 0}}};

// What a plan resolved each automatic choice to, e.g. "async/cdc/one".
std::string resolved_name(const mr2d_plan_info& info) {
  return std::string(mr2d_schedule_name(info.schedule)) + "/" + mr2d_indexing_name(info.indexing) + "/" +
         mr2d_phases_name(info.phases);
}

long long sum_over(MPI_Comm comm, long long mine) {
  long long total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_LONG_LONG, MPI_SUM, comm);
  return total;
}

long long max_over(MPI_Comm comm, long long mine) {
  long long most = 0;
  MPI_Allreduce(&mine, &most, 1, MPI_LONG_LONG, MPI_MAX, comm);
  return most;
}

std::vector<int> to_int_counts(const std::vector<long long>& bytes) {
  std::vector<int> counts;
  for (long long v : bytes) {
    if (v > INT_MAX) throw std::runtime_error("a per-pair volume exceeds MPI_Alltoallv's int counts");
    counts.push_back(static_cast<int>(v));
  }
  return counts;
}

std::vector<int> displacements(const std::vector<int>& counts) {
  std::vector<int> displs(counts.size(), 0);
  long long offset = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    if (offset > INT_MAX) throw std::runtime_error("a send buffer exceeds MPI_Alltoallv's int offsets");
    displs[r] = static_cast<int>(offset);
    offset += counts[r];
  }
  return displs;
}

std::size_t total(const std::vector<int>& counts) {
  return static_cast<std::size_t>(std::accumulate(counts.begin(), counts.end(), 0LL));
}

}  // namespace

CaseRun::CaseRun(const Case& c, const RunSettings& settings) : case_(c), settings_(settings) {
  int size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != c.procs) throw std::runtime_error(c.name + " needs " + std::to_string(c.procs) + " processes");
  type_code_ = type_code(c.type);
  const std::size_t elem = element_size(c.type);
  a_ = make_matrix(c.a, c.m, c.n, elem);
  b_ = make_matrix(c.b, c.m, c.n, elem);
  ictxt_ = make_union_context(c.procs);
  fill_with_positions(c.type, a_);
  shared_a_.assign(a_.bytes.begin(), a_.bytes.end());
  shared_b_.assign(b_.bytes.size(), 0);

  send_bytes_ = send_volumes(c, a_, c.procs);
  send_counts_ = to_int_counts(send_bytes_);
  recv_counts_.assign(send_counts_.size(), 0);
  MPI_Alltoall(send_counts_.data(), 1, MPI_INT, recv_counts_.data(), 1, MPI_INT, MPI_COMM_WORLD);
  send_displs_ = displacements(send_counts_);
  recv_displs_ = displacements(recv_counts_);
  send_buffer_.assign(std::max<std::size_t>(1, total(send_counts_)), 1);
  recv_buffer_.assign(std::max<std::size_t>(1, total(recv_counts_)), 0);

  facts_.cores = std::min(c.procs, settings.machine_cores);
  facts_.volume_bytes = sum_over(MPI_COMM_WORLD, std::accumulate(send_bytes_.begin(), send_bytes_.end(), 0LL));
  facts_.local_bytes = max_over(MPI_COMM_WORLD, static_cast<long long>(std::max(a_.bytes.size(), b_.bytes.size())));
  facts_.size_class = facts_.local_bytes >= kLargeLocalBytes     ? "large"
                      : facts_.volume_bytes <= kSmallVolumeBytes ? "small"
                                                                 : "medium";
}

CaseRun::~CaseRun() {
  release_context(a_.ctxt);
  release_context(b_.ctxt);
  release_context(ictxt_);
}

std::vector<Row> CaseRun::measure_all(const std::string& allocator) {
  std::vector<Row> rows{scalapack(allocator)};
  mr2d_options saved;
  mr2d_get_options(&saved);
  const std::string wanted = "," + settings_.mr2d_variants + ",";
  for (const Variant& v : kVariants) {
    if (!settings_.mr2d_variants.empty() && wanted.find("," + std::string(v.name) + ",") == std::string::npos)
      continue;
    std::vector<Row> more = mr2d_variant(allocator, v.name, v.options);
    rows.insert(rows.end(), more.begin(), more.end());
  }
  mr2d_set_options(&saved);
  rows.push_back(alltoallv(allocator));
  rows.push_back(copy_limit(allocator));
#ifdef MR2D_BENCH_WITH_COSTA
  if (settings_.costa_reps != 0) rows.push_back(costa(allocator));
#endif
  return rows;
}

Row CaseRun::scalapack(const std::string& allocator) {
  reset_b();
  Row row{allocator, "scalapack", "", "", {}, -1, -1};
  const int reps = settings_.reference_reps > 0 ? settings_.reference_reps : settings_.reps;
  row.timing = measure(reps, settings_.min_rep_s, [&] { scalapack_copy(case_, a_, b_, ictxt_); },
                       across(MPI_COMM_WORLD));
  if (reference_b_.empty()) reference_b_ = b_.bytes;
  else row.mismatches = count_mismatches();
  return row;
}

std::vector<Row> CaseRun::mr2d_variant(const std::string& allocator, const std::string& asked,
                                       const mr2d_options& options) {
  require(mr2d_set_options(&options), "mr2d_set_options");
  mr2d_plan plan = nullptr;
  char uplo[2] = {case_.uplo, 0}, diag[2] = {case_.diag, 0};
  require(case_.trapezoidal
              ? mr2d_plan_create_trmr2d(&plan, type_code_, uplo, diag, case_.m, case_.n, 1, 1, a_.desc, 1, 1,
                                        b_.desc, ictxt_, &options)
              : mr2d_plan_create_gemr2d(&plan, type_code_, case_.m, case_.n, 1, 1, a_.desc, 1, 1, b_.desc,
                                        ictxt_, &options),
          "mr2d_plan_create");
  mr2d_plan_info info;
  require(mr2d_plan_query(plan, &info), "mr2d_plan_query");
  if (info.phases == MR2D_PHASES_ONE) check_plan_volumes(info);  // two phases move the data twice
  const long long extra = max_over(MPI_COMM_WORLD, info.extra_bytes);
  const std::string used = resolved_name(info);

  std::vector<Row> rows;
  reset_b();
  Row direct{allocator, "mr2d", asked, used, {}, extra, -1};
  direct.timing = measure(settings_.reps, settings_.min_rep_s, [&] { require(call_mr2d(), "mr2d call"); },
                          across(MPI_COMM_WORLD));
  direct.mismatches = count_mismatches();
  rows.push_back(direct);
  if (asked == "auto") {
    reset_b();
    Row planned{allocator, "mr2d-plan", asked, used, {}, extra, -1};
    planned.timing = measure(settings_.reps, settings_.min_rep_s,
                             [&] { require(mr2d_plan_execute(plan, a_.bytes.data(), b_.bytes.data()), "mr2d_plan_execute"); },
                             across(MPI_COMM_WORLD));
    planned.mismatches = count_mismatches();
    rows.push_back(planned);
    // The same plan with A and B in mr2d_alloc memory: node peers copy from A
    // into B in place (one copy instead of two).
    std::fill(shared_b_.begin(), shared_b_.end(), kSentinel);
    Row alloc{allocator, "mr2d-alloc", asked, used, {}, extra, -1};
    alloc.timing = measure(settings_.reps, settings_.min_rep_s,
                           [&] { require(mr2d_plan_execute(plan, shared_a_.data(), shared_b_.data()), "mr2d_plan_execute"); },
                           across(MPI_COMM_WORLD));
    std::copy(shared_b_.begin(), shared_b_.end(), b_.bytes.begin());
    alloc.mismatches = count_mismatches();
    rows.push_back(alloc);
  }
  mr2d_plan_destroy(&plan);
  return rows;
}

Row CaseRun::alltoallv(const std::string& allocator) {
  Row row{allocator, "alltoallv", "", "", {}, -1, -1};
  row.timing = measure(
      settings_.reps, settings_.min_rep_s,
      [&] {
        MPI_Alltoallv(send_buffer_.data(), send_counts_.data(), send_displs_.data(), MPI_BYTE, recv_buffer_.data(),
                      recv_counts_.data(), recv_displs_.data(), MPI_BYTE, MPI_COMM_WORLD);
      },
      across(MPI_COMM_WORLD));
  row.extra_bytes = max_over(MPI_COMM_WORLD, static_cast<long long>(send_buffer_.size() + recv_buffer_.size()));
  return row;
}

// Rank 0 copies the whole volume with memcpy while the others sleep; the time
// is divided by the cores the run can use at once.
Row CaseRun::copy_limit(const std::string& allocator) {
  Row row{allocator, "copy-limit", "", "", {}, -1, -1};
  double times[3] = {0, 0, 0};
  if (rank_ == 0) {
    const auto volume = static_cast<std::size_t>(facts_.volume_bytes);
    const std::size_t chunk = std::max<std::size_t>(1, std::min(volume, kCopyChunk));
    std::vector<unsigned char> from(chunk, 1), to(chunk, 0);
    const Timing t = measure(
        settings_.reps, settings_.min_rep_s,
        [&] {
          for (std::size_t done = 0; done < volume; done += chunk)
            std::memcpy(to.data(), from.data(), std::min(chunk, volume - done));
        },
        alone());
    times[0] = t.min_s;
    times[1] = t.median_s;
    times[2] = t.calls_per_rep;
    volatile unsigned char keep = to[chunk - 1];  // the copies have an observable result
    (void)keep;
  }
  idle_barrier(MPI_COMM_WORLD);
  MPI_Bcast(times, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  row.timing.min_s = times[0] / facts_.cores;
  row.timing.median_s = times[1] / facts_.cores;
  row.timing.calls_per_rep = static_cast<int>(times[2]);
  return row;
}

#ifdef MR2D_BENCH_WITH_COSTA
// A case COSTA cannot do keeps a row without times that says why, so the
// table can tell it from a build without COSTA.
Row CaseRun::costa(const std::string& allocator) {
  Row row{allocator, "costa", "", "", {}, -1, -1};
  const CostaCall call = prepare_costa(case_, a_, b_, MPI_COMM_WORLD);
  if (!call.run) {
    row.resolved = call.why_not;
    std::replace(row.resolved.begin(), row.resolved.end(), ',', ';');  // one CSV field
    return row;
  }
  reset_b();
  // COSTA takes seconds per call on the cases of short runs: --costa-reps
  // bounds what it adds to a run of many launches.
  const int reps = settings_.costa_reps > 0 ? settings_.costa_reps : settings_.reps;
  row.timing = measure(reps, settings_.min_rep_s, call.run, across(MPI_COMM_WORLD));
  row.extra_bytes = max_over(MPI_COMM_WORLD, call.workspace_bytes());
  row.mismatches = count_mismatches();
  return row;
}
#endif

int CaseRun::call_mr2d() {
  char uplo[2] = {case_.uplo, 0}, diag[2] = {case_.diag, 0};
  if (case_.trapezoidal)
    return mr2d_trmr2d(type_code_, uplo, diag, case_.m, case_.n, a_.bytes.data(), 1, 1, a_.desc, b_.bytes.data(),
                       1, 1, b_.desc, ictxt_);
  return mr2d_gemr2d(type_code_, case_.m, case_.n, a_.bytes.data(), 1, 1, a_.desc, b_.bytes.data(), 1, 1,
                     b_.desc, ictxt_);
}

void CaseRun::reset_b() { std::fill(b_.bytes.begin(), b_.bytes.end(), kSentinel); }

long long CaseRun::count_mismatches() {
  long long wrong = 0;
  for (std::size_t e = 0; e < b_.bytes.size(); e += b_.elem_size)
    wrong += std::memcmp(&b_.bytes[e], &reference_b_[e], b_.elem_size) != 0;
  wrong = sum_over(MPI_COMM_WORLD, wrong);
  failures_ += wrong > 0;
  return wrong;
}

// mr2d's plan and the baseline's counts come from different code; their
// volumes must agree, or the baseline would not move what mr2d moves.
void CaseRun::check_plan_volumes(const mr2d_plan_info& info) {
  long long sent = 0, received = 0;
  for (std::size_t r = 0; r < send_bytes_.size(); ++r) {
    if (static_cast<int>(r) == rank_) continue;
    sent += send_bytes_[r];
    received += recv_counts_[r];
  }
  const long long local = send_bytes_[static_cast<std::size_t>(rank_)];
  const bool agree = info.bytes_sent == sent && info.bytes_received == received && info.bytes_local == local;
  if (!agree)
    std::fprintf(stderr, "%s: process %d: mr2d plans %lld/%lld/%lld bytes out/in/local, the layouts imply %lld/%lld/%lld\n",
                 case_.name.c_str(), rank_, info.bytes_sent, info.bytes_received, info.bytes_local, sent, received,
                 local);
  failures_ += sum_over(MPI_COMM_WORLD, agree ? 0 : 1);
}

void CaseRun::require(int status, const char* what) const {
  if (status == MR2D_SUCCESS) return;
  std::fprintf(stderr, "%s: %s failed on process %d: %s\n", case_.name.c_str(), what, rank_, mr2d_last_error());
  MPI_Abort(MPI_COMM_WORLD, 1);
}

}  // namespace mr2d::bench
