// Classification of one instruction word: what it is (RawClass, kernel
// aside), a few common prologue shapes for comparison with earlier counts,
// and what each kernel variant does with a uprobe on it (Outcome).
// probesim's part comes from the module's own decode table
// (module/probes/decode-insn.c), the stock kernels' part from kernel_rules.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernel_rules.hpp"

namespace probesim::survey {

// What an instruction is. Disjoint; the first that applies wins. The
// classes named after probesim's families are exactly what its decode
// table assigns to the family (module/probes/decode-insn.c;
// family_class()); an instruction of the same kind that the table leaves
// alone falls into a later class. The survey's own names, in the order
// its earlier results have them (stp-push second), unlike the families.
enum class RawClass {
  kNop,        // probesim's nop family (exactly NOP)
  kStpPush,    // probesim's stp family: STP Xt, Xt2, [SP, #imm]!
  kLogicImm,   // probesim's logic_imm family: AND/ORR/EOR/ANDS (immediate)
  kAddSubImm,  // probesim's addsub_imm family: ADD/ADDS/SUB/SUBS (immediate)
  kMoveWide,   // probesim's movewide family: MOVZ/MOVN/MOVK
  kLogicReg,   // probesim's logic_reg family: logical (shifted register)
  kAddSubReg,  // probesim's addsub_reg family: add/sub (shifted register)
  kBti,        // BTI, BTI c, BTI j, BTI jc (probesim's bti family, if any)
  kPac,        // PAC hints: PACI*/AUTI* (1716, SP, Z), XPACLRI, PACM; wider
               // than probesim's pac family (PACIASP and PACIBSP only)
  kBranch,     // B, BL, B.cond, CB(N)Z, TB(N)Z, BR, BLR, RET and their
               // pointer-authenticating forms
  kAdr,        // ADR, ADRP
  kLiteral,    // LDR/LDRSW/PRFM (literal)
  kExclusive,  // load/store exclusive
  kMops,       // FEAT_MOPS memory copy/set
  kSystem,     // MSR, MRS, exception generation, ERET
  kHint,       // any other HINT (yield, wfe, esb, unallocated, ...)
  kOther,      // everything else
};
inline constexpr std::size_t kRawClassCount = 17;

// Prologue shapes counted on their own, for comparison with earlier
// surveys. Not disjoint from RawClass; an instruction has at most one.
enum class Shape {
  kStpFpLrPush,  // stp x29, x30, [sp, #-N]!
  kStpOtherPush, // any other STP push (other registers, or N >= 0)
  kSubSp,        // sub sp, sp, #N (64-bit SUB immediate, Rd = Rn = SP)
  kPaciasp,
  kPacibsp,
  kBtiC,
  kNop,
  kNone,
};
inline constexpr std::size_t kShapeCount = 7;  // kNone is not counted

// The kernels a survey reports on: each stock kernel, with probesim at the
// module's default parameters (nop=1 alu=1 bti=1 pac=1 stp=0: STP pushes stay
// single-stepped), and with stp=1 as well. probesim is taken to run on a
// system without MTE or POE (where it hands some hits back). On 7.3
// probesim's nop family never applies: the kernel simulates NOP itself.
// The stp=1 variants are the first ones the survey had, and keep their
// names ("6.12+probesim"); the defaults came later and are appended, so
// that the indexes and JSON keys of the others stay as they were.
enum class Variant { k6_1, k6_1ProbesimStp, k6_12, k6_12ProbesimStp, k7_3,
                     k7_3ProbesimStp, k6_1ProbesimDefaults,
                     k6_12ProbesimDefaults, k7_3ProbesimDefaults };
inline constexpr std::size_t kVariantCount = 9;

// probesim in a variant: not loaded, at its defaults, or with stp=1.
enum class Probesim { kAbsent, kDefaults, kStp };

// probesim's families and switches, as module/families.h lists them once
// for the module, the series and the host tools; in its order, which is
// that of the module's enum probesim_family (PROBESIM_NONE aside).
struct FamilyInfo {
  std::string_view name;         // as probesim_family_name() has it
  std::string_view switch_name;  // the module parameter that turns it on
};
inline constexpr FamilyInfo kFamilies[] = {
#define PROBESIM_FAMILY(id, name, handler, pad, onoff) {#name, #onoff},
#include "families.h"
#undef PROBESIM_FAMILY
};
inline constexpr std::size_t kFamilyCount = std::size(kFamilies);

struct SwitchInfo {
  std::string_view name;  // probesim.NAME
  bool on;                // its default
};
inline constexpr SwitchInfo kSwitches[] = {
#define PROBESIM_SWITCH(onoff, on, what) {#onoff, on},
#include "families.h"
#undef PROBESIM_SWITCH
};
inline constexpr std::size_t kSwitchCount = std::size(kSwitches);

// The index of the family or switch of that name; the count if none, which
// a constant expression then cannot use as an index.
constexpr std::size_t index_of(const auto& table, std::string_view name) {
  std::size_t i = 0;
  while (i < std::size(table) && table[i].name != name) i++;
  return i;
}
constexpr std::size_t family_index(std::string_view name) { return index_of(kFamilies, name); }
constexpr std::size_t switch_index(std::string_view name) { return index_of(kSwitches, name); }
// Each family's switch, an index into kSwitches; what a hit of it is
// owed to.
inline constexpr auto kFamilySwitch = [] {
  std::array<std::size_t, kFamilyCount> out{};
  for (std::size_t f = 0; f < kFamilyCount; f++) out[f] = switch_index(kFamilies[f].switch_name);
  return out;
}();

// The families the survey treats apart: NOP (7.3 simulates it itself) and
// the STP pushes (off by default, and the survey's stp=1 variants).
inline constexpr std::size_t kNopFamily = family_index("nop");
inline constexpr std::size_t kStpFamily = family_index("stp");
static_assert(kNopFamily < kFamilyCount && kStpFamily < kFamilyCount);

// What a uprobe on the instruction costs under one variant. Disjoint.
// Between kKernelSim and kRejected, one outcome per family of kFamilies,
// in its order (probesim_outcome()), named "probesim-FAMILY" as the
// module's counters are (FAMILY_patched, FAMILY_hits).
enum class Outcome : std::size_t {
  kKernelSim,                    // simulated by the stock kernel
  kRejected = 1 + kFamilyCount,  // no uprobe possible
  kBti,                          // BTI landing pad, single-stepped out of line
  kPac,                          // PAC hint, single-stepped out of line
  kXol,                          // anything else single-stepped out of line
};
inline constexpr std::size_t kOutcomeCount = static_cast<std::size_t>(Outcome::kXol) + 1;
constexpr Outcome probesim_outcome(std::size_t family) { return static_cast<Outcome>(1 + family); }

// What a simulated outcome is owed to, in the order of the JSON's "steps":
// the stock kernel, then each switch of kSwitches (switch_step()), so the
// five ALU families count together under alu. kNone for the outcomes that
// single-step or reject.
enum class Step : std::size_t { kKernel, kNone = 1 + kSwitchCount };
inline constexpr std::size_t kStepCount = 1 + kSwitchCount;  // kNone is not counted
constexpr Step switch_step(std::size_t switch_idx) { return static_cast<Step>(1 + switch_idx); }
// Whether probesim's defaults have the step's switch on (the kernel's
// step: yes).
bool step_on_by_default(Step s);
// The steps as their counts add up: those on by default, in their order,
// which end at KERNEL+probesim-defaults, then the others, which stp=1
// adds and which end at KERNEL+probesim.
std::vector<Step> cumulative_steps();

// probesim's family of an instruction (an index into kFamilies), by the
// module's decode table; nullopt where it has none.
std::optional<std::size_t> family(std::uint32_t insn);
// The class of a family's instructions; nullopt for a family RawClass
// has no class for yet, whose instructions fall into a later class.
std::optional<RawClass> family_class(std::size_t family);
// The names of the families, ", "-separated, in kFamilies' order; of
// those of one switch if one is named.
std::string family_list(std::string_view switch_name = {});

RawClass raw_class(std::uint32_t insn);
Shape shape(std::uint32_t insn);
Outcome outcome(std::uint32_t insn, Variant variant);

Step step(Outcome o);
std::string_view step_name(Step s);

BaseKernel base_kernel(Variant variant);
Probesim probesim_of(Variant variant);
Variant variant_of(BaseKernel kernel, Probesim probesim);

std::string_view raw_class_name(RawClass c);
std::string_view shape_name(Shape s);
std::string_view variant_name(Variant v);
// probesim's parameters in the variant ("nop=1 alu=1 bti=1 pac=1 stp=0"); empty
// for a stock kernel.
std::string_view variant_params(Variant v);
std::string_view outcome_name(Outcome o);

// True for the outcomes where a hit costs no single-step.
bool is_simulated(Outcome o);

// Indexes for the count arrays.
constexpr std::size_t index(RawClass c) { return static_cast<std::size_t>(c); }
constexpr std::size_t index(Shape s) { return static_cast<std::size_t>(s); }
constexpr std::size_t index(Variant v) { return static_cast<std::size_t>(v); }
constexpr std::size_t index(Outcome o) { return static_cast<std::size_t>(o); }
constexpr std::size_t index(Step s) { return static_cast<std::size_t>(s); }

}  // namespace probesim::survey
