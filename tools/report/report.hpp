// Analysis of the console log of one VM run: test results, kernel splats and
// whether the run completed; and the verdict on it: counts and an exit
// code, optionally for a negative (harness self-test) payload that is
// expected to fail in a given way, printed as the human-readable report of
// probesim-report.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ktap.hpp"
#include "text.hpp"

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

enum class ExpectKind {
  TestFailure,  // at least one failing test
  Splat,        // at least one splat that is not allowlisted
  Timeout,      // the done marker is missing
};

std::optional<ExpectKind> parse_expect_kind(std::string_view text);
std::string_view to_string(ExpectKind kind);

bool detected(const Report& report, ExpectKind kind);

struct Verdict {
  Counts counts;
  int exit_code = kExitPassed;
  std::optional<ExpectKind> expect;
  bool expect_detected = false;
};

// Without an expectation the report's own counts decide. With one, the run
// counts as a single test that passes if the expected failure was detected.
Verdict judge(const Report& report, std::optional<ExpectKind> expect);

// One line per failing, skipped and xfail test, each splat with its
// context, the console tail of an incomplete run, the --expect outcome and
// the summary line.
void print_report(std::ostream& out, std::string_view label, const Report& report,
                  const Verdict& verdict);

// "P F S X", one line of a --totals file.
std::string totals_line(const Counts& counts);

}  // namespace probesim::report
