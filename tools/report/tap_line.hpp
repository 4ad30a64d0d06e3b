// Classifies a single line of KTAP (KUnit) or TAP 13 (kselftest) output.
#pragma once

#include <optional>
#include <string>
#include <string_view>

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

}  // namespace probesim::report
