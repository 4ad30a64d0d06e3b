#include "bench_probes.hpp"

#include <gtest/gtest.h>

namespace probesim::report {
namespace {

constexpr const char* kTable =
    "# offset\taddr\tword\tclass\t7.3\t7.3+probesim\tinsn\r\n"
    "41c0\t41c0\td10843ff\taddsub_imm\txol\tprobesim-addsub_imm\tsub sp, sp, #0x210\r\n"
    "5ac0\t5ac0\td503201f\tnop\tkernel-sim\tkernel-sim\tnop\r\n"
    "63d0\t63d0\ta9ad7bfd\tstp-push\txol\tprobesim-stp\tstp x29, x30, [sp, #-304]!\r\n"
    "9999\t9999\n";

TEST(ParseProbes, RowsByEventNameInTableOrder) {
  std::string error;
  const auto probes = parse_probes(kTable, error);
  ASSERT_TRUE(probes) << error;
  ASSERT_EQ(probes->size(), 4u);
  std::vector<std::string> events;
  for (const auto& [event, row] : *probes) events.push_back(event);
  EXPECT_EQ(events, (std::vector<std::string>{"f_41c0", "f_5ac0", "f_63d0", "f_9999"}));
  const ProbeRow& stp = probes->at("f_63d0");
  EXPECT_EQ(cell(stp, "class"), "stp-push");
  EXPECT_EQ(cell(stp, "7.3+probesim"), "probesim-stp");
  EXPECT_EQ(cell(stp, "insn"), "stp x29, x30, [sp, #-304]!");
  // A short row has only its first columns.
  EXPECT_EQ(cell(probes->at("f_9999"), "class"), "");
  EXPECT_FALSE(probes->at("f_9999").count("class"));
}

TEST(ParseProbes, NoOffsetIsAnError) {
  std::string error;
  EXPECT_FALSE(parse_probes("addr\tclass\n41c0\tnop\n", error));
  EXPECT_EQ(error, "probes table, line 2: no offset");
}

TEST(GroupOf, FinerThanTheSurveyClass) {
  EXPECT_EQ(group_of("stp x29, x30, [sp, #-304]!"), "stp x29, x30, [sp, #-N]!");
  EXPECT_EQ(group_of("stp x29, x30, [sp, #-0x130]!"), "stp x29, x30, [sp, #-N]!");
  EXPECT_EQ(group_of("stp x29, x30, [sp, #-0x]!"), "stp (other)");
  EXPECT_EQ(group_of("stp x29, x30, [sp, #-0x1g]!"), "stp (other)");
  EXPECT_EQ(group_of("stp x29, x30, [sp, #16]"), "stp (other)");
  EXPECT_EQ(group_of("stp x29, x30, [sp, #-16]"), "stp (other)");
  EXPECT_EQ(group_of("stp x19, x20, [sp, #-32]!"), "stp (other)");
  EXPECT_EQ(group_of("ldrb w0, [x0, #192]"), "load (ldrb)");
  EXPECT_EQ(group_of("and w9, w2, #0xff"), "and (immediate)");
  EXPECT_EQ(group_of("and x0, x1, x2"), "and");
  EXPECT_EQ(group_of("sub sp, sp, #0x210"), "add/sub (immediate)");
  EXPECT_EQ(group_of("cbz x0, 0x14c"), "branch (cbz)");
  EXPECT_EQ(group_of("b.ne 0x20"), "branch (b.ne)");
  EXPECT_EQ(group_of("ret"), "branch (ret)");
  EXPECT_EQ(group_of("bti c"), "bti");
  EXPECT_EQ(group_of("mov x0, x1"), "mov");
}

TEST(KernelKey, NumbersInOrder) {
  EXPECT_EQ(kernel_key("6.12"), (std::vector<std::int64_t>{6, 12}));
  EXPECT_EQ(kernel_key("results-7.3.4-rc1.json"), (std::vector<std::int64_t>{7, 3, 4, 1}));
  EXPECT_LT(kernel_key("6.1"), kernel_key("6.12"));
  EXPECT_LT(kernel_key("6.12"), kernel_key("7.3"));
}

TEST(VariantFor, TheSeriesOfTheKernelIfTheSurveyHasIt) {
  std::string error;
  const auto probes = parse_probes(kTable, error);
  ASSERT_TRUE(probes);
  EXPECT_EQ(variant_for("7.3", *probes), "7.3");
  EXPECT_EQ(variant_for("7.3.4", *probes), "7.3");
  EXPECT_EQ(variant_for("6.12", *probes), std::nullopt);
}

}  // namespace
}  // namespace probesim::report
