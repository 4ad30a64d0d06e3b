#include "probe_table.hpp"

#include <gtest/gtest.h>

namespace probesim::payload {
namespace {

const Verdicts kAddsub = {
    {"6.1", "xol"},  {"6.1+probesim", "probesim-addsub_imm"},
    {"6.12", "xol"}, {"6.12+probesim", "probesim-addsub_imm"},
    {"7.3", "xol"},  {"7.3+probesim", "probesim-addsub_imm"}};
const Verdicts kNop = {{"6.1", "xol"},        {"6.1+probesim", "probesim-nop"},
                       {"6.12", "xol"},       {"6.12+probesim", "probesim-nop"},
                       {"7.3", "kernel-sim"}, {"7.3+probesim", "kernel-sim"}};

// The first lines of the probes.tsv of bookworm's grep.
TEST(RenderProbeTable, HeaderAndLines) {
  const std::vector<Probe> probes = {
      {0x41c0, 0x41c0, 0xd10843ff, "addsub_imm", kAddsub},
      {0x5ac0, 0x5ac0, 0xd503201f, "nop", kNop}};
  EXPECT_EQ(render_probe_table(probes, {"sub sp, sp, #0x210", "nop"}),
            "# offset\taddr\tword\tclass\t6.1\t6.1+probesim\t6.12\t"
            "6.12+probesim\t7.3\t7.3+probesim\tinsn\n"
            "41c0\t41c0\td10843ff\taddsub_imm\txol\tprobesim-addsub_imm\txol\t"
            "probesim-addsub_imm\txol\tprobesim-addsub_imm\tsub sp, sp, "
            "#0x210\n"
            "5ac0\t5ac0\td503201f\tnop\txol\tprobesim-nop\txol\tprobesim-nop\t"
            "kernel-sim\tkernel-sim\tnop\n");
}

TEST(RenderProbeTable, HexWithoutPaddingButTheWordInEightDigits) {
  const std::vector<Probe> probes = {
      {0x1c0, 0x4001c0, 0x1f, "other", {{"7.3", "xol"}}}};
  EXPECT_EQ(render_probe_table(probes, {"?"}),
            "# offset\taddr\tword\tclass\t7.3\tinsn\n"
            "1c0\t4001c0\t0000001f\tother\txol\t?\n");
}

// The columns are the first entry's, in its order.
TEST(RenderProbeTable, ColumnsOfTheFirstEntry) {
  const std::vector<Probe> probes = {
      {0, 0, 0, "a", {{"7.3", "x"}, {"6.1", "y"}}},
      {4, 4, 0, "b", {{"6.1", "p"}, {"7.3", "q"}, {"6.12", "r"}}}};
  EXPECT_EQ(render_probe_table(probes, {"i", "j"}),
            "# offset\taddr\tword\tclass\t7.3\t6.1\tinsn\n"
            "0\t0\t00000000\ta\tx\ty\ti\n"
            "4\t4\t00000000\tb\tq\tp\tj\n");
}

TEST(RenderProbeTable, LaterEntryWithoutAColumnThrows) {
  const std::vector<Probe> probes = {
      {0, 0, 0, "a", {{"6.1", "x"}, {"7.3", "y"}}},
      {4, 0x24, 0, "b", {{"6.1", "x"}}}};
  try {
    render_probe_table(probes, {"i", "j"});
    FAIL() << "no ListError";
  } catch (const ListError& e) {
    EXPECT_STREQ(e.what(), "the entry at 0x24 has no 7.3 verdict");
  }
}

}  // namespace
}  // namespace probesim::payload
