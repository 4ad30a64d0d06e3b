#include "bench_sections.hpp"

#include <gtest/gtest.h>

namespace probesim::report {
namespace {

TEST(ParseGrepRuns, ReadsEachSection) {
  const ConsoleLog log = split_console(
      "@@probesim-begin grep-info bench-grep@@\r\n"
      "grep 3.8-5\r\n"
      "params_sim nop=Y stp=Y \r\n"
      "passes 10\r\n"
      "@@probesim-end grep-info bench-grep@@\r\n"
      "@@probesim-begin grep-times bench-grep@@\r\n"
      "2 xol 43481979536\r\n"
      "1 none 3400277312\r\n"
      "@@probesim-end grep-times bench-grep@@\r\n"
      "@@probesim-begin grep-hits bench-grep@@\r\n"
      "1 sim f_63d0 8490\r\n"
      "1 sim f_41c0 10\r\n"
      "@@probesim-end grep-hits bench-grep@@\r\n"
      "@@probesim-begin grep-stats bench-grep@@\r\n"
      "1 xol stp_refused 166\r\n"
      "@@probesim-end grep-stats bench-grep@@\r\n");
  std::vector<std::string> errors;
  const GrepRuns runs = parse_grep_runs(log, "bench-grep", errors);
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(runs.info.at("grep"), "3.8-5");
  EXPECT_EQ(runs.info.at("params_sim"), "nop=Y stp=Y ");  // as printed
  ASSERT_EQ(runs.times.size(), 2u);
  EXPECT_EQ(runs.times.begin()->first, 1);  // rounds in order
  EXPECT_EQ(runs.times.at(1).at("none"), 3.400277312);
  EXPECT_EQ(runs.times.at(2).at("xol"), 43.481979536);
  const Counts64* hits = find_value(runs.hits, {1, "sim"});
  ASSERT_TRUE(hits);
  EXPECT_EQ(hits->front().first, "f_63d0");  // in printed order
  EXPECT_EQ(hits->at("f_41c0"), 10);
  EXPECT_FALSE(find_value(runs.hits, {1, "xol"}));
  EXPECT_EQ(find_value(runs.stats, {1, "xol"})->at("stp_refused"), 166);
}

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
