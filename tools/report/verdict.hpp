// Turns a Report into counts and an exit code, optionally for a negative
// (harness self-test) payload that is expected to fail in a given way, and
// prints them: the human-readable report of probesim-report.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "report.hpp"

namespace probesim::report {

inline constexpr int kExitPassed = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsageError = 2;

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
