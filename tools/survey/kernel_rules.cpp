// Rows are ordered as decode-insn.c tests: a row may only come after the
// rows it overlaps with that the kernel tests first. The comments name the
// kernel matcher (asm/insn.h) and the decode-insn.c rule each row mirrors,
// with their lines in Debian's linux-source-7.3 (7.3.4); 6.1 and 6.12 have
// the same tests unless a row says otherwise. "Not steppable" refers to
// aarch64_insn_is_steppable() (decode-insn.c:18-71). The table is written
// here so that the survey builds without a kernel tree; make check holds
// it to each kernel's own decoder, built from its tree
// (vm/stock-rules-check.sh).
//
// Between 6.12 and 7.3 only the NOP row changes what a uprobe does. The
// other changes leave the answers alone: BR/BLR and RET got handlers of
// their own that keep the user's Guarded Control Stack in step
// (simulate-insn.c:53, :145, :158) but are still simulated; the new
// load_acq/store_rel and add/sub (extended) matchers of insn.h are not
// used by the decoder; and the narrower load_ex/store_ex masks only serve
// the kprobe-only scan for exclusive sequences (decode-insn.c:135-137).
#include "kernel_rules.hpp"

#include <array>

namespace probesim::survey {

namespace {

constexpr unsigned bit(BaseKernel k) { return 1u << static_cast<unsigned>(k); }
constexpr unsigned k61 = bit(BaseKernel::k6_1);
constexpr unsigned k612 = bit(BaseKernel::k6_12);
constexpr unsigned k73 = bit(BaseKernel::k7_3);
constexpr unsigned kAll = k61 | k612 | k73;

using A = KernelAction;
using K = InsnKind;

// HINT #imm with CRm:op2 == imm, as aarch64_insn_is_steppable_hint()
// compares it (insn & 0xFE0, once aarch64_insn_is_hint() has matched).
constexpr std::uint32_t hint(std::uint32_t crm_op2) { return 0xD503201FU | (crm_op2 << 5); }

constexpr std::array kRules = {
    // --- Before the steppable test (7.3 only) ---
    // is_nop, exactly NOP (insn.h:599-602) -> simulate_nop
    // (decode-insn.c:85-87, 7.3.4). Not in 6.12, which steps NOP as a
    // steppable hint. simulate_nop() only moves the PC on (and clears
    // BTYPE) without checking BTYPE against a guarded page.
    KernelRule{0xFFFFFFFFU, 0xD503201FU, A::kSimulate, k73, K::kNop, "nop"},

    // --- Branch/system class (is_class_branch_sys, insn.h:341, tested at
    // decode-insn.c:27, 7.3.4) ---
    // aarch64_insn_is_branch() (insn.h:482-499) -> not steppable
    // (decode-insn.c:28, 7.3.4); each of these has a simulator in
    // arm_probe_decode_insn().
    // is_b (insn.h:422) -> simulate_b_bl (decode-insn.c:107-109, 7.3.4)
    KernelRule{0xFC000000U, 0x14000000U, A::kSimulate, kAll, K::kBranch, "b"},
    // is_bl (insn.h:423) -> simulate_b_bl, which on 7.3 also pushes the
    // return address on the GCS (decode-insn.c:107-109, 7.3.4)
    KernelRule{0xFC000000U, 0x94000000U, A::kSimulate, kAll, K::kBranch, "bl"},
    // is_cbz (insn.h:424) -> simulate_cbz_cbnz (decode-insn.c:99-101, 7.3.4)
    KernelRule{0x7F000000U, 0x34000000U, A::kSimulate, kAll, K::kBranch, "cbz"},
    // is_cbnz (insn.h:425) -> simulate_cbz_cbnz (decode-insn.c:99-101, 7.3.4)
    KernelRule{0x7F000000U, 0x35000000U, A::kSimulate, kAll, K::kBranch, "cbnz"},
    // is_tbz (insn.h:426) -> simulate_tbz_tbnz (decode-insn.c:102-104, 7.3.4)
    KernelRule{0x7F000000U, 0x36000000U, A::kSimulate, kAll, K::kBranch, "tbz"},
    // is_tbnz (insn.h:427) -> simulate_tbz_tbnz (decode-insn.c:102-104,
    // 7.3.4)
    KernelRule{0x7F000000U, 0x37000000U, A::kSimulate, kAll, K::kBranch, "tbnz"},
    // is_bcond, 0xFF000000 so BC.cond too (insn.h:428) -> simulate_b_cond
    // (decode-insn.c:97-98, 7.3.4); 6.12 has the same mask
    KernelRule{0xFF000000U, 0x54000000U, A::kSimulate, k612 | k73, K::kBranch, "b.cond"},
    // is_bcond on 6.1 is 0xFF000010 (bit 4 clear) -> simulate_b_cond. On
    // 6.1 the other half (BC.cond) is no branch, so it is stepped.
    KernelRule{0xFF000010U, 0x54000000U, A::kSimulate, k61, K::kBranch, "b.cond"},
    // is_br (insn.h:435) -> simulate_br_blr (decode-insn.c:110-112, 7.3.4);
    // simulate_br_blr_ret on 6.1 and 6.12
    KernelRule{0xFFFFFC1FU, 0xD61F0000U, A::kSimulate, kAll, K::kBranch, "br"},
    // is_blr (insn.h:437) -> simulate_br_blr, GCS push on 7.3
    // (decode-insn.c:110-112, 7.3.4)
    KernelRule{0xFFFFFC1FU, 0xD63F0000U, A::kSimulate, kAll, K::kBranch, "blr"},
    // is_ret (insn.h:439) -> simulate_ret, which on 7.3 checks the target
    // against the GCS (decode-insn.c:113-114, 7.3.4)
    KernelRule{0xFFFFFC1FU, 0xD65F0000U, A::kSimulate, kAll, K::kBranch, "ret"},
    // is_ret_auth (insn.h:440): a branch (not steppable) with no
    // simulator -> rejected (decode-insn.c:115-120, 7.3.4)
    KernelRule{0xFFFFFBFFU, 0xD65F0BFFU, A::kReject, kAll, K::kBranch, "retaa/retab"},
    // is_br_auth (insn.h:436): a branch with no simulator -> rejected
    // (decode-insn.c:115-120, 7.3.4)
    KernelRule{0xFEFFF800U, 0xD61F0800U, A::kReject, kAll, K::kBranch, "braa/brab"},
    // is_blr_auth (insn.h:438): a branch with no simulator -> rejected
    // (decode-insn.c:115-120, 7.3.4)
    KernelRule{0xFEFFF800U, 0xD63F0800U, A::kReject, kAll, K::kBranch, "blraa/blrab"},
    // is_msr_imm (insn.h:444): not steppable, no simulator -> rejected
    // (decode-insn.c:29, 7.3.4)
    KernelRule{0xFFF8F01FU, 0xD500401FU, A::kReject, kAll, K::kSystem, "msr (immediate)"},
    // is_msr_reg (insn.h:445): not steppable, no simulator -> rejected
    // (decode-insn.c:30, 7.3.4)
    KernelRule{0xFFF00000U, 0xD5100000U, A::kReject, kAll, K::kSystem, "msr (register)"},
    // is_exception (insn.h:433: svc, hvc, smc, brk, hlt, dcps): rejected
    // (decode-insn.c:31, 7.3.4)
    KernelRule{0xFF000000U, 0xD4000000U, A::kReject, kAll, K::kSystem, "exception"},
    // is_eret (insn.h:441): rejected (decode-insn.c:32, 7.3.4)
    KernelRule{0xFFFFFFFFU, 0xD69F03E0U, A::kReject, kAll, K::kSystem, "eret"},
    // is_eret_auth (insn.h:442): rejected (decode-insn.c:33, 7.3.4)
    KernelRule{0xFFFFFBFFU, 0xD69F0BFFU, A::kReject, kAll, K::kSystem, "eretaa/eretab"},
    // is_mrs (insn.h:443): steppable unless the system register (bits
    // 20:5) is DAIF, 0xDA11 (decode-insn.c:41-43, insn.h:121, 7.3.4). MRS
    // Xt, DAIF has no simulator -> rejected ...
    KernelRule{0xFFFFFFE0U, 0xD5300000U | (0xDA11U << 5), A::kReject, kAll, K::kSystem, "mrs daif"},
    // ... and any other MRS is stepped.
    KernelRule{0xFFF00000U, 0xD5300000U, A::kStep, kAll, K::kSystem, "mrs"},
    // is_hint (insn.h:434) and in aarch64_insn_is_steppable_hint()'s list
    // (insn.h:458-480, decode-insn.c:51-52, 7.3.4): stepped. NOP is still
    // in 7.3's list (insn.h:475) but matches the first row there.
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
    // no simulator -> rejected (decode-insn.c:52, :115-120, 7.3.4)
    KernelRule{0xFFFFF01FU, 0xD503201FU, A::kReject, kAll, K::kHint, "hint"},
    // Anything else in the branch/system class (barriers, SYS, ...) is
    // steppable (decode-insn.c:54, 7.3.4): no row.

    // --- Outside the branch/system class (decode-insn.c:65-70, 7.3.4) ---
    // is_adr (insn.h:343), part of aarch64_insn_uses_literal()
    // (insn.h:563-571): not steppable -> simulate_adr_adrp
    // (decode-insn.c:65, :105-106, 7.3.4)
    KernelRule{0x9F000000U, 0x10000000U, A::kSimulate, kAll, K::kAdr, "adr"},
    // is_adrp (insn.h:344), likewise -> simulate_adr_adrp
    // (decode-insn.c:105-106, 7.3.4)
    KernelRule{0x9F000000U, 0x90000000U, A::kSimulate, kAll, K::kAdr, "adrp"},
    // is_ldr_lit (insn.h:365), in uses_literal(): not steppable. Its
    // simulator is only in arm_kprobe_decode_insn(), which uprobes do not
    // call (uprobes.c:56) -> rejected (decode-insn.c:65, :120, 7.3.4)
    KernelRule{0xBF000000U, 0x18000000U, A::kReject, kAll, K::kLiteral, "ldr (literal)"},
    // is_ldrsw_lit (insn.h:366), likewise kprobes-only -> rejected for
    // uprobes (decode-insn.c:65, :120, 7.3.4)
    KernelRule{0xFF000000U, 0x98000000U, A::kReject, kAll, K::kLiteral, "ldrsw (literal)"},
    // is_prfm_lit (insn.h:346), in uses_literal(), no simulator ->
    // rejected (decode-insn.c:65, :120, 7.3.4)
    KernelRule{0xFF000000U, 0xD8000000U, A::kReject, kAll, K::kLiteral, "prfm (literal)"},
    // is_exclusive (insn.h:367: ldxr/stxr/ldaxr/stlxr, pairs too; not
    // ldar/stlr): not steppable -> rejected (decode-insn.c:66, 7.3.4)
    KernelRule{0x3F800000U, 0x08000000U, A::kReject, kAll, K::kExclusive, "exclusive"},
    // is_mops (insn.h:372: cpy*/set* prologue/main/epilogue), tested since
    // 6.12 (not in 6.1, where they are stepped): not steppable -> rejected
    // (decode-insn.c:67, 7.3.4)
    KernelRule{0x3B200C00U, 0x19000400U, A::kReject, k612 | k73, K::kMops, "mops"},
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
  static constexpr std::string_view kNames[] = {"6.1", "6.12", "7.3"};
  return kNames[static_cast<std::size_t>(kernel)];
}

}  // namespace probesim::survey
