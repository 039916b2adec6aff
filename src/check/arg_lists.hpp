// SPDX-License-Identifier: BSD-3-Clause
// The argument lists of the entry points, as data: each entry point names
// its list in its call spec, and the checks use it only to word messages
// (an argument's 1-based position and the name printed). Positions live
// here alone. Pure data, no MPI.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace mr2d::check {

/// One argument: the name messages print, and what else the checks call it
/// (PBLAS's C is B; a grid-layout side MA is both DESCA and GRIDA).
struct ArgName {
  const char* shown;
  const char* role = nullptr;   ///< null: only `shown`
  const char* role2 = nullptr;  ///< a second role of the same argument
  bool plays(const char* name) const {
    return std::strcmp(shown, name) == 0 || (role != nullptr && std::strcmp(role, name) == 0) ||
           (role2 != nullptr && std::strcmp(role2, name) == 0);
  }
};

/// An entry point's argument list in order (the type argument of the
/// type-generic entries is not counted).
struct ArgList {
  const ArgName* names = nullptr;
  int count = 0;
};

template <std::size_t N>
constexpr ArgList list_of(const ArgName (&names)[N]) {
  return {names, static_cast<int>(N)};
}
template <std::size_t N>
constexpr ArgList list_of(const std::array<ArgName, N>& names) {
  return {names.data(), static_cast<int>(N)};
}

/// A context entry's list (ICTXT last) as its communicator twin takes it:
/// COMM at position `at` (0-based), no ICTXT.
template <std::size_t N>
constexpr std::array<ArgName, N> over_comm(const ArgName (&names)[N], std::size_t at) {
  std::array<ArgName, N> out{};
  for (std::size_t k = 0, from = 0; k < N; ++k) out[k] = k == at ? ArgName{"COMM"} : names[from++];
  return out;
}

/// 1-based position of the argument `name` plays in `list`; 0 if none does.
inline std::int64_t arg_position(const ArgList& list, const char* name) {
  for (int k = 0; k < list.count; ++k)
    if (list.names[k].plays(name)) return k + 1;
  return 0;
}

// p?gemr2d, p?trmr2d (UPLO and DIAG first) and mr2d_gemr2d_strided (strides
// after each start).
inline constexpr ArgName kGemr2d[] = {{"M"}, {"N"},  {"A"},  {"IA"},    {"JA"},   {"DESCA"},
                                      {"B"}, {"IB"}, {"JB"}, {"DESCB"}, {"ICTXT"}};
inline constexpr ArgName kTrmr2d[] = {{"UPLO"},  {"DIAG"}, {"M"},  {"N"},  {"A"},     {"IA"},   {"JA"},
                                      {"DESCA"}, {"B"},    {"IB"}, {"JB"}, {"DESCB"}, {"ICTXT"}};
inline constexpr ArgName kStrided[] = {{"M"}, {"N"},  {"A"},  {"IA"}, {"JA"}, {"SA"},    {"TA"},   {"DESCA"},
                                       {"B"}, {"IB"}, {"JB"}, {"SB"}, {"TB"}, {"DESCB"}, {"ICTXT"}};
// mr2d_transform and mr2d_trtransform add TRANS, ALPHA and BETA.
inline constexpr ArgName kTransform[] = {{"TRANS"}, {"M"},    {"N"}, {"ALPHA"}, {"A"},  {"IA"},    {"JA"},
                                         {"DESCA"}, {"BETA"}, {"B"}, {"IB"},    {"JB"}, {"DESCB"}, {"ICTXT"}};
inline constexpr ArgName kTrtransform[] = {{"UPLO"}, {"DIAG"}, {"TRANS"}, {"M"},     {"N"},    {"ALPHA"},
                                           {"A"},    {"IA"},   {"JA"},    {"DESCA"}, {"BETA"}, {"B"},
                                           {"IB"},   {"JB"},   {"DESCB"}, {"ICTXT"}};
// PBLAS's p?tran*, p?geadd and p?tradd name B's arguments after C and have
// no union context argument.
inline constexpr ArgName kPblasTran[] = {{"M"},      {"N"},        {"ALPHA"},    {"A"},
                                         {"IA"},     {"JA"},       {"DESCA"},    {"BETA"},
                                         {"C", "B"}, {"IC", "IB"}, {"JC", "JB"}, {"DESCC", "DESCB"}};
