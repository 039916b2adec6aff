// SPDX-License-Identifier: BSD-3-Clause
// Parser of benchmark case files (format in case_file.hpp and bench/README.md).
#include "case_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mr2d::bench {

namespace {

GridSpec parse_grid(const std::string& text) {
  GridSpec g;
  char x1 = 0, colon = 0, x2 = 0;
  std::istringstream in(text);
  if (!(in >> g.prow >> x1 >> g.pcol >> colon >> g.mb >> x2 >> g.nb) || x1 != 'x' ||
      colon != ':' || x2 != 'x' || g.prow < 1 || g.pcol < 1 || g.mb < 1 || g.nb < 1 ||
      in.peek() != std::char_traits<char>::eof())
    throw std::runtime_error("grid '" + text + "' is not PxQ:MBxNB");
  return g;
}

Case parse_line(const std::string& line) {
  std::istringstream in(line);
  Case c;
  std::string routine, type, a, b;
  if (!(in >> c.name >> c.procs >> routine >> type >> c.m >> c.n >> a >> b))
    throw std::runtime_error("expected: name procs routine type m n A B [uplo diag]");
  if (routine != "gemr2d" && routine != "trmr2d")
    throw std::runtime_error("routine '" + routine + "' is not gemr2d or trmr2d");
  c.trapezoidal = routine == "trmr2d";
  if (type.size() != 1 || std::string("sdczi").find(type[0]) == std::string::npos)
    throw std::runtime_error("type '" + type + "' is not one of s d c z i");
  c.type = type[0];
  c.a = parse_grid(a);
  c.b = parse_grid(b);
  if (c.trapezoidal) {
    std::string uplo, diag;
    if (!(in >> uplo >> diag) || (uplo != "L" && uplo != "U") || (diag != "N" && diag != "U"))
      throw std::runtime_error("trmr2d needs uplo (L|U) and diag (N|U)");
    c.uplo = uplo[0];
    c.diag = diag[0];
  }
  std::string extra;
  if (in >> extra) throw std::runtime_error("unexpected '" + extra + "'");
  if (c.m < 1 || c.n < 1) throw std::runtime_error("m and n must be positive");
  if (c.a.size() > c.procs || c.b.size() > c.procs)
    throw std::runtime_error("a grid has more processes than procs");
  return c;
}

}  // namespace

std::string grid_text(const GridSpec& g) {
  return std::to_string(g.prow) + "x" + std::to_string(g.pcol) + ":" + std::to_string(g.mb) + "x" +
         std::to_string(g.nb);
}

std::string routine_text(const Case& c) {
  return c.trapezoidal ? std::string("trmr2d-") + c.uplo + c.diag : std::string("gemr2d");
}

std::vector<Case> parse_cases(std::istream& in) {
  std::vector<Case> cases;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find('#'));
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      cases.push_back(parse_line(line));
    } catch (const std::runtime_error& e) {
      throw std::runtime_error("line " + std::to_string(number) + ": " + e.what());
    }
  }
  return cases;
}

std::vector<Case> read_cases(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read " + path);
  return parse_cases(in);
}

}  // namespace mr2d::bench
