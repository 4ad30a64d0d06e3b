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

// CRm:op2 of a HINT instruction, bits 11:5.
unsigned hint_crm_op2(std::uint32_t insn) { return (insn >> 5) & 0x7f; }

struct FamilyName {
  std::string_view name;  // as probesim_family_name() has it
  Family family;
};

constexpr FamilyName kFamilyNames[] = {
    {"nop", Family::kNop},
    {"stp", Family::kStp},
    {"logic_imm", Family::kLogicImm},
    {"addsub_imm", Family::kAddSubImm},
    {"movewide", Family::kMoveWide},
    {"logic_reg", Family::kLogicReg},
    {"addsub_reg", Family::kAddSubReg},
    {"bti", Family::kBti},
    {"pac", Family::kPac},
};

struct VariantInfo {
  Variant variant;
  BaseKernel kernel;
  Probesim probesim;
  std::string_view name;
};

// In the order of Variant.
constexpr VariantInfo kVariantInfo[kVariantCount] = {
    {Variant::k6_1, BaseKernel::k6_1, Probesim::kAbsent, "6.1"},
    {Variant::k6_1ProbesimStp, BaseKernel::k6_1, Probesim::kStp, "6.1+probesim"},
    {Variant::k6_12, BaseKernel::k6_12, Probesim::kAbsent, "6.12"},
    {Variant::k6_12ProbesimStp, BaseKernel::k6_12, Probesim::kStp, "6.12+probesim"},
    {Variant::k7_3, BaseKernel::k7_3, Probesim::kAbsent, "7.3"},
    {Variant::k7_3ProbesimStp, BaseKernel::k7_3, Probesim::kStp, "7.3+probesim"},
    {Variant::k6_1ProbesimDefaults, BaseKernel::k6_1, Probesim::kDefaults,
     "6.1+probesim-defaults"},
    {Variant::k6_12ProbesimDefaults, BaseKernel::k6_12, Probesim::kDefaults,
     "6.12+probesim-defaults"},
    {Variant::k7_3ProbesimDefaults, BaseKernel::k7_3, Probesim::kDefaults,
     "7.3+probesim-defaults"},
};

constexpr bool variant_info_in_order() {
  for (std::size_t i = 0; i < kVariantCount; i++)
    if (index(kVariantInfo[i].variant) != i) return false;
  return true;
}
static_assert(variant_info_in_order());

}  // namespace

Family family_by_name(std::string_view name) {
  if (name == "none") return Family::kNone;
  for (const auto& f : kFamilyNames)
    if (f.name == name) return f.family;
  return Family::kUnknownFamily;
}

Family family(std::uint32_t insn) {
  enum probesim_family f = probesim_decode(insn);
  if (f == PROBESIM_NONE) return Family::kNone;
  return family_by_name(probesim_family_name(f));
}

bool decoder_has_family(std::string_view name) {
  for (int f = PROBESIM_NONE + 1; f < PROBESIM_NR_FAMILIES; f++)
    if (name == probesim_family_name(static_cast<enum probesim_family>(f)))
      return true;
  return false;
}

RawClass raw_class(std::uint32_t insn) {
  switch (family(insn)) {
    case Family::kNop: return RawClass::kNop;
    case Family::kStp: return RawClass::kStpPush;
    case Family::kLogicImm: return RawClass::kLogicImm;
    case Family::kAddSubImm: return RawClass::kAddSubImm;
    case Family::kMoveWide: return RawClass::kMoveWide;
    case Family::kLogicReg: return RawClass::kLogicReg;
    case Family::kAddSubReg: return RawClass::kAddSubReg;
    case Family::kBti: return RawClass::kBti;
    case Family::kPac: return RawClass::kPac;
    case Family::kNone:
    case Family::kUnknownFamily: break;
  }
  if (aarch64_insn_is_hint(insn)) {
    unsigned crm_op2 = hint_crm_op2(insn);
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
  if (family(insn) == Family::kStp) {
    // imm7 is signed: bit 6 set is a negative offset.
    if (aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RT, insn) == 29 &&
        aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RT2, insn) == 30 &&
        (aarch64_insn_decode_immediate(AARCH64_INSN_IMM_7, insn) & 0x40))
      return Shape::kStpFpLrPush;
    return Shape::kStpOtherPush;
  }
  if (family(insn) == Family::kNop) return Shape::kNop;
  // SUB (immediate), 64-bit, no flags: 1 1 0 100010 sh imm12 Rn Rd.
  if ((insn & 0xFF8003FFU) == 0xD10003FFU) return Shape::kSubSp;
  if (aarch64_insn_is_hint(insn)) {
    switch (hint_crm_op2(insn)) {
      case 0x19: return Shape::kPaciasp;
      case 0x1B: return Shape::kPacibsp;
      case 0x22: return Shape::kBtiC;
      default: break;
    }
  }
  return Shape::kNone;
}