inline constexpr ArgName kPblasGeadd[] = {
    {"TRANS"},  {"M"},        {"N"},        {"ALPHA"},         {"A"}, {"IA"}, {"JA"}, {"DESCA"}, {"BETA"},
    {"C", "B"}, {"IC", "IB"}, {"JC", "JB"}, {"DESCC", "DESCB"}};
inline constexpr ArgName kPblasTradd[] = {
    {"UPLO"}, {"TRANS"}, {"M"},    {"N"},      {"ALPHA"},    {"A"},        {"IA"},
    {"JA"},   {"DESCA"}, {"BETA"}, {"C", "B"}, {"IC", "IB"}, {"JC", "JB"}, {"DESCC", "DESCB"}};
// Grids described within a communicator (mr2d_comm.h).
inline constexpr ArgName kCommGemr2d[] = {{"COMM"},  {"M"}, {"N"},  {"A"},  {"IA"},    {"JA"},   {"DESCA"},
                                          {"GRIDA"}, {"B"}, {"IB"}, {"JB"}, {"DESCB"}, {"GRIDB"}};
inline constexpr ArgName kCommTrmr2d[] = {{"COMM"},  {"UPLO"},  {"DIAG"}, {"M"},  {"N"},  {"A"},     {"IA"},   {"JA"},
                                          {"DESCA"}, {"GRIDA"}, {"B"},    {"IB"}, {"JB"}, {"DESCB"}, {"GRIDB"}};
// mr2d_relabel_gemr2d and mr2d_relabel_trmr2d, and the fields of their
// mr2d_layout arguments in order (messages name them "a->mb").
inline constexpr ArgName kRelabelGemr2d[] = {{"type"}, {"m"},     {"n"},      {"a"},         {"a_usermap"},
                                             {"b"},    {"ranks"}, {"nranks"}, {"b_usermap"}, {"report"}};
inline constexpr ArgName kRelabelTrmr2d[] = {{"type"},      {"uplo"}, {"diag"},  {"m"},      {"n"},         {"a"},
                                             {"a_usermap"}, {"b"},    {"ranks"}, {"nranks"}, {"b_usermap"}, {"report"}};
inline constexpr const char* kLayoutFields[] = {"nprow", "npcol", "rows", "cols", "mb", "nb", "rsrc", "csrc", "i", "j"};
inline constexpr int kLayoutFieldCount = static_cast<int>(sizeof kLayoutFields / sizeof kLayoutFields[0]);
// mr2d_nd_transform and mr2d_comm_nd_transform; plan creation has no ALPHA,
// A, BETA, B.
// The descriptions stand in for the grid-layout sides they become.
inline constexpr ArgName kNd[] = {
    {"PERM"}, {"ALPHA"}, {"A"}, {"DA", "MA", "DESCA"}, {"BETA"}, {"B"}, {"DB", "MB", "DESCB"}, {"ICTXT"}};
inline constexpr auto kCommNd = over_comm(kNd, 0);
inline constexpr ArgName kNdPlan[] = {{"plan"}, {"PERM"}, {"DA", "MA", "DESCA"}, {"DB", "MB", "DESCB"}, {"ICTXT"}};
inline constexpr auto kCommNdPlan = over_comm(kNdPlan, 1);
// mr2d_nd_local_shape.
inline constexpr ArgName kNdLocalShape[] = {{"D"}, {"rank"}, {"counts"}, {"elements"}};
// mr2d_plan_create_batch.
inline constexpr ArgName kCreateBatch[] = {{"batch"}, {"count"}, {"parts"}, {"options"}};
// Grid-layout calls (mr2d_layout.h): each side is an mr2d_matrix.
inline constexpr ArgName kLayout[] = {{"TRANS"},
                                      {"M"},
                                      {"N"},
                                      {"ALPHA"},
                                      {"A"},
                                      {"IA"},
                                      {"JA"},
                                      {"MA", "DESCA", "GRIDA"},
                                      {"BETA"},
                                      {"B"},
                                      {"IB"},
                                      {"JB"},
                                      {"MB", "DESCB", "GRIDB"},
                                      {"ICTXT"}};
inline constexpr auto kCommLayout = over_comm(kLayout, 0);

}  // namespace mr2d::check
