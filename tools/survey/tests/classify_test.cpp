#include "classify.hpp"

#include <gtest/gtest.h>

#include "probesim_decoder.hpp"

namespace probesim::survey {
namespace {

TEST(Classify, RawClasses) {
  struct Case {
    std::uint32_t insn;
    RawClass c;
  } cases[] = {
      {0xd503201f, RawClass::kNop},      {0xa9bf7bfd, RawClass::kStpPush},
      {0xa9ba7bfd, RawClass::kStpPush},  {0xa9bf57f4, RawClass::kStpPush},
      {0xa9007bfd, RawClass::kOther},    // stp x29, x30, [sp] (no writeback)
      {0x29bf7bfd, RawClass::kOther},    // stp w29, w30, [sp, #-8]!
      {0x6dbf27e8, RawClass::kOther},    // stp d8, d9, [sp, #-16]!
      {0xa9bf7c1d, RawClass::kOther},    // stp x29, x31?, [x0, ...]!
      {0xd503241f, RawClass::kBti},      {0xd503245f, RawClass::kBti},
      {0xd503249f, RawClass::kBti},      {0xd50324df, RawClass::kBti},
      {0xd503233f, RawClass::kPac},      {0xd503237f, RawClass::kPac},
      {0xd50323bf, RawClass::kPac},      {0xd50320ff, RawClass::kPac},
      {0xd503203f, RawClass::kHint},     {0xd503229f, RawClass::kHint},
      {0x14000001, RawClass::kBranch},   {0xd65f0bff, RawClass::kBranch},
      {0x90000000, RawClass::kAdr},      {0x58000040, RawClass::kLiteral},
      {0xc85f7c20, RawClass::kExclusive}, {0x19c00440, RawClass::kMops},
      {0xd4000001, RawClass::kSystem},   {0xd53b4220, RawClass::kSystem},
      {0xd10043ff, RawClass::kOther},    {0x910003fd, RawClass::kOther},
  };
  for (const auto& c : cases)
    EXPECT_EQ(raw_class(c.insn), c.c) << std::hex << c.insn;
}

TEST(Classify, RawClassFollowsTheModuleDecoder) {
  // nop and stp-push are exactly what probesim_decode() says, nothing else.
  for (std::uint32_t hi = 0; hi < 0x10000; hi++) {
    for (std::uint32_t lo : {0x0000U, 0x7bfdU, 0x201fU, 0xffffU, 0x03ffU}) {
      std::uint32_t insn = (hi << 16) | lo;
      enum probesim_family f = probesim_decode(insn);
      EXPECT_EQ(raw_class(insn) == RawClass::kNop, f == PROBESIM_NOP_FAMILY);
      EXPECT_EQ(raw_class(insn) == RawClass::kStpPush, f == PROBESIM_STP_FAMILY);
    }
  }
}

TEST(Classify, Shapes) {
  EXPECT_EQ(shape(0xa9bf7bfd), Shape::kStpFpLrPush);   // #-16
  EXPECT_EQ(shape(0xa9b67bfd), Shape::kStpFpLrPush);   // #-160
  EXPECT_EQ(shape(0xa9817bfd), Shape::kStpOtherPush);  // #16: not a push down
  EXPECT_EQ(shape(0xa9bf57f4), Shape::kStpOtherPush);  // x20, x21
  EXPECT_EQ(shape(0xd10043ff), Shape::kSubSp);         // sub sp, sp, #16
  EXPECT_EQ(shape(0xd14043ff), Shape::kSubSp);         // sub sp, sp, #16, lsl 12
  EXPECT_EQ(shape(0xd10043e0), Shape::kNone);          // sub x0, sp, #16
  EXPECT_EQ(shape(0x510043ff), Shape::kNone);          // sub wsp, wsp, #16
  EXPECT_EQ(shape(0xd503233f), Shape::kPaciasp);
  EXPECT_EQ(shape(0xd503237f), Shape::kPacibsp);
  EXPECT_EQ(shape(0xd503245f), Shape::kBtiC);
  EXPECT_EQ(shape(0xd503201f), Shape::kNop);
  EXPECT_EQ(shape(0xd65f03c0), Shape::kNone);
}

TEST(Classify, OutcomesPerVariant) {
  using O = Outcome;
  struct Case {
    std::uint32_t insn;
    O v61, v61p, v612, v612p, main;
  } cases[] = {
      {0xd503201f, O::kXol, O::kProbesimNop, O::kXol, O::kProbesimNop,
       O::kKernelSim},
      {0xa9bf7bfd, O::kXol, O::kProbesimStp, O::kXol, O::kProbesimStp,
       O::kXol},
      {0xd503233f, O::kPac, O::kPac, O::kPac, O::kPac, O::kPac},
      {0xd50323bf, O::kRejected, O::kRejected, O::kRejected, O::kRejected,
       O::kRejected},  // autiasp
      {0xd503245f, O::kBti, O::kBti, O::kBti, O::kBti, O::kBti},
      {0xd65f03c0, O::kKernelSim, O::kKernelSim, O::kKernelSim, O::kKernelSim,
       O::kKernelSim},
      {0x58000040, O::kRejected, O::kRejected, O::kRejected, O::kRejected,
       O::kRejected},
      {0x54000050, O::kXol, O::kXol, O::kKernelSim, O::kKernelSim,
       O::kKernelSim},  // bc.eq
      {0xd10043ff, O::kXol, O::kXol, O::kXol, O::kXol, O::kXol},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(outcome(c.insn, Variant::k6_1), c.v61) << std::hex << c.insn;
    EXPECT_EQ(outcome(c.insn, Variant::k6_1Probesim), c.v61p) << std::hex << c.insn;
    EXPECT_EQ(outcome(c.insn, Variant::k6_12), c.v612) << std::hex << c.insn;
    EXPECT_EQ(outcome(c.insn, Variant::k6_12Probesim), c.v612p) << std::hex << c.insn;
    EXPECT_EQ(outcome(c.insn, Variant::kMainline), c.main) << std::hex << c.insn;
  }
}

TEST(Classify, Names) {
  EXPECT_EQ(raw_class_name(RawClass::kStpPush), "stp-push");
  EXPECT_EQ(variant_name(Variant::k6_12Probesim), "6.12+probesim");
  EXPECT_EQ(outcome_name(Outcome::kProbesimStp), "probesim-stp");
  EXPECT_EQ(shape_name(Shape::kStpFpLrPush), "stp x29, x30, [sp, #-N]!");
  EXPECT_TRUE(is_simulated(Outcome::kProbesimNop));
  EXPECT_FALSE(is_simulated(Outcome::kBti));
}

}  // namespace
}  // namespace probesim::survey
