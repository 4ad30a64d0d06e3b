#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "report.hpp"

namespace probesim::report {
namespace {

using Lines = std::vector<std::string>;

TEST(Allowlist, ParsesEntriesCommentsAndBlankLines) {
  const auto allowlist = Allowlist::parse(
      "# known issues\n"
      "\n"
      "WARNING: .* at mm/vmalloc\\.c  # fixed upstream in 6.9\n"
      "slab#1[0-9]#comment without space is part of the regex\n"
      "   \n",
      "allow.txt");
  const auto& entries = allowlist.entries();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].pattern, "WARNING: .* at mm/vmalloc\\.c");
  EXPECT_EQ(entries[0].comment, "fixed upstream in 6.9");
  EXPECT_EQ(entries[0].origin, "allow.txt:3");
  EXPECT_EQ(entries[0].describe(),
            "allow.txt:3: WARNING: .* at mm/vmalloc\\.c  # fixed upstream in 6.9");
  EXPECT_EQ(entries[1].pattern, "slab#1[0-9]#comment without space is part of the regex");
  EXPECT_EQ(entries[1].comment, "");
}

TEST(Allowlist, MatchesHeadlineOrContextWithoutTimestamps) {
  const auto allowlist = Allowlist::parse("^WARNING: CPU: \\d+\nknown_function\\+\n", "a");
  const auto* first = allowlist.find_match({"[    1.000000] WARNING: CPU: 3 PID: 1 at x"});
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->origin, "a:1");
  const auto* second = allowlist.find_match({"BUG: x", " known_function+0x10/0x20"});
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->origin, "a:2");
  EXPECT_EQ(allowlist.find_match({"BUG: x", " other_function+0x10/0x20"}), nullptr);
}

// The stock kernels' allow-list takes the single-step WARN in both the
// headline format of 6.1/6.12 and that of 7.x, with the file's path as
// the kernel strips it or with a relative path to the tree, and nothing else.
TEST(Allowlist, StockListTakesTheSingleStepWarnOfEveryKernel) {
  std::ifstream file(PROBESIM_STOCK_ALLOWLIST);
  ASSERT_TRUE(file) << PROBESIM_STOCK_ALLOWLIST;
  std::stringstream text;
  text << file.rdbuf();
  const auto allowlist = Allowlist::parse(text.str(), "stock.txt");
  EXPECT_NE(allowlist.find_match(
                {"[   12.3] WARNING: CPU: 1 PID: 1298 at "
                 "arch/arm64/kernel/probes/uprobes.c:204 uprobe_single_step_handler+0x28/0x40"}),
            nullptr);
  EXPECT_NE(allowlist.find_match({"[  456.5] WARNING: arch/arm64/kernel/probes/uprobes.c:220 at "
                                  "uprobe_single_step_handler+0x28/0x40, CPU#1: ptrace_step/1298"}),
            nullptr);
  EXPECT_NE(allowlist.find_match(
                {"[  214.6] WARNING: CPU: 1 PID: 2102 at "
                 "../../src/linux-source-6.1-6.1.192-3/arch/arm64/kernel/probes/uprobes.c:182 "
                 "uprobe_single_step_handler+0x28/0x40"}),
            nullptr);
  EXPECT_EQ(
      allowlist.find_match({"[  214.6] WARNING: CPU: 1 PID: 2102 at "
                            "../../src/linux-source-6.1-6.1.192-3/kernel/events/uprobes.c:182 "
                            "uprobe_single_step_handler+0x28/0x40"}),
      nullptr);
  EXPECT_EQ(allowlist.find_match({"[  456.5] WARNING: arch/arm64/kernel/probes/uprobes.c:150 at "
                                  "arch_uprobe_post_xol+0x28/0x40, CPU#1: ptrace_step/1298"}),
            nullptr);
  EXPECT_EQ(allowlist.find_match({"[  456.5] WARNING: mm/slub.c:220 at kfree+0x28/0x40, CPU#1: x/1",
                                  " uprobe_single_step_handler+0x28/0x40"}),
            nullptr);
}

}  // namespace
}  // namespace probesim::report
