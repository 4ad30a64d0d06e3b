// The flat kernel_rules table against a line-by-line transcription of
// arm_probe_decode_insn() / aarch64_insn_is_steppable() as the kernels
// (6.1, 6.12, 7.3) have them (arch/arm64/kernel/probes/decode-insn.c,
// asm/insn.h), so that the first-match table cannot drift from the
// kernel's nested tests.
#include "kernel_rules.hpp"

#include <gtest/gtest.h>

#include <random>

namespace probesim::survey {
namespace {

bool is(std::uint32_t insn, std::uint32_t mask, std::uint32_t value) {
  return (insn & mask) == value;
}

KernelAction reference(std::uint32_t insn, BaseKernel k) {
  const bool v61 = k == BaseKernel::k6_1;
  const bool b = is(insn, 0xFC000000, 0x14000000);
  const bool bl = is(insn, 0xFC000000, 0x94000000);
  const bool cbz = is(insn, 0x7F000000, 0x34000000);
  const bool cbnz = is(insn, 0x7F000000, 0x35000000);
  const bool tbz = is(insn, 0x7F000000, 0x36000000);
  const bool tbnz = is(insn, 0x7F000000, 0x37000000);
  const bool bcond = v61 ? is(insn, 0xFF000010, 0x54000000)
                         : is(insn, 0xFF000000, 0x54000000);
  const bool br = is(insn, 0xFFFFFC1F, 0xD61F0000);
  const bool blr = is(insn, 0xFFFFFC1F, 0xD63F0000);
  const bool ret = is(insn, 0xFFFFFC1F, 0xD65F0000);
  const bool ret_auth = is(insn, 0xFFFFFBFF, 0xD65F0BFF);
  const bool br_auth = is(insn, 0xFEFFF800, 0xD61F0800);
  const bool blr_auth = is(insn, 0xFEFFF800, 0xD63F0800);
  const bool branch = b || bl || cbz || cbnz || tbz || tbnz || ret ||
                      ret_auth || br || br_auth || blr || blr_auth || bcond;
  const bool adr_adrp =
      is(insn, 0x9F000000, 0x10000000) || is(insn, 0x9F000000, 0x90000000);
  const bool hint = is(insn, 0xFFFFF01F, 0xD503201F);

  // 7.3: arm_probe_decode_insn() first compares the word with the one
  // NOP encoding (decode-insn.c:85, insn.h:599-602) and simulates it.
  if (k == BaseKernel::k7_3 && insn == 0xD503201F)
    return KernelAction::kSimulate;

  bool steppable;
  if (is(insn, 0x1c000000, 0x14000000)) {
    if (branch || is(insn, 0xFFF8F01F, 0xD500401F) /* msr_imm */ ||
        is(insn, 0xFFF00000, 0xD5100000) /* msr_reg */ ||
        is(insn, 0xFF000000, 0xD4000000) /* exception */ ||
        is(insn, 0xFFFFFFFF, 0xD69F03E0) /* eret */ ||
        is(insn, 0xFFFFFBFF, 0xD69F0BFF) /* eret_auth */) {
      steppable = false;
    } else if (is(insn, 0xFFF00000, 0xD5300000)) {  // mrs
      steppable = ((insn & 0x1FFFE0) >> 5) != 0xDA11;
    } else if (hint) {
      switch ((insn & 0xFE0) >> 5) {
        case 0x07: case 0x08: case 0x0A: case 0x18: case 0x19: case 0x1A:
        case 0x1B: case 0x20: case 0x22: case 0x24: case 0x26: case 0x00:
          steppable = true;
          break;
        default:
          steppable = false;
      }
    } else {
      steppable = true;
    }
  } else {
    const bool uses_literal = is(insn, 0xBF000000, 0x18000000) ||
                              is(insn, 0xFF000000, 0x98000000) || adr_adrp ||
                              is(insn, 0xFF000000, 0xD8000000);
    const bool exclusive = is(insn, 0x3F800000, 0x08000000);
    const bool mops = !v61 && is(insn, 0x3B200C00, 0x19000400);
    steppable = !(uses_literal || exclusive || mops);
  }
  if (steppable) return KernelAction::kStep;
  if (bcond || cbz || cbnz || tbz || tbnz || adr_adrp || b || bl || br ||
      blr || ret)
    return KernelAction::kSimulate;
  return KernelAction::kReject;
}

constexpr BaseKernel kKernels[] = {BaseKernel::k6_1, BaseKernel::k6_12,
                                   BaseKernel::k7_3};

void expect_same(std::uint32_t insn) {
  for (BaseKernel k : kKernels)
    ASSERT_EQ(kernel_action(insn, k), reference(insn, k))
        << std::hex << insn << " on " << base_kernel_name(k);
}

TEST(KernelRules, MatchesDecodeInsnOnEveryTopHalfword) {
  // Every bits[31:16] with low halves that hit the fields the matchers
  // look at (Rn/Rt, CRm:op2, the MOPS and exclusive bits, DAIF).
  const std::uint32_t lows[] = {0x0000, 0xFFFF, 0x001F, 0x03E0, 0x0FE0, 0x0400,
                                0x0C00, 0x0800, 0x0BFF, 0x0010, 0x201F, 0x4220,
                                0x401F, 0x241F, 0x233F, 0xF01F, 0x03C0, 0x7C00};
  for (std::uint32_t hi = 0; hi < 0x10000; hi++)
    for (std::uint32_t lo : lows) expect_same((hi << 16) | lo);
}

TEST(KernelRules, MatchesDecodeInsnOnTheWholeSystemSpace) {
  // 0xD5000000-0xD5FFFFFF: MSR, MRS, SYS, hints, barriers.
  for (std::uint32_t low = 0; low < (1u << 24); low += 1) {
    std::uint32_t insn = 0xD5000000U | low;
    for (BaseKernel k : kKernels)
      if (kernel_action(insn, k) != reference(insn, k))
        FAIL() << std::hex << insn << " on " << base_kernel_name(k);
  }
}

TEST(KernelRules, MatchesDecodeInsnOnRandomWords) {
  std::mt19937 rng(20240607);
  for (int i = 0; i < 2000000; i++) expect_same(static_cast<std::uint32_t>(rng()));
}

TEST(KernelRules, KnownEncodings) {
  // Expectations read off each kernel's decode-insn.c and insn.h; the 7.3
  // column from Debian's linux-source-7.3 (7.3.4).
  using A = KernelAction;
  constexpr A S = A::kStep, M = A::kSimulate, R = A::kReject;
  struct Case {
    std::uint32_t insn;
    A v61, v612, v73;
  } cases[] = {
      {0xd503201f, S, S, M},  // nop: 7.3 simulate_nop
      {0xd503203f, R, R, R},  // yield: hint #1, not a NOP
      {0xd503221f, R, R, R},  // esb
      {0xa9bf7bfd, S, S, S},  // stp x29, x30, [sp,#-16]!
      {0xa9be4ff4, S, S, S},  // stp x20, x19, [sp,#-32]!
      {0xd503233f, S, S, S},  // paciasp
      {0xd503237f, S, S, S},  // pacibsp
      {0xd50323bf, R, R, R},  // autiasp
      {0xd503245f, S, S, S},  // bti c
      {0xd503241f, S, S, S},  // bti
      {0xd503205f, R, R, R},  // wfe
      {0x14000010, M, M, M},  // b
      {0x94000010, M, M, M},  // bl: GCS-aware on 7.3, still simulated
      {0x54000040, M, M, M},  // b.eq
      {0x54000050, S, M, M},  // bc.eq
      {0xb4000040, M, M, M},  // cbz x0
      {0x35000040, M, M, M},  // cbnz w0
      {0x36000040, M, M, M},  // tbz w0
      {0xd61f0200, M, M, M},  // br x16
      {0xd63f0100, M, M, M},  // blr x8: simulate_br_blr on 7.3
      {0xd65f03c0, M, M, M},  // ret: simulate_ret on 7.3
      {0xd65f0bff, R, R, R},  // retaa
      {0xd63f081f, R, R, R},  // blraaz x0
      {0x90000000, M, M, M},  // adrp x0
      {0x10000000, M, M, M},  // adr x0
      {0x58000040, R, R, R},  // ldr x0, literal
      {0x98000040, R, R, R},  // ldrsw literal
      {0xd8000040, R, R, R},  // prfm literal
      {0x5c000040, S, S, S},  // ldr d0, literal
      {0xc85f7c20, R, R, R},  // ldxr x0, [x1]
      {0xc85ffc20, R, R, R},  // ldaxr x0, [x1]
      {0xc87f0c20, R, R, R},  // ldxp x0, x3, [x1]
      {0xc8dffc20, S, S, S},  // ldar x0, [x1]: 7.3's is_load_acq is unused
      {0xc89ffc20, S, S, S},  // stlr x0, [x1]: likewise is_store_rel
      {0xd4000001, R, R, R},  // svc #0
      {0xd4200000, R, R, R},  // brk #0
      {0xd53b4220, R, R, R},  // mrs x0, daif
      {0xd53b4200, S, S, S},  // mrs x0, nzcv
      {0xd51b4220, R, R, R},  // msr daif, x0
      {0xd50342df, R, R, R},  // msr daifset, #2
      {0xd5033bbf, S, S, S},  // dmb ish
      {0x19c00440, S, R, R},  // cpyfp (MOPS)
      {0xd10043ff, S, S, S},  // sub sp, sp, #16
      {0xaa0103e0, S, S, S},  // mov x0, x1
      {0x8b224020, S, S, S},  // add x0, x1, w2, uxtw: is_add_ext unused
  };
  for (const auto& c : cases) {
    EXPECT_EQ(kernel_action(c.insn, BaseKernel::k6_1), c.v61) << std::hex << c.insn;
    EXPECT_EQ(kernel_action(c.insn, BaseKernel::k6_12), c.v612) << std::hex << c.insn;
    EXPECT_EQ(kernel_action(c.insn, BaseKernel::k7_3), c.v73) << std::hex << c.insn;
  }
}

TEST(KernelRules, SevenThreeDiffersFromSixTwelveOnlyOnNop) {
  // decode-insn.c of 7.3.4 is 6.12's plus the NOP test in front: every
  // other word gets the same answer. Checked over the whole system space
  // and a spread of the rest.
  auto check = [](std::uint32_t insn) {
    if (insn == 0xD503201F) return;
    ASSERT_EQ(kernel_action(insn, BaseKernel::k7_3),
              kernel_action(insn, BaseKernel::k6_12))
        << std::hex << insn;
  };
  for (std::uint32_t low = 0; low < (1u << 24); low += 1) check(0xD5000000U | low);
  std::mt19937 rng(73);
  for (int i = 0; i < 1000000; i++) check(static_cast<std::uint32_t>(rng()));
  EXPECT_EQ(kernel_action(0xD503201F, BaseKernel::k7_3), KernelAction::kSimulate);
  EXPECT_EQ(kernel_action(0xD503201F, BaseKernel::k6_12), KernelAction::kStep);
}

TEST(KernelRules, Names) {
  EXPECT_EQ(base_kernel_name(BaseKernel::k6_1), "6.1");
  EXPECT_EQ(base_kernel_name(BaseKernel::k6_12), "6.12");
  EXPECT_EQ(base_kernel_name(BaseKernel::k7_3), "7.3");
}

TEST(KernelRules, EveryRowIsReachable) {
  // A row shadowed by an earlier one for all its kernels would be dead.
  auto rules = kernel_rules();
  for (std::size_t i = 0; i < rules.size(); i++) {
    const auto& r = rules[i];
    bool reached = false;
    std::mt19937 rng(static_cast<unsigned>(i));
    for (int fill = 0; fill < 64; fill++) {
      std::uint32_t insn = r.value | (static_cast<std::uint32_t>(rng()) & ~r.mask);
      for (BaseKernel k : kKernels)
        if ((r.kernels >> static_cast<unsigned>(k)) & 1u)
          reached |= match_kernel_rule(insn, k) == &rules[i];
    }
    EXPECT_TRUE(reached) << r.name;
    EXPECT_EQ(r.value & ~r.mask, 0U) << r.name;
  }
}

}  // namespace
}  // namespace probesim::survey