BaseKernel base_kernel(Variant v) { return kVariantInfo[index(v)].kernel; }

Probesim probesim_of(Variant v) { return kVariantInfo[index(v)].probesim; }

bool has_probesim(Variant v) { return probesim_of(v) != Probesim::kAbsent; }

Variant variant_of(BaseKernel kernel, Probesim probesim) {
  for (const auto& info : kVariantInfo)
    if (info.kernel == kernel && info.probesim == probesim) return info.variant;
  return Variant::k6_12;  // unreachable: every pair has its variant
}

Variant base_variant(Variant v) {
  return variant_of(base_kernel(v), Probesim::kAbsent);
}

Outcome outcome(std::uint32_t insn, Variant variant) {
  switch (kernel_action(insn, base_kernel(variant))) {
    case KernelAction::kSimulate: return Outcome::kKernelSim;
    case KernelAction::kReject: return Outcome::kRejected;
    case KernelAction::kStep: break;
  }
  // probesim only takes over what the kernel would single-step
  // (module/hook.c leaves rejected and kernel-simulated probes alone, so
  // NOP stays the kernel's on 7.3).
  // The other families are on by default; stp is off unless stp=1, and
  // has a gate besides (no MTE, no POE).
  if (has_probesim(variant)) {
    switch (family(insn)) {
      case Family::kNop: return Outcome::kProbesimNop;
      case Family::kStp:
        if (probesim_of(variant) == Probesim::kStp)
          return Outcome::kProbesimStp;
        break;
      case Family::kLogicImm: return Outcome::kProbesimLogicImm;
      case Family::kAddSubImm: return Outcome::kProbesimAddSubImm;
      case Family::kMoveWide: return Outcome::kProbesimMoveWide;
      case Family::kLogicReg: return Outcome::kProbesimLogicReg;
      case Family::kAddSubReg: return Outcome::kProbesimAddSubReg;
      case Family::kBti: return Outcome::kProbesimBti;
      case Family::kPac: return Outcome::kProbesimPac;
      case Family::kNone:
      case Family::kUnknownFamily: break;
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
      "nop", "stp-push", "logic_imm", "addsub_imm", "movewide", "logic_reg",
      "addsub_reg", "bti", "pac", "branch", "adr", "literal", "exclusive",
      "mops", "system", "hint", "other"};
  return kNames[index(c)];
}

std::string_view shape_name(Shape s) {
  static constexpr std::string_view kNames[kShapeCount + 1] = {
      "stp x29, x30, [sp, #-N]!", "stp (other push)", "sub sp, sp, #N",
      "paciasp", "pacibsp", "bti c", "nop", "none"};
  return kNames[index(s)];
}

std::string_view variant_name(Variant v) { return kVariantInfo[index(v)].name; }

std::string_view variant_params(Variant v) {
  switch (probesim_of(v)) {
    case Probesim::kAbsent: return "";
    case Probesim::kDefaults: return "nop=1 alu=1 bti=1 pac=1 stp=0";
    case Probesim::kStp: return "nop=1 alu=1 bti=1 pac=1 stp=1";
  }
  return "";
}

std::string_view outcome_name(Outcome o) {
  static constexpr std::string_view kNames[kOutcomeCount] = {
      "kernel-sim", "probesim-nop", "probesim-stp", "probesim-logic_imm",
      "probesim-addsub_imm", "probesim-movewide", "probesim-logic_reg",
      "probesim-addsub_reg", "probesim-bti", "probesim-pac", "rejected", "bti",
      "pac", "xol"};
  return kNames[index(o)];
}

Step step(Outcome o) {
  switch (o) {
    case Outcome::kKernelSim: return Step::kKernel;
    case Outcome::kProbesimNop: return Step::kNop;
    case Outcome::kProbesimStp: return Step::kStp;
    case Outcome::kProbesimLogicImm:
    case Outcome::kProbesimAddSubImm:
    case Outcome::kProbesimMoveWide:
    case Outcome::kProbesimLogicReg:
    case Outcome::kProbesimAddSubReg: return Step::kAlu;
    case Outcome::kProbesimBti: return Step::kBti;
    case Outcome::kProbesimPac: return Step::kPac;
    case Outcome::kRejected:
    case Outcome::kBti:
    case Outcome::kPac:
    case Outcome::kXol: return Step::kNone;
  }
  return Step::kNone;
}

std::string_view step_name(Step s) {
  static constexpr std::string_view kNames[kStepCount + 1] = {
      "kernel", "nop", "stp", "alu", "bti", "pac", "none"};
  return kNames[index(s)];
}

bool is_simulated(Outcome o) { return step(o) != Step::kNone; }

}  // namespace probesim::survey
