// The stock kernels' rules on a few words of each kind, so that the
// host-only build catches a broken table quickly. The full check is make
// check's vm/stock-rules-check.sh, which holds kernel_rules to each
// kernel's own decode-insn.c over 67 million words.
#include "kernel_rules.hpp"

#include <gtest/gtest.h>

#include <random>

namespace probesim::survey {
namespace {

TEST(KernelRules, KnownEncodings) {
  // Expectations read off each kernel's decode-insn.c and insn.h; the 7.3
  // column from Debian's linux-source-7.3 (7.3.4). Classify.OutcomesPerVariant
  // has the stock columns of NOP, the PAC, BTI and other hints, the STP
  // push, bc.eq, bl, ret, LDR (literal) and MOPS.
  using A = KernelAction;
  constexpr A S = A::kStep, M = A::kSimulate, R = A::kReject;
  const struct {
    std::uint32_t insn;
    A on[std::size(kBaseKernels)];  // 6.1, 6.12, 7.3
  } cases[] = {
      {0xd50324df, {S, S, S}},  // bti jc: in the list
      {0x54000040, {M, M, M}},  // b.eq
      {0xd65f0bff, {R, R, R}},  // retaa: a branch with no simulator
      {0x90000000, {M, M, M}},  // adrp x0
      {0xc85f7c20, {R, R, R}},  // ldxr x0, [x1]
      {0xc8dffc20, {S, S, S}},  // ldar x0, [x1]: 7.3's is_load_acq is unused
      {0xd4000001, {R, R, R}},  // svc #0
      {0xd53b4220, {R, R, R}},  // mrs x0, daif
      {0xd53b4200, {S, S, S}},  // mrs x0, nzcv
      {0xd50342df, {R, R, R}},  // msr daifset, #2
      {0xd5033bbf, {S, S, S}},  // dmb ish: the rest of the branch/system class
  };
  for (const auto& c : cases)
    for (std::size_t k = 0; k < std::size(kBaseKernels); k++)
      EXPECT_EQ(kernel_action(c.insn, kBaseKernels[k]), c.on[k])
          << std::hex << c.insn << " on " << base_kernel_name(kBaseKernels[k]);
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
      for (BaseKernel k : kBaseKernels)
        if ((r.kernels >> static_cast<unsigned>(k)) & 1u)
          reached |= match_kernel_rule(insn, k) == &rules[i];
    }
    EXPECT_TRUE(reached) << r.name;
    EXPECT_EQ(r.value & ~r.mask, 0U) << r.name;
  }
}

}  // namespace
}  // namespace probesim::survey
