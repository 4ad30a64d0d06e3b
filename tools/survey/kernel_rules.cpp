// Rows are ordered as decode-insn.c tests: a row may only come after the
// rows it overlaps with that the kernel tests first. The comments name the
// kernel matcher (asm/insn.h) and the decode-insn.c rule each row mirrors.
// "Not steppable" refers to aarch64_insn_is_steppable().
#include "kernel_rules.hpp"

#include <array>

namespace probesim::survey {

namespace {

constexpr unsigned bit(BaseKernel k) { return 1u << static_cast<unsigned>(k); }
constexpr unsigned k61 = bit(BaseKernel::k6_1);
constexpr unsigned k612 = bit(BaseKernel::k6_12);
constexpr unsigned kMain = bit(BaseKernel::kMainline);
constexpr unsigned kAll = k61 | k612 | kMain;

using A = KernelAction;
using K = InsnKind;

// HINT #imm with CRm:op2 == imm, as aarch64_insn_is_steppable_hint()
// compares it (insn & 0xFE0, once aarch64_insn_is_hint() has matched).
constexpr std::uint32_t hint(std::uint32_t crm_op2) {
  return 0xD503201FU | (crm_op2 << 5);
}

constexpr std::array kRules = {
    // --- Before the steppable test (6.13+ only) ---
    // arm_probe_decode_insn(): "if (aarch64_insn_is_nop(insn))" ->
    // simulate_nop; aarch64_insn_is_nop() is is_hint && CRm:op2 == 0.
    KernelRule{0xFFFFFFFFU, 0xD503201FU, A::kSimulate, kMain, K::kNop, "nop"},

    // --- Branch/system class (is_class_branch_sys 0x1c000000/0x14000000) --
    // aarch64_insn_is_branch() -> not steppable; each of these has a
    // simulator in arm_probe_decode_insn().
    // is_b -> simulate_b_bl
    KernelRule{0xFC000000U, 0x14000000U, A::kSimulate, kAll, K::kBranch, "b"},
    // is_bl -> simulate_b_bl
    KernelRule{0xFC000000U, 0x94000000U, A::kSimulate, kAll, K::kBranch, "bl"},
    // is_cbz -> simulate_cbz_cbnz
    KernelRule{0x7F000000U, 0x34000000U, A::kSimulate, kAll, K::kBranch, "cbz"},
    // is_cbnz -> simulate_cbz_cbnz
    KernelRule{0x7F000000U, 0x35000000U, A::kSimulate, kAll, K::kBranch,
               "cbnz"},
    // is_tbz -> simulate_tbz_tbnz
    KernelRule{0x7F000000U, 0x36000000U, A::kSimulate, kAll, K::kBranch, "tbz"},
    // is_tbnz -> simulate_tbz_tbnz
    KernelRule{0x7F000000U, 0x37000000U, A::kSimulate, kAll, K::kBranch,
               "tbnz"},
    // is_bcond (6.12: 0xFF000000, takes in BC.cond) -> simulate_b_cond
    KernelRule{0xFF000000U, 0x54000000U, A::kSimulate, k612 | kMain,
               K::kBranch, "b.cond"},
    // is_bcond (6.1: 0xFF000010, bit 4 clear) -> simulate_b_cond. On 6.1
    // the other half (BC.cond) is no branch, so it is stepped.
    KernelRule{0xFF000010U, 0x54000000U, A::kSimulate, k61, K::kBranch,
               "b.cond"},
    // is_br -> simulate_br_blr_ret
    KernelRule{0xFFFFFC1FU, 0xD61F0000U, A::kSimulate, kAll, K::kBranch, "br"},
    // is_blr -> simulate_br_blr_ret
    KernelRule{0xFFFFFC1FU, 0xD63F0000U, A::kSimulate, kAll, K::kBranch,
               "blr"},
    // is_ret -> simulate_br_blr_ret
    KernelRule{0xFFFFFC1FU, 0xD65F0000U, A::kSimulate, kAll, K::kBranch,
               "ret"},
    // is_ret_auth: a branch (not steppable) with no simulator -> rejected
    KernelRule{0xFFFFFBFFU, 0xD65F0BFFU, A::kReject, kAll, K::kBranch,
               "retaa/retab"},
    // is_br_auth: a branch with no simulator -> rejected
    KernelRule{0xFEFFF800U, 0xD61F0800U, A::kReject, kAll, K::kBranch,
               "braa/brab"},
    // is_blr_auth: a branch with no simulator -> rejected
    KernelRule{0xFEFFF800U, 0xD63F0800U, A::kReject, kAll, K::kBranch,
               "blraa/blrab"},
    // is_msr_imm: not steppable, no simulator -> rejected
    KernelRule{0xFFF8F01FU, 0xD500401FU, A::kReject, kAll, K::kSystem,
               "msr (immediate)"},
    // is_msr_reg: not steppable, no simulator -> rejected
    KernelRule{0xFFF00000U, 0xD5100000U, A::kReject, kAll, K::kSystem,
               "msr (register)"},
    // is_exception (svc, hvc, smc, brk, hlt, dcps): rejected
    KernelRule{0xFF000000U, 0xD4000000U, A::kReject, kAll, K::kSystem,
               "exception"},
    // is_eret: rejected
    KernelRule{0xFFFFFFFFU, 0xD69F03E0U, A::kReject, kAll, K::kSystem, "eret"},
    // is_eret_auth: rejected
    KernelRule{0xFFFFFBFFU, 0xD69F0BFFU, A::kReject, kAll, K::kSystem,
               "eretaa/eretab"},
    // is_mrs: aarch64_insn_is_steppable() returns
    // "aarch64_insn_extract_system_reg(insn) != AARCH64_INSN_SPCLREG_DAIF",
    // so MRS Xt, DAIF (bits 20:5 == 0xDA11) is not steppable, has no
    // simulator -> rejected ...
    KernelRule{0xFFFFFFE0U, 0xD5300000U | (0xDA11U << 5), A::kReject, kAll,
               K::kSystem, "mrs daif"},
    // ... and any other MRS is stepped.
    KernelRule{0xFFF00000U, 0xD5300000U, A::kStep, kAll, K::kSystem, "mrs"},
    // is_hint and in aarch64_insn_is_steppable_hint()'s list: stepped
    KernelRule{0xFFFFFFFFU, hint(0x00), A::kStep, kAll, K::kNop, "nop"},
    KernelRule{0xFFFFFFFFU, hint(0x07), A::kStep, kAll, K::kHint, "xpaclri"},
    KernelRule{0xFFFFFFFFU, hint(0x08), A::kStep, kAll, K::kHint, "pacia1716"},
    KernelRule{0xFFFFFFFFU, hint(0x0A), A::kStep, kAll, K::kHint, "pacib1716"},
    KernelRule{0xFFFFFFFFU, hint(0x18), A::kStep, kAll, K::kHint, "paciaz"},
    KernelRule{0xFFFFFFFFU, hint(0x19), A::kStep, kAll, K::kHint, "paciasp"},
    KernelRule{0xFFFFFFFFU, hint(0x1A), A::kStep, kAll, K::kHint, "pacibz"},
    KernelRule{0xFFFFFFFFU, hint(0x1B), A::kStep, kAll, K::kHint, "pacibsp"},
    KernelRule{0xFFFFFFFFU, hint(0x20), A::kStep, kAll, K::kHint, "bti"},
    KernelRule{0xFFFFFFFFU, hint(0x22), A::kStep, kAll, K::kHint, "bti c"},
    KernelRule{0xFFFFFFFFU, hint(0x24), A::kStep, kAll, K::kHint, "bti j"},
    KernelRule{0xFFFFFFFFU, hint(0x26), A::kStep, kAll, K::kHint, "bti jc"},
    // is_hint, not in the list (autia*, yield, wfe, wfi, sev, sevl, esb,
    // psb, tsb, csdb, clearbhb, dgh, unallocated hints): not steppable,
    // no simulator -> rejected
    KernelRule{0xFFFFF01FU, 0xD503201FU, A::kReject, kAll, K::kHint, "hint"},
    // Anything else in the branch/system class (barriers, SYS, ...) is
    // steppable: no row.

    // --- Outside the branch/system class ---
    // is_adr, part of aarch64_insn_uses_literal(): not steppable ->
    // simulate_adr_adrp
    KernelRule{0x9F000000U, 0x10000000U, A::kSimulate, kAll, K::kAdr, "adr"},
    // is_adrp, likewise -> simulate_adr_adrp
    KernelRule{0x9F000000U, 0x90000000U, A::kSimulate, kAll, K::kAdr, "adrp"},
    // is_ldr_lit, in uses_literal(): not steppable. Its simulator is only
    // in arm_kprobe_decode_insn(), which uprobes do not call -> rejected
    KernelRule{0xBF000000U, 0x18000000U, A::kReject, kAll, K::kLiteral,
               "ldr (literal)"},
    // is_ldrsw_lit, likewise kprobes-only -> rejected for uprobes
    KernelRule{0xFF000000U, 0x98000000U, A::kReject, kAll, K::kLiteral,
               "ldrsw (literal)"},
    // is_prfm_lit, in uses_literal(), no simulator -> rejected
    KernelRule{0xFF000000U, 0xD8000000U, A::kReject, kAll, K::kLiteral,
               "prfm (literal)"},
    // is_exclusive (ldxr/stxr/ldaxr/stlxr, pairs too): not steppable ->
    // rejected
    KernelRule{0x3F800000U, 0x08000000U, A::kReject, kAll, K::kExclusive,
               "exclusive"},
    // is_mops (cpy*/set* prologue/main/epilogue), tested since 6.12 (not in
    // 6.1, where they are stepped): not steppable -> rejected
    KernelRule{0x3B200C00U, 0x19000400U, A::kReject, k612 | kMain, K::kMops,
               "mops"},
};

}  // namespace

std::span<const KernelRule> kernel_rules() { return kRules; }

const KernelRule* match_kernel_rule(std::uint32_t insn, BaseKernel kernel) {
  for (const auto& r : kRules)
    if ((r.kernels & bit(kernel)) && (insn & r.mask) == r.value) return &r;
  return nullptr;
}

KernelAction kernel_action(std::uint32_t insn, BaseKernel kernel) {
  const KernelRule* r = match_kernel_rule(insn, kernel);
  return r ? r->action : KernelAction::kStep;
}

std::string_view base_kernel_name(BaseKernel kernel) {
  switch (kernel) {
    case BaseKernel::k6_1: return "6.1";
    case BaseKernel::k6_12: return "6.12";
    case BaseKernel::kMainline: return "mainline";
  }
  return "?";
}

}  // namespace probesim::survey
