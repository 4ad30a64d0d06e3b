// Turns one KTAP/TAP section into the list of its leaf test results.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace probesim::report {

enum class ResultKind { Pass, Fail, Skip, Xfail };

std::string_view to_string(ResultKind kind);

struct TestResult {
  std::string path;  // section/suite/test/case
  ResultKind kind = ResultKind::Pass;
  std::string reason;  // SKIP/XFAIL reason, or why a synthetic failure was added
};

// Only leaves count: a test with subtests is represented by its subtests,
// plus one failure of its own if it reported "not ok" although none of them
// failed (e.g. a suite init failure). Results missing from a "1..N" plan and
// a section without any result are failures. SKIP (with ok or not ok) is a
// skip, XFAIL and TODO are expected failures; neither is a pass.
//
// Nesting is recognised from "KTAP version" / "# Subtest:" lines and from
// indentation; a nested block ends at a less indented result line or at a
// result line named like the block's "# Subtest:" (debugfs results on some
// kernels do not indent consistently).
std::vector<TestResult> parse_ktap_section(std::string_view section_name,
                                           const std::vector<std::string>& lines);

}  // namespace probesim::report
