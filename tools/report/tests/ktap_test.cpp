#include "ktap.hpp"

#include <gtest/gtest.h>

#include "text.hpp"

namespace probesim::report {
namespace {

// Parses a section and renders its leaves as "KIND path[: reason]" lines.
std::string leaves(std::string_view text, std::string_view section) {
  std::string out;
  for (const TestResult& result : parse_ktap_section(section, split_lines(text))) {
    out += std::string(to_string(result.kind)) + ' ' + result.path;
    if (!result.reason.empty()) out += ": " + result.reason;
    out += '\n';
  }
  return out;
}

TEST(ParseKtap, LeavesOfEachSection) {
  const struct {
    const char* name;
    const char* section;
    const char* text;
    const char* leaves;
  } cases[] = {
      {"FlatKselftestTap", "decode_test",
       "TAP version 13\n"
       "1..3\n"
       "# Starting 3 tests from 1 test cases.\n"
       "#  RUN           global.nop_equivalence ...\n"
       "#            OK  global.nop_equivalence\n"
       "ok 1 global.nop_equivalence\n"
       "#  RUN           global.stp ...\n"
       "#      SKIP      probesim not loaded\n"
       "#            OK  global.stp\n"
       "ok 2 global.stp # SKIP probesim not loaded\n"
       "not ok 3 global.other\n"
       "# FAILED: 1 / 3 tests passed.\n"
       "# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:1 error:0\n",
       "PASS decode_test/global.nop_equivalence\n"
       "SKIP decode_test/global.stp: probesim not loaded\n"
       "FAIL decode_test/global.other\n"},
      {"XfailTodoAndNotOkSkip", "s",
       "TAP version 13\n"
       "1..4\n"
       "ok 1 a # XFAIL known broken\n"
       "not ok 2 b # TODO not implemented\n"
       "not ok 3 c # SKIP no MTE\n"
       "ok 4 # SKIP unnamed\n",
       "XFAIL s/a: known broken\n"
       "XFAIL s/b: not implemented\n"
       "SKIP s/c: no MTE\n"
       "SKIP s/test 4: unnamed\n"},
      // The example from debugfs results on kernels that print the suite header
      // unindented and do not indent the test case results consistently.
      {"KunitDebugfsResultsWithInconsistentIndentation", "kunit",
       "KTAP version 1\n"
       "# Subtest: probesim-decode\n"
       "# module: probesim_test\n"
       "1..2\n"
       "    KTAP version 1\n"
       "    # Subtest: hint_space\n"
       "    ok 1 nop\n"
       "    ok 2 yield\n"
       "    not ok 3 wfe\n"
       "    # hint_space: pass:2 fail:1 skip:0 total:3\n"
       "    not ok 1 hint_space\n"
       "ok 2 simple_case # SKIP no MTE\n"
       "# probesim-decode: pass:0 fail:1 skip:1 total:2\n"
       "not ok 1 probesim-decode\n",
       "PASS kunit/probesim-decode/hint_space/nop\n"
       "PASS kunit/probesim-decode/hint_space/yield\n"
       "FAIL kunit/probesim-decode/hint_space/wfe\n"
       "SKIP kunit/probesim-decode/simple_case: no MTE\n"},
      // Current kernels: outer header, suite indented by 4, parameters by 8.
      {"KunitNestedWithParametrisedCases", "s",
       "KTAP version 1\n"
       "1..1\n"
       "    KTAP version 1\n"
       "    # Subtest: example\n"
       "    # module: kunit_example_test\n"
       "    1..3\n"
       "    # example_simple_test: initializing\n"
       "    ok 1 example_simple_test\n"
       "        KTAP version 1\n"
       "        # Subtest: example_params_test\n"
       "        ok 1 example value 3\n"
       "        not ok 2 example value 2\n"
       "        ok 3 example value 0 # SKIP unsupported param value 0\n"
       "    # example_params_test: pass:1 fail:1 skip:1 total:3\n"
       "    not ok 2 example_params_test\n"
       "    ok 3 example_skip_test # SKIP this test should be skipped\n"
       "# example: pass:1 fail:1 skip:1 total:3\n"
       "not ok 1 example\n",
       "PASS s/example/example_simple_test\n"
       "PASS s/example/example_params_test/example value 3\n"
       "FAIL s/example/example_params_test/example value 2\n"
       "SKIP s/example/example_params_test/example value 0: unsupported param value 0\n"
       "SKIP s/example/example_skip_test: this test should be skipped\n"},
      // Kernels before KTAP: "# Subtest:" without version lines, "ok N - name".
      {"LegacyKunitNestedByIndentationOnly", "s",
       "TAP version 14\n"
       "1..1\n"
       "    # Subtest: example\n"
       "    1..2\n"
       "    # Subtest: params\n"
       "        ok 1 - one\n"
       "        ok 2 - two\n"
       "    ok 1 - params\n"
       "    ok 2 - simple\n"
       "ok 1 - example\n",
       "PASS s/example/params/one\n"
       "PASS s/example/params/two\n"
       "PASS s/example/simple\n"},
      {"NestingWithoutAnyHeaderLines", "s",
       "KTAP version 1\n"
       "1..2\n"
       "    ok 1 a\n"
       "    ok 2 b\n"
       "ok 1 parent\n"
       "ok 2 leaf\n",
       "PASS s/parent/a\n"
       "PASS s/parent/b\n"
       "PASS s/leaf\n"},
      {"ParentNotOkWithAllChildrenPassingIsOneExtraFailure", "s",
       "KTAP version 1\n"
       "1..1\n"
       "    KTAP version 1\n"
       "    # Subtest: suite\n"
       "    1..2\n"
       "    ok 1 a\n"
       "    ok 2 b # SKIP later\n"
       "not ok 1 suite\n",
       "PASS s/suite/a\n"
       "SKIP s/suite/b: later\n"
       "FAIL s/suite: not ok although no subtest failed\n"},
      {"ParentNotOkWithFailingChildIsNotCountedTwice", "s",
       "    KTAP version 1\n"
       "    # Subtest: suite\n"
       "    not ok 1 a\n"
       "not ok 1 suite\n",
       "FAIL s/suite/a\n"},
      {"SuiteWithoutCasesIsALeaf", "s",
       "KTAP version 1\n"
       "1..1\n"
       "    KTAP version 1\n"
       "    # Subtest: suite\n"
       "not ok 1 suite # SKIP no hardware\n",
       "SKIP s/suite: no hardware\n"},
      {"MissingResultsAgainstPlan", "decode_test",
       "TAP version 13\n"
       "1..4\n"
       "ok 1 a\n"
       "ok 2 b\n",
       "PASS decode_test/a\n"
       "PASS decode_test/b\n"
       "FAIL decode_test: missing result 3 of 4 (crash or hang?)\n"
       "FAIL decode_test: missing result 4 of 4 (crash or hang?)\n"},
      // The suite stops after one of its cases and never reports its own result.
      {"CrashInsideNestedSuiteWithAPlan", "s",
       "KTAP version 1\n"
       "1..1\n"
       "    KTAP version 1\n"
       "    # Subtest: suite\n"
       "    1..2\n"
       "    ok 1 a\n",
       "PASS s/suite/a\n"
       "FAIL s/suite: missing result 2 of 2 (crash or hang?)\n"},
      {"CrashInsideNestedSuiteWithoutAPlan", "s",
       "    KTAP version 1\n"
       "    # Subtest: suite\n"
       "    ok 1 a\n",
       "PASS s/suite/a\n"
       "FAIL s/suite: no result line (crash or hang?)\n"},
      {"EmptySection", "empty", "", "FAIL empty: no results\n"},
      {"SectionWithOnlyDiagnostics", "diag", "TAP version 13\n# only diagnostics\n",
       "FAIL diag: no results\n"},
      {"WholeBinarySkipped", "bin", "TAP version 13\n1..0 # SKIP needs root\n",
       "SKIP bin: needs root\n"},
      {"TimestampsAndInterleavedGarbageAreIgnored", "s",
       "[    7.000001] KTAP version 1\n"
       "[    7.000002] 1..2\n"
       "[    7.000003]     KTAP version 1\n"
       "[    7.000004]     # Subtest: suite\n"
       "[    7.000005]     1..2\n"
       "[    7.000006] probesim: loaded\n"
       "[    7.000007]     ok 1 a\n"
       "random garbage\n"
       "[    7.000008]     ok 2 b\n"
       "[    7.000009] ok 1 suite\n"
       "[    7.000010] ok 2 flat\n",
       "PASS s/suite/a\n"
       "PASS s/suite/b\n"
       "PASS s/flat\n"},
      {"RepeatedTopLevelHeaderDoesNotNest", "s",
       "TAP version 13\n"
       "TAP version 13\n"
       "1..1\n"
       "ok 1 a\n",
       "PASS s/a\n"},
      {"TrailingPlanIsAccepted", "s", "ok 1 a\nnot ok 2 b\n1..2\n", "PASS s/a\nFAIL s/b\n"},
  };
  for (const auto& c : cases) EXPECT_EQ(leaves(c.text, c.section), c.leaves) << c.name;
}

}  // namespace
}  // namespace probesim::report
