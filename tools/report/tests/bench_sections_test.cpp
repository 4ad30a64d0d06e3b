#include <gtest/gtest.h>

#include "bench_grep.hpp"

namespace probesim::report {
namespace {

// The sections of a good boot are read as the results of the trimmed 7.3
// boot show (bench_kernel_test).
TEST(ParseGrepRuns, UnreadableLinesAreErrors) {
  const ConsoleLog log = split_console(
      "@@probesim-begin grep-times bench-grep@@\n"
      "1 none 3400277312\n"
      "[   12.000000] probesim: something\n"
      "1 xol\n"
      "@@probesim-end grep-times bench-grep@@\n");
  std::vector<std::string> errors;
  const GrepRuns runs = parse_grep_runs(log, "bench-grep", errors);
  EXPECT_EQ(errors, (std::vector<std::string>{
                        "grep-times: cannot read the line '[   12.000000] probesim: something'",
                        "grep-times: cannot read the line '1 xol'"}));
  EXPECT_EQ(runs.times.at(1).size(), 1u);
}

TEST(FindSection, ALaterSectionReplacesAnEarlierOne) {
  const ConsoleLog log = split_console(
      "@@probesim-begin json bench@@\n{}\n@@probesim-end json bench@@\n"
      "@@probesim-begin json other@@\n[]\n@@probesim-end json other@@\n"
      "@@probesim-begin json bench@@\n{\"a\": 1}\n@@probesim-end json bench@@\n");
  const Section* section = find_section(log, "json", "bench");
  ASSERT_TRUE(section);
  EXPECT_EQ(section->lines, std::vector<std::string>{"{\"a\": 1}"});
  EXPECT_FALSE(find_section(log, "table", "bench"));
}

}  // namespace
}  // namespace probesim::report
