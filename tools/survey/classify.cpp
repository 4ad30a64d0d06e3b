#include "classify.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "probesim_decoder.hpp"

namespace probesim::survey {

namespace {

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

// The RawClass of each family's instructions, by the family's name.
constexpr std::pair<std::string_view, RawClass> kFamilyClasses[] = {
    {"nop", RawClass::kNop},
    {"stp", RawClass::kStpPush},
    {"logic_imm", RawClass::kLogicImm},
    {"addsub_imm", RawClass::kAddSubImm},
    {"movewide", RawClass::kMoveWide},
    {"logic_reg", RawClass::kLogicReg},
    {"addsub_reg", RawClass::kAddSubReg},
    {"bti", RawClass::kBti},
    {"pac", RawClass::kPac}};

// kFamilyClasses by family index: nullopt for a family it leaves out.
constexpr auto kClassOfFamily = [] {
  std::array<std::optional<RawClass>, kFamilyCount> out{};
  for (const auto& [name, c] : kFamilyClasses) out[family_index(name)] = c;
  return out;
}();

struct VariantInfo {
  BaseKernel kernel;
  Probesim probesim;
  std::string_view name;
};

// In the order of Variant.
constexpr VariantInfo kVariantInfo[kVariantCount] = {
    {BaseKernel::k6_1, Probesim::kAbsent, "6.1"},
    {BaseKernel::k6_1, Probesim::kStp, "6.1+probesim"},
    {BaseKernel::k6_12, Probesim::kAbsent, "6.12"},
    {BaseKernel::k6_12, Probesim::kStp, "6.12+probesim"},
    {BaseKernel::k7_3, Probesim::kAbsent, "7.3"},
    {BaseKernel::k7_3, Probesim::kStp, "7.3+probesim"},
    {BaseKernel::k6_1, Probesim::kDefaults, "6.1+probesim-defaults"},
    {BaseKernel::k6_12, Probesim::kDefaults, "6.12+probesim-defaults"},
    {BaseKernel::k7_3, Probesim::kDefaults, "7.3+probesim-defaults"},
};

}  // namespace

// The module's enum probesim_family is families.h's order after
// PROBESIM_NONE: kFamilies' index plus one.
static_assert(PROBESIM_NR_FAMILIES == 1 + kFamilyCount);

// Every family's switch is one of kSwitches.
static_assert(std::ranges::find(kFamilySwitch, kSwitchCount) == kFamilySwitch.end());

std::optional<std::size_t> family(std::uint32_t insn) {
  const enum probesim_family f = probesim_decode(insn);
  if (f == PROBESIM_NONE) return std::nullopt;
  return static_cast<std::size_t>(f) - 1;
}

std::optional<RawClass> family_class(std::size_t family) { return kClassOfFamily[family]; }

std::string family_list(std::string_view switch_name) {
  std::string out;
  for (const FamilyInfo& f : kFamilies)
    if (switch_name.empty() || f.switch_name == switch_name)
      out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

bool step_on_by_default(Step s) { return s == Step::kKernel || kSwitches[index(s) - 1].on; }

std::vector<Step> cumulative_steps() {
  std::vector<Step> out;
  for (bool on : {true, false})
    for (std::size_t st = 0; st < kStepCount; st++)
      if (step_on_by_default(static_cast<Step>(st)) == on) out.push_back(static_cast<Step>(st));
  return out;
}

RawClass raw_class(std::uint32_t insn) {
  if (const auto f = family(insn))
    if (const auto c = family_class(*f)) return *c;
  if (aarch64_insn_is_hint(insn)) {
    const unsigned crm_op2 = hint_crm_op2(insn);
    if ((crm_op2 & 0x79) == 0x20) return RawClass::kBti;  // BTI {, c, j, jc}: HINT #0b0100xx0
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
  const std::optional<std::size_t> f = family(insn);
  if (f == kStpFamily) {
    // imm7 is signed: bit 6 set is a negative offset.
    if (aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RT, insn) == 29 &&
        aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RT2, insn) == 30 &&
        (aarch64_insn_decode_immediate(AARCH64_INSN_IMM_7, insn) & 0x40))
      return Shape::kStpFpLrPush;
    return Shape::kStpOtherPush;
  }
  if (f == kNopFamily) return Shape::kNop;
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

Variant variant_of(BaseKernel kernel, Probesim probesim) {
  for (std::size_t v = 0; v < kVariantCount; v++)
    if (kVariantInfo[v].kernel == kernel && kVariantInfo[v].probesim == probesim)
      return static_cast<Variant>(v);
  return Variant::k6_12;  // unreachable: every pair has its variant
}

Outcome outcome(std::uint32_t insn, Variant variant) {
  switch (kernel_action(insn, base_kernel(variant))) {
    case KernelAction::kSimulate: return Outcome::kKernelSim;
    case KernelAction::kReject: return Outcome::kRejected;
    case KernelAction::kStep: break;
  }
  // probesim only takes over what the kernel would single-step
  // (module/hook.c leaves rejected and kernel-simulated probes alone, so
  // NOP stays the kernel's on 7.3), and only with the family's switch on:
  // at its default, or every switch with stp=1. The stp family has a gate
  // besides (no MTE, no POE), which the survey takes to be open.
  if (const auto f = family(insn); f && probesim_of(variant) != Probesim::kAbsent) {
    const SwitchInfo& on = kSwitches[kFamilySwitch[*f]];
    if (on.on || probesim_of(variant) == Probesim::kStp) return probesim_outcome(*f);
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

// "nop=1 alu=1 bti=1 pac=1 stp=0": every switch at its default, or on.
std::string_view variant_params(Variant v) {
  static const auto params = [](bool all_on) {
    std::string out;
    for (const SwitchInfo& s : kSwitches)
      out += (out.empty() ? "" : " ") + std::string(s.name) + (s.on || all_on ? "=1" : "=0");
    return out;
  };
  static const std::string defaults = params(false), all_on = params(true);
  switch (probesim_of(v)) {
    case Probesim::kAbsent: return "";
    case Probesim::kDefaults: return defaults;
    case Probesim::kStp: return all_on;
  }
  return "";
}

std::string_view outcome_name(Outcome o) {
  static const auto names = [] {
    std::array<std::string, kOutcomeCount> out;
    out[index(Outcome::kKernelSim)] = "kernel-sim";
    for (std::size_t f = 0; f < kFamilyCount; f++)
      out[index(probesim_outcome(f))] = "probesim-" + std::string(kFamilies[f].name);
    out[index(Outcome::kRejected)] = "rejected";
    out[index(Outcome::kBti)] = "bti";
    out[index(Outcome::kPac)] = "pac";
    out[index(Outcome::kXol)] = "xol";
    return out;
  }();
  return names[index(o)];
}

Step step(Outcome o) {
  if (o == Outcome::kKernelSim) return Step::kKernel;
  if (o >= Outcome::kRejected) return Step::kNone;
  return switch_step(kFamilySwitch[index(o) - 1]);
}

std::string_view step_name(Step s) {
  if (s == Step::kKernel) return "kernel";
  if (s == Step::kNone) return "none";
  return kSwitches[index(s) - 1].name;
}

bool is_simulated(Outcome o) { return step(o) != Step::kNone; }

}  // namespace probesim::survey
