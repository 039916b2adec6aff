// SPDX-License-Identifier: BSD-3-Clause
// The wording of relabelling faults; see reason_words.hpp.
#include "relabel/reason_words.hpp"

#include <string>

#include "relabel/reasons.hpp"

namespace mr2d::relabel {

namespace {

std::string s(std::int64_t v) { return std::to_string(v); }

// Entry `k` of a rank list; `rows`: the rows of the grid the list maps
// (column-major), whose position is named too, or 0 for a plain list.
std::string listed(std::int64_t k, std::int64_t rows) {
  const std::string at = "[" + s(k) + "]";
  if (rows <= 0) return at;
  return "grid position (" + s(k % rows) + "," + s(k / rows) + ") at " + at;
}

const char* dimension(const Fault& f) { return f.table == 0 ? "row" : "column"; }

// Reasons about the work a relabelling of A and B would take: they name
// both layouts, not one argument.
bool is_relabel_work(RelabelReason reason) {
  return reason >= RelabelReason::index_math && reason <= RelabelReason::trapezoid_limit;
}

// The text after the argument's name.
std::string relabel_text(const Fault& f) {
  switch (f.why<RelabelReason>()) {
    case RelabelReason::grid_over_limit:
      return "has a " + s(f.value) + "x" + s(f.limit) + " grid, more than the " + s(f.index) +
             " positions a relabelling handles";
    case RelabelReason::rank_negative:
      return "has " + listed(f.index, f.limit) + " = " + s(f.value) + ", must be a rank >= 0";
    case RelabelReason::rank_listed_twice:
      return "has rank " + s(f.value) + " twice: " + listed(f.table, f.limit) + " and " + listed(f.index, f.limit);
    case RelabelReason::too_few_ranks:
      return "is " + s(f.value) + ", fewer than the " + s(f.limit) + " positions of B's " + s(f.table) + "x" +
             s(f.index) + " grid";
    case RelabelReason::index_math:
      return std::string("the submatrix end plus two cycles of ") + dimension(f) +
             " blocks (block size x grid size) exceeds 64-bit index arithmetic";
    case RelabelReason::run_table_limit:
      return std::string("the ") + dimension(f) + " blocks of A and B cut one period into up to " + s(f.value) +
             " runs, more than the " + s(f.limit) + " a relabelling tabulates";
    case RelabelReason::pair_limit:
      return "up to " + s(f.value) + " pairs of A and B positions share data, more than the " + s(f.limit) +
             " a relabelling lists";
    case RelabelReason::trapezoid_limit:
      return "counting the trapezoid takes " + s(f.value) + " column visits, more than the " + s(f.limit) +
             " a relabelling makes";
    default:
      break;
  }
  return "is illegal";
}

}  // namespace

FaultWords words_of(const Fault& fault) {
  const std::string text = relabel_text(fault);
  if (is_relabel_work(fault.why<RelabelReason>())) return {"a, b: " + text, true};
  return {text};
}

}  // namespace mr2d::relabel
