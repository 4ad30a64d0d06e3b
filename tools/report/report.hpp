// Analysis of the console log of one VM run: test results, kernel splats and
// whether the run completed.
#pragma once

#include <cstddef>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ktap.hpp"

namespace probesim::report {

// Kernel problems (warnings, oopses, lockdep and RCU reports, ...) in kernel
// log lines.

inline constexpr std::size_t kSplatContextLines = 15;

struct Splat {
  std::string source;  // "console" or "dmesg NAME"
  // The matching line, then up to 15 lines of context, ending early at the
  // next splat.
  std::vector<std::string> lines;

  // The matching line without its timestamp.
  std::string_view headline() const;
};

bool is_splat_line(std::string_view line);

// Collects splats from several streams (the console and each dmesg dump).
// The same kernel message reaches both the console and dmesg, so the k-th
// occurrence of a headline in one stream is the same event as the k-th
// occurrence in another and is reported once.
class SplatCollector {
 public:
  void scan(std::string_view source, const std::vector<std::string>& lines);
  const std::vector<Splat>& splats() const { return splats_; }

 private:
  std::vector<Splat> splats_;
  std::set<std::pair<std::string, std::size_t>> seen_;  // (headline, occurrence)
};

// Known, accepted kernel splats. One entry per line:
//   REGEX  # comment
// '#' starts a comment at the start of a line or after whitespace, so a
// regex can still contain '#'. Blank lines are ignored.

struct AllowEntry {
  std::string pattern;  // ECMAScript regex
  std::string comment;
  std::string origin;  // "FILE:LINE"
  std::regex regex;

  // "FILE:LINE: PATTERN  # comment", for the report.
  std::string describe() const;
};

struct AllowlistError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Allowlist {
 public:
  // Throws AllowlistError for an invalid regex; origin names the file.
  static Allowlist parse(std::string_view text, std::string_view origin);

  // The first entry that matches any of the lines (timestamps stripped), or
  // nullptr.
  const AllowEntry* find_match(const std::vector<std::string>& lines) const;

  const std::vector<AllowEntry>& entries() const { return entries_; }

 private:
  std::vector<AllowEntry> entries_;
};

inline constexpr std::size_t kConsoleTailLines = 30;

struct CheckedSplat {
  Splat splat;
  std::optional<std::string> allowed_by;  // the matching allowlist entry, described
};

struct Counts {
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
  std::size_t xfail = 0;

  bool operator==(const Counts&) const = default;
};

struct Report {
  std::vector<TestResult> tests;  // leaf results of all ktap sections, in log order
  std::vector<CheckedSplat> splats;
  bool completed = false;                 // the done marker was seen
  std::vector<std::string> console_tail;  // last console lines if not completed

  std::size_t failing_tests() const;
  std::size_t unallowed_splats() const;
  // Failures are failing tests, splats not allowlisted and an incomplete run.
  Counts counts() const;
};

Report analyse(std::string_view console, const Allowlist& allowlist);

}  // namespace probesim::report
