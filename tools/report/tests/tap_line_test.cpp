#include "tap_line.hpp"

#include <gtest/gtest.h>

namespace probesim::report {
namespace {

using Type = TapLine::Type;

TEST(ParseTapLine, VersionPlanAndSubtest) {
  EXPECT_EQ(parse_tap_line("KTAP version 1").type, Type::Version);
  EXPECT_EQ(parse_tap_line("TAP version 13").type, Type::Version);

  const auto plan = parse_tap_line("1..12");
  EXPECT_EQ(plan.type, Type::Plan);
  EXPECT_EQ(plan.plan_count, 12u);

  const auto subtest = parse_tap_line("    # Subtest: hint_space");
  EXPECT_EQ(subtest.type, Type::Subtest);
  EXPECT_EQ(subtest.name, "hint_space");
  EXPECT_EQ(subtest.indent, 4);
}

TEST(ParseTapLine, SkippedPlan) {
  const auto plan = parse_tap_line("1..0 # SKIP not on this machine");
  EXPECT_EQ(plan.type, Type::Plan);
  EXPECT_EQ(plan.plan_count, 0u);
  EXPECT_EQ(plan.directive, Directive::Skip);
  EXPECT_EQ(plan.reason, "not on this machine");
  EXPECT_EQ(parse_tap_line("1..3 trailing").type, Type::Other);
}

TEST(ParseTapLine, Results) {
  const auto ok = parse_tap_line("ok 1 global.nop_equivalence");
  EXPECT_EQ(ok.type, Type::Result);
  EXPECT_TRUE(ok.ok);
  EXPECT_EQ(ok.number, 1u);
  EXPECT_EQ(ok.name, "global.nop_equivalence");
  EXPECT_EQ(ok.directive, Directive::None);

  const auto not_ok = parse_tap_line("        not ok 3 example value 0");
  EXPECT_FALSE(not_ok.ok);
  EXPECT_EQ(not_ok.indent, 8);
  EXPECT_EQ(not_ok.name, "example value 0");

  EXPECT_EQ(parse_tap_line("ok 2 - legacy_name").name, "legacy_name");
}

TEST(ParseTapLine, Directives) {
  const auto skip = parse_tap_line("ok 2 global.stp # SKIP probesim not loaded");
  EXPECT_EQ(skip.directive, Directive::Skip);
  EXPECT_EQ(skip.name, "global.stp");
  EXPECT_EQ(skip.reason, "probesim not loaded");

  EXPECT_EQ(parse_tap_line("not ok 1 t # skip lowercase").directive, Directive::Skip);
  EXPECT_EQ(parse_tap_line("ok 1 t # XFAIL known").directive, Directive::Xfail);
  EXPECT_EQ(parse_tap_line("not ok 1 t # TODO later").directive, Directive::Todo);

  const auto unnamed = parse_tap_line("ok 4 # SKIP no hardware");
  EXPECT_EQ(unnamed.name, "");
  EXPECT_EQ(unnamed.reason, "no hardware");

  // A '#' that is not a directive belongs to the name.
  const auto hash = parse_tap_line("ok 5 case #3 # SKIPPED: later");
  EXPECT_EQ(hash.name, "case #3");
  EXPECT_EQ(hash.directive, Directive::Skip);
  EXPECT_EQ(hash.reason, "later");
  EXPECT_EQ(parse_tap_line("ok 6 t # skipper").directive, Directive::Skip);
  EXPECT_EQ(parse_tap_line("ok 6 t # TODOS").directive, Directive::None);
}

TEST(ParseTapLine, TimestampIsStrippedBeforeIndentation) {
  const auto line = parse_tap_line("[   12.345678]     ok 1 nop");
  EXPECT_EQ(line.type, Type::Result);
  EXPECT_EQ(line.indent, 4);
}

TEST(ParseTapLine, EverythingElseIsOther) {
  EXPECT_EQ(parse_tap_line("# Starting 3 tests from 1 test cases.").type, Type::Other);
  EXPECT_EQ(parse_tap_line("#  RUN           global.nop ...").type, Type::Other);
  EXPECT_EQ(parse_tap_line("okay then").type, Type::Other);
  EXPECT_EQ(parse_tap_line("not okay").type, Type::Other);
  EXPECT_EQ(parse_tap_line("").type, Type::Other);
}

}  // namespace
}  // namespace probesim::report
