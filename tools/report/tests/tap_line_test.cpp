#include <gtest/gtest.h>

#include "ktap.hpp"

namespace probesim::report {
namespace {

// What parse_tap_line() reads of line: its type, then each field that is
// not the default.
std::string read(std::string_view line) {
  const TapLine l = parse_tap_line(line);
  constexpr const char* kTypes[] = {"version", "plan", "subtest", "result", "other"};
  constexpr const char* kDirectives[] = {"", " skip", " xfail", " todo"};
  std::string out = kTypes[static_cast<int>(l.type)];
  if (l.indent) out += " indent=" + std::to_string(l.indent);
  if (l.ok) out += " ok";
  if (l.number) out += " " + std::to_string(*l.number);
  if (!l.name.empty()) out += " '" + l.name + "'";
  out += kDirectives[static_cast<int>(l.directive)];
  if (!l.reason.empty()) out += ": " + l.reason;
  if (l.plan_count) out += " of " + std::to_string(l.plan_count);
  return out;
}

TEST(ParseTapLine, EachKindOfLine) {
  const struct {
    const char* line;
    const char* read;
  } cases[] = {
      {"KTAP version 1", "version"},
      {"TAP version 13", "version"},
      {"1..12", "plan of 12"},
      {"1..0 # SKIP not on this machine", "plan skip: not on this machine"},
      {"1..3 trailing", "other"},
      {"    # Subtest: hint_space", "subtest indent=4 'hint_space'"},
      {"ok 1 global.nop_equivalence", "result ok 1 'global.nop_equivalence'"},
      {"        not ok 3 example value 0", "result indent=8 3 'example value 0'"},
      {"\t  ok 4 tabbed", "result indent=10 ok 4 'tabbed'"},  // a tab counts eight
      {"ok 2 - legacy_name", "result ok 2 'legacy_name'"},
      // The timestamp goes before the indentation counts.
      {"[   12.345678]     ok 1 nop", "result indent=4 ok 1 'nop'"},
      {"ok 2 global.stp # SKIP probesim not loaded",
       "result ok 2 'global.stp' skip: probesim not loaded"},
      {"not ok 1 t # skip lowercase", "result 1 't' skip: lowercase"},
      {"ok 1 t # XFAIL known", "result ok 1 't' xfail: known"},
      {"not ok 1 t # TODO later", "result 1 't' todo: later"},
      {"ok 4 # SKIP no hardware", "result ok 4 skip: no hardware"},
      // A '#' that is not a directive belongs to the name.
      {"ok 5 case #3 # SKIPPED: later", "result ok 5 'case #3' skip: later"},
      {"ok 6 t # skipper", "result ok 6 't' skip"},
      {"ok 6 t # TODOS", "result ok 6 't # TODOS'"},
      {"# Starting 3 tests from 1 test cases.", "other"},
      {"#  RUN           global.nop ...", "other"},
      {"okay then", "other"},
      {"not okay", "other"},
      {"", "other"},
  };
  for (const auto& c : cases) EXPECT_EQ(read(c.line), c.read) << c.line;
}

}  // namespace
}  // namespace probesim::report
