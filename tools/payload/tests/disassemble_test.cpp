#include "disassemble.hpp"

#include <gtest/gtest.h>

namespace probesim::payload {
namespace {

using Texts = std::vector<std::string>;

// The words, one after the other from 0x1000.
Texts disassemble(const std::vector<std::uint32_t>& words) {
  std::vector<Probe> probes;
  for (std::uint32_t w : words) probes.push_back({0, 0x1000 + 4 * probes.size(), w});
  return payload::disassemble(probes);
}

TEST(Disassemble, MnemonicAndOperands) {
  EXPECT_EQ(disassemble({0xd503201f, 0xa9be7bfd, 0x12001c49, 0xd65f03c0}),
            (Texts{"nop", "stp x29, x30, [sp, #-0x20]!", "and w9, w2, #0xff", "ret"}));
  EXPECT_EQ(disassemble({}), Texts{});
}

TEST(Disassemble, TargetsAreAddresses) {
  // b .+8, adrp x0, .+0x3b000 (page), cbz x0, .+8: from 0x1000 on.
  EXPECT_EQ(disassemble({0x14000002, 0xf00001c0, 0xb4000040}),
            (Texts{"b #0x1008", "adrp x0, #0x3c000", "cbz x0, #0x1010"}));
}

TEST(Disassemble, BranchTargetAndPacHintsByName) {
  EXPECT_EQ(disassemble({0xd503245f, 0xd503249f, 0xd503233f, 0xd503237f, 0xd50323bf}),
            (Texts{"bti c", "bti j", "paciasp", "pacibsp", "autiasp"}));
}

TEST(Disassemble, UndecodableWordsAsInst) {
  // Bits 28-25 0001: unallocated in A64.
  EXPECT_EQ(disassemble({0x02000000}), Texts{".inst 0x02000000"});
}

}  // namespace
}  // namespace probesim::payload
