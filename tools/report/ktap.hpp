// KTAP (KUnit) and TAP 13 (kselftest) output: single lines classified, and
// one section turned into the list of its leaf test results.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::report {

enum class Directive { None, Skip, Xfail, Todo };

struct TapLine {
  enum class Type {
    Version,  // "KTAP version 1" / "TAP version 13"
    Plan,     // "1..N", optionally "1..0 # SKIP reason"
    Subtest,  // "# Subtest: name"
    Result,   // "ok N name # DIRECTIVE reason" / "not ok N name"
    Other,    // diagnostics and anything that is not TAP
  };
  Type type = Type::Other;
  int indent = 0;  // leading whitespace after the printk timestamp
  // Result and Subtest:
  std::string name;
  // Result:
  bool ok = false;
  std::optional<unsigned> number;
  // Result and Plan:
  Directive directive = Directive::None;
  std::string reason;  // text after the directive keyword
  // Plan:
  unsigned plan_count = 0;
};

TapLine parse_tap_line(std::string_view line);

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
