#include "classify.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "probesim_decoder.hpp"

namespace probesim::survey {
namespace {

// probesim's outcome for the family of that name.
Outcome probesim(std::string_view family) { return probesim_outcome(family_index(family)); }

TEST(Classify, RawClasses) {
  struct Case {
    std::uint32_t insn;
    RawClass c;
  } cases[] = {
      {0xd503201f, RawClass::kNop},       {0xa9bf7bfd, RawClass::kStpPush},
      {0xa9ba7bfd, RawClass::kStpPush},   {0xa9bf57f4, RawClass::kStpPush},
      {0xa9007bfd, RawClass::kOther},  // stp x29, x30, [sp] (no writeback)
      {0x29bf7bfd, RawClass::kOther},  // stp w29, w30, [sp, #-8]!
      {0x6dbf27e8, RawClass::kOther},  // stp d8, d9, [sp, #-16]!
      {0xa9bf7c1d, RawClass::kOther},  // stp x29, x31?, [x0, ...]!
      {0xd503241f, RawClass::kBti},       {0xd503245f, RawClass::kBti},
      {0xd503249f, RawClass::kBti},       {0xd50324df, RawClass::kBti},
      {0xd503233f, RawClass::kPac},       {0xd503237f, RawClass::kPac},
      {0xd50323bf, RawClass::kPac},       {0xd50320ff, RawClass::kPac},
      {0xd503203f, RawClass::kHint},      {0xd503229f, RawClass::kHint},
      {0x14000001, RawClass::kBranch},    {0xd65f0bff, RawClass::kBranch},
      {0x90000000, RawClass::kAdr},       {0x58000040, RawClass::kLiteral},
      {0xc85f7c20, RawClass::kExclusive}, {0x19c00440, RawClass::kMops},
      {0xd4000001, RawClass::kSystem},    {0xd53b4220, RawClass::kSystem},
      {0x12001c49, RawClass::kLogicImm},   // and w9, w2, #0xff
      {0xf240003f, RawClass::kLogicImm},   // tst x1, #1
      {0x320083e0, RawClass::kLogicImm},   // orr w0, wzr, #0x10001
      {0x9240001f, RawClass::kLogicImm},   // and sp, x0, #1
      {0x12400000, RawClass::kOther},      // 32-bit with N = 1: reserved
      {0x12007c00, RawClass::kOther},      // imms all ones: reserved
      {0xd10043ff, RawClass::kAddSubImm},  // sub sp, sp, #16
      {0x910003fd, RawClass::kAddSubImm},  // mov x29, sp
      {0xf100041f, RawClass::kAddSubImm},  // cmp x0, #1
      {0xb1001020, RawClass::kAddSubImm},  // adds x0, x1, #4
      {0x52800020, RawClass::kMoveWide},   // movz w0, #1
      {0x92800000, RawClass::kMoveWide},   // movn x0, #0
      {0xf2800020, RawClass::kMoveWide},   // movk x0, #1
      {0x52c00000, RawClass::kOther},      // movz w0, #0, lsl #32: reserved
      {0x32800000, RawClass::kOther},      // move wide opc = 01: unallocated
      {0xaa0003e1, RawClass::kLogicReg},   // mov x1, x0
      {0xaa2003e1, RawClass::kLogicReg},   // mvn x1, x0
      {0x0a028020, RawClass::kOther},      // and w0, w1, w2, lsl #32: reserved
      {0x8b020c20, RawClass::kAddSubReg},  // add x0, x1, x2, lsl #3
      {0xcb0103e0, RawClass::kAddSubReg},  // neg x0, x1
      {0x8bc20020, RawClass::kOther},      // shift 11: reserved
      {0x8b224020, RawClass::kOther},      // add x0, x1, w2, uxtw (extended)
      {0x8b2263e0, RawClass::kOther},      // add x0, sp, x2 (extended)
      {0x93407c00, RawClass::kOther},      // sxtw x0, w0 (bitfield)
  };
  for (const auto& c : cases) EXPECT_EQ(raw_class(c.insn), c.c) << std::hex << c.insn;
}

// The families and switches of module/families.h, as the survey reads
// them, are those of the decoder it is linked with (classify.cpp asserts
// their count, and that each family's switch is one of kSwitches).
TEST(Classify, TheFamiliesAreTheDecoders) {
  for (std::size_t f = 0; f < kFamilyCount; f++) {
    const auto id = static_cast<enum probesim_family>(f + 1);
    EXPECT_EQ(kFamilies[f].name, probesim_family_name(id));
    EXPECT_EQ(kFamilies[f].switch_name, probesim_family_switch(id));
  }
  EXPECT_EQ(family_index("no-such-family"), kFamilyCount);
  EXPECT_EQ(family_list(),
            "nop, logic_imm, addsub_imm, movewide, logic_reg, addsub_reg, bti, pac, stp");
  EXPECT_EQ(family_list("alu"), "logic_imm, addsub_imm, movewide, logic_reg, addsub_reg");
}

TEST(Classify, RawClassFollowsTheModuleDecoder) {
  // The family classes are exactly what probesim_decode() says, nothing
  // else. pac is no pair: its class holds every PAC hint, the family only
  // PACIASP and PACIBSP.
  const std::size_t pac = family_index("pac");
  // Every family has its class; the RawClasses tests above pin which.
  for (std::size_t fam = 0; fam < kFamilyCount; fam++)
    EXPECT_TRUE(family_class(fam)) << kFamilies[fam].name;
  for (std::uint32_t hi = 0; hi < 0x10000; hi++) {
    for (std::uint32_t lo :
         {0x0000U, 0x7bfdU, 0x201fU, 0x245fU, 0x233fU, 0xffffU, 0x03ffU, 0x1c49U}) {
      std::uint32_t insn = (hi << 16) | lo;
      const std::optional<std::size_t> f = family(insn);
      for (std::size_t fam = 0; fam < kFamilyCount; fam++) {
        if (fam == pac || !family_class(fam)) continue;
        EXPECT_EQ(raw_class(insn) == family_class(fam), f == fam) << std::hex << insn;
      }
      if (f == pac) {
        EXPECT_EQ(raw_class(insn), RawClass::kPac) << std::hex << insn;
      }
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
  // The stock columns follow each kernel's decode-insn.c (7.3: Debian's
  // 7.3.4, which simulates NOP itself); probesim only takes what the
  // stock kernel would single-step. Of the PAC hints only the SP forms
  // open functions: the module leaves the others to the kernel, which
  // steps PACI* and XPACLRI and rejects AUTI*. probesim's defaults differ
  // from stp=1 only on STP pushes (DefaultsSingleStepStpPushesOnly).
  using O = Outcome;
  constexpr O X = O::kXol, K = O::kKernelSim, R = O::kRejected, P = O::kPac, B = O::kBti;
  const O nop = probesim("nop"), stp = probesim("stp"), bti = probesim("bti"),
          pac = probesim("pac"), logic_imm = probesim("logic_imm"),
          addsub_imm = probesim("addsub_imm"), movewide = probesim("movewide"),
          logic_reg = probesim("logic_reg"), addsub_reg = probesim("addsub_reg");
  constexpr Variant kColumns[] = {Variant::k6_1,  Variant::k6_1ProbesimStp,
                                  Variant::k6_12, Variant::k6_12ProbesimStp,
                                  Variant::k7_3,  Variant::k7_3ProbesimStp};
  const struct {
    std::uint32_t insn;
    O on[std::size(kColumns)];
  } cases[] = {
      {0xd503201f, {X, nop, X, nop, K, K}},                         // nop: 7.3 simulate_nop
      {0xa9bf7bfd, {X, stp, X, stp, X, stp}},                       // stp x29, x30, [sp, #-16]!
      {0xd503245f, {B, bti, B, bti, B, bti}},                       // bti c
      {0xd503233f, {P, pac, P, pac, P, pac}},                       // paciasp
      {0xd503237f, {P, pac, P, pac, P, pac}},                       // pacibsp
      {0xd503231f, {P, P, P, P, P, P}},                             // paciaz
      {0xd503235f, {P, P, P, P, P, P}},                             // pacibz
      {0xd50320ff, {P, P, P, P, P, P}},                             // xpaclri
      {0xd503211f, {P, P, P, P, P, P}},                             // pacia1716
      {0xd503215f, {P, P, P, P, P, P}},                             // pacib1716
      {0xd50323bf, {R, R, R, R, R, R}},                             // autiasp
      {0xd50323ff, {R, R, R, R, R, R}},                             // autibsp
      {0xd503239f, {R, R, R, R, R, R}},                             // autiaz
      {0xd503203f, {R, R, R, R, R, R}},                             // yield: not steppable
      {0xd65f03c0, {K, K, K, K, K, K}},                             // ret
      {0x94000010, {K, K, K, K, K, K}},                             // bl
      {0x58000040, {R, R, R, R, R, R}},                             // ldr x0, literal: kprobes only
      {0x54000050, {X, X, K, K, K, K}},                             // bc.eq: no 6.1 b.cond
      {0x19c00440, {X, X, R, R, R, R}},                             // cpyfp (MOPS)
      {0xd10043ff, {X, addsub_imm, X, addsub_imm, X, addsub_imm}},  // sub sp, sp, #16
      {0x12001c49, {X, logic_imm, X, logic_imm, X, logic_imm}},     // and w9, w2, #0xff
      {0x52800020, {X, movewide, X, movewide, X, movewide}},        // movz w0, #1
      {0xaa0003e1, {X, logic_reg, X, logic_reg, X, logic_reg}},     // mov x1, x0
      {0x8b020020, {X, addsub_reg, X, addsub_reg, X, addsub_reg}},  // add x0, x1, x2
      {0x8b224020, {X, X, X, X, X, X}},  // add x0, x1, w2, uxtw (extended)
  };
  for (const auto& c : cases)
    for (std::size_t i = 0; i < std::size(kColumns); i++)
      EXPECT_EQ(outcome(c.insn, kColumns[i]), c.on[i])
          << std::hex << c.insn << " on " << variant_name(kColumns[i]);
}

TEST(Classify, DefaultsSingleStepStpPushesOnly) {
  // probesim's defaults (stp=0) leave every STP push to the stock kernel,
  // which single-steps it; on every other word they are stp=1's outcome.
  for (BaseKernel k : kBaseKernels) {
    const Variant defaults = variant_of(k, Probesim::kDefaults);
    const Variant stp = variant_of(k, Probesim::kStp);
    const Variant stock = variant_of(k, Probesim::kAbsent);
    for (std::uint32_t hi = 0; hi < 0x10000; hi++) {
      for (std::uint32_t lo : {0x0000U, 0x7bfdU, 0x57f4U, 0x201fU, 0x245fU, 0x233fU, 0xffffU}) {
        std::uint32_t insn = (hi << 16) | lo;
        Outcome want = family(insn) == kStpFamily ? outcome(insn, stock) : outcome(insn, stp);
        ASSERT_EQ(outcome(insn, defaults), want) << std::hex << insn;
      }
    }
  }
}

TEST(Classify, ProbesimOn73LeavesNopToTheKernel) {
  // 7.3 adds only the NOP simulation to 6.12, and probesim simulates NOP
  // on 6.12: with probesim both kernels skip the single-step on the same
  // words, and on 7.3 no word is probesim's nop.
  for (std::uint32_t hi = 0; hi < 0x10000; hi++) {
    for (std::uint32_t lo : {0x0000U, 0x201fU, 0x7bfdU, 0x03e0U, 0xffffU}) {
      std::uint32_t insn = (hi << 16) | lo;
      for (Probesim p : {Probesim::kDefaults, Probesim::kStp}) {
        Outcome o73 = outcome(insn, variant_of(BaseKernel::k7_3, p));
        ASSERT_NE(o73, probesim("nop")) << std::hex << insn;
        ASSERT_EQ(is_simulated(o73), is_simulated(outcome(insn, variant_of(BaseKernel::k6_12, p))))
            << std::hex << insn;
      }
    }
  }
}

TEST(Classify, Variants) {
  // Every kernel has one variant per probesim setting, named after both:
  // stock "K", "K+probesim" with stp=1 (the survey's first, kept for its
  // readers), "K+probesim-defaults".
  for (BaseKernel k : kBaseKernels) {
    for (Probesim p : {Probesim::kAbsent, Probesim::kDefaults, Probesim::kStp}) {
      Variant v = variant_of(k, p);
      EXPECT_EQ(base_kernel(v), k);
      EXPECT_EQ(probesim_of(v), p);
      const std::string kernel(base_kernel_name(k));
      const char* suffix = p == Probesim::kAbsent     ? ""
                           : p == Probesim::kDefaults ? "+probesim-defaults"
                                                      : "+probesim";
      EXPECT_EQ(variant_name(v), kernel + suffix);
    }
  }
}

TEST(Classify, Steps) {
  // A family's outcome is owed to its switch (the switches are the
  // module's: TheFamiliesAreTheDecoders).
  EXPECT_EQ(step(Outcome::kKernelSim), Step::kKernel);
  for (std::size_t f = 0; f < kFamilyCount; f++)
    EXPECT_EQ(step(probesim_outcome(f)), switch_step(switch_index(kFamilies[f].switch_name))) << f;
  for (Outcome o : {Outcome::kRejected, Outcome::kBti, Outcome::kPac, Outcome::kXol})
    EXPECT_EQ(step(o), Step::kNone);
  // Every probesim outcome is named after its family, as the module's
  // counters are.
  for (std::size_t i = 0; i < kOutcomeCount; i++) {
    auto o = static_cast<Outcome>(i);
    std::string_view name = outcome_name(o);
    bool probesim = name.substr(0, 9) == "probesim-";
    EXPECT_EQ(probesim, step(o) != Step::kNone && step(o) != Step::kKernel) << name;
    if (probesim) {
      EXPECT_LT(family_index(name.substr(9)), kFamilyCount) << name;
    }
  }
}

}  // namespace
}  // namespace probesim::survey
