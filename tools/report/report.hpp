// Analysis of the console log of one VM run: test results, kernel splats and
// whether the run completed.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "allowlist.hpp"
#include "ktap.hpp"
#include "splat.hpp"

namespace probesim::report {

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
  bool completed = false;                // the done marker was seen
  std::vector<std::string> console_tail;  // last console lines if not completed

  std::size_t failing_tests() const;
  std::size_t unallowed_splats() const;
  // Failures are failing tests, splats not allowlisted and an incomplete run.
  Counts counts() const;
};

Report analyse(std::string_view console, const Allowlist& allowlist);

}  // namespace probesim::report
