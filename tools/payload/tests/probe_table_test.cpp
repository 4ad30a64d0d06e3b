#include "probe_table.hpp"

#include <gtest/gtest.h>

namespace probesim::payload {
namespace {

// The first lines of the probes.tsv of bookworm's grep, then a word with
// leading zeros: the class and the outcomes are the survey's for the word,
// the offset and address in hex without padding, the word in eight digits.
TEST(RenderProbeTable, HeaderAndLines) {
  const std::vector<Probe> probes = {
      {0x41c0, 0x41c0, 0xd10843ff}, {0x5ac0, 0x5ac0, 0xd503201f}, {0x1c0, 0x4001c0, 0x0a000000}};
  EXPECT_EQ(render_probe_table(probes, {"sub sp, sp, #0x210", "nop", "and w0, w0, w0"}),
            "# offset\taddr\tword\tclass\t6.1\t6.1+probesim\t6.12\t"
            "6.12+probesim\t7.3\t7.3+probesim\tinsn\n"
            "41c0\t41c0\td10843ff\taddsub_imm\txol\tprobesim-addsub_imm\txol\t"
            "probesim-addsub_imm\txol\tprobesim-addsub_imm\tsub sp, sp, #0x210\n"
            "5ac0\t5ac0\td503201f\tnop\txol\tprobesim-nop\txol\tprobesim-nop\t"
            "kernel-sim\tkernel-sim\tnop\n"
            "1c0\t4001c0\t0a000000\tlogic_reg\txol\tprobesim-logic_reg\txol\t"
            "probesim-logic_reg\txol\tprobesim-logic_reg\tand w0, w0, w0\n");
}

}  // namespace
}  // namespace probesim::payload
