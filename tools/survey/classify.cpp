#include "classify.hpp"

#include "probesim_decoder.hpp"

namespace probesim::survey {

namespace {

bool is_bti_hint(unsigned crm_op2) {
  // BTI {, c, j, jc}: HINT #0b0100xx0
  return (crm_op2 & 0x79) == 0x20;
}

bool is_pac_hint(unsigned crm_op2) {
  switch (crm_op2) {
    case 0x07:  // XPACLRI
    case 0x08:  // PACIA1716
    case 0x0A:  // PACIB1716
    case 0x0C:  // AUTIA1716
    case 0x0E:  // AUTIB1716
    case 0x18:  // PACIAZ
    case 0x19:  // PACIASP
    case 0x1A:  // PACIBZ
    case 0x1B:  // PACIBSP
    case 0x1C:  // AUTIAZ
    case 0x1D:  // AUTIASP
    case 0x1E:  // AUTIBZ
    case 0x1F:  // AUTIBSP
    case 0x27:  // PACM (FEAT_PAuth_LR)
      return true;
    default:
      return false;
  }
}

// A uprobe handled by probesim: stp=1, user space, no MTE, no POE.
bool probesim_simulates_stp() {
  probesim_gate gate{};
  gate.stp_enabled = true;
  gate.user = true;
  return probesim_stp_verdict(&gate) == PROBESIM_SIMULATE;
}

}  // namespace

RawClass raw_class(std::uint32_t insn) {
  switch (probesim_decode(insn)) {
    case PROBESIM_NOP_FAMILY: return RawClass::kNop;
    case PROBESIM_STP_FAMILY: return RawClass::kStpPush;
    default: break;
  }
  if (probesim_insn_is_hint(insn)) {
    unsigned crm_op2 = PROBESIM_HINT_CRM_OP2(insn);
    if (is_bti_hint(crm_op2)) return RawClass::kBti;
    if (is_pac_hint(crm_op2)) return RawClass::kPac;
    return RawClass::kHint;
  }
  const KernelRule* rule = match_kernel_rule(insn, BaseKernel::k6_12);
  if (rule == nullptr) return RawClass::kOther;
  switch (rule->kind) {
    case InsnKind::kBranch: return RawClass::kBranch;
    case InsnKind::kAdr: return RawClass::kAdr;
    case InsnKind::kLiteral: return RawClass::kLiteral;
    case InsnKind::kExclusive: return RawClass::kExclusive;
    case InsnKind::kMops: return RawClass::kMops;
    case InsnKind::kSystem: return RawClass::kSystem;
    case InsnKind::kNop:
    case InsnKind::kHint: return RawClass::kHint;  // unreachable: hints above
  }
  return RawClass::kOther;
}

Shape shape(std::uint32_t insn) {
  if (probesim_decode(insn) == PROBESIM_STP_FAMILY) {
    if (probesim_ldstp_rt(insn) == 29 && probesim_ldstp_rt2(insn) == 30 &&
        probesim_stp_offset(insn) < 0)
      return Shape::kStpFpLrPush;
    return Shape::kStpOtherPush;
  }
  if (probesim_decode(insn) == PROBESIM_NOP_FAMILY) return Shape::kNop;
  // SUB (immediate), 64-bit, no flags: 1 1 0 100010 sh imm12 Rn Rd.
  if ((insn & 0xFF8003FFU) == 0xD10003FFU) return Shape::kSubSp;
  if (probesim_insn_is_hint(insn)) {
    switch (PROBESIM_HINT_CRM_OP2(insn)) {
      case 0x19: return Shape::kPaciasp;
      case 0x1B: return Shape::kPacibsp;
      case 0x22: return Shape::kBtiC;
      default: break;
    }
  }
  return Shape::kNone;
}

BaseKernel base_kernel(Variant v) {
  switch (v) {
    case Variant::k6_1:
    case Variant::k6_1Probesim: return BaseKernel::k6_1;
    case Variant::k6_12:
    case Variant::k6_12Probesim: return BaseKernel::k6_12;
    case Variant::kMainline: return BaseKernel::kMainline;
  }
  return BaseKernel::k6_12;
}

bool has_probesim(Variant v) {
  return v == Variant::k6_1Probesim || v == Variant::k6_12Probesim;
}

Outcome outcome(std::uint32_t insn, Variant variant) {
  switch (kernel_action(insn, base_kernel(variant))) {
    case KernelAction::kSimulate: return Outcome::kKernelSim;
    case KernelAction::kReject: return Outcome::kRejected;
    case KernelAction::kStep: break;
  }
  // probesim only takes over what the kernel would single-step
  // (module/hook.c leaves rejected and kernel-simulated probes alone).
  if (has_probesim(variant)) {
    switch (probesim_decode(insn)) {
      case PROBESIM_NOP_FAMILY: return Outcome::kProbesimNop;
      case PROBESIM_STP_FAMILY:
        if (probesim_simulates_stp()) return Outcome::kProbesimStp;
        break;
      default: break;
    }
  }
  switch (raw_class(insn)) {
    case RawClass::kBti: return Outcome::kBti;
    case RawClass::kPac: return Outcome::kPac;
    default: return Outcome::kXol;
  }
}

std::string_view raw_class_name(RawClass c) {
  static constexpr std::string_view kNames[kRawClassCount] = {
      "nop", "stp-push", "bti", "pac", "branch", "adr",
      "literal", "exclusive", "mops", "system", "hint", "other"};
  return kNames[index(c)];
}

std::string_view shape_name(Shape s) {
  static constexpr std::string_view kNames[kShapeCount + 1] = {
      "stp x29, x30, [sp, #-N]!", "stp (other push)", "sub sp, sp, #N",
      "paciasp", "pacibsp", "bti c", "nop", "none"};
  return kNames[index(s)];
}

std::string_view variant_name(Variant v) {
  static constexpr std::string_view kNames[kVariantCount] = {
      "6.1", "6.1+probesim", "6.12", "6.12+probesim", "mainline"};
  return kNames[index(v)];
}

std::string_view outcome_name(Outcome o) {
  static constexpr std::string_view kNames[kOutcomeCount] = {
      "kernel-sim", "probesim-nop", "probesim-stp", "rejected",
      "bti", "pac", "xol"};
  return kNames[index(o)];
}

bool is_simulated(Outcome o) {
  return o == Outcome::kKernelSim || o == Outcome::kProbesimNop ||
         o == Outcome::kProbesimStp;
}

}  // namespace probesim::survey
