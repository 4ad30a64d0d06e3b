// What a stock arm64 kernel does with a uprobe on one instruction, as a
// mask/value table that mirrors arch/arm64/kernel/probes/decode-insn.c
// (arm_probe_decode_insn(), which arch_uprobe_analyze_insn() calls) and
// the aarch64_insn_is_*() matchers of arch/arm64/include/asm/insn.h.
// Nothing here is probesim's: probesim's own decode table is
// module/probes/decode-insn.c.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace probesim::survey {

// The kernels whose rules differ.
enum class BaseKernel {
  k6_1,      // Debian linux-source-6.1 (6.1.y)
  k6_12,  // Debian linux-source-6.12 (6.12.y)
  k7_3,   // Debian linux-source-7.3 (7.3.4): 6.12 plus NOP simulation
};
inline constexpr BaseKernel kBaseKernels[] = {BaseKernel::k6_1, BaseKernel::k6_12,
                                              BaseKernel::k7_3};

// arm_probe_decode_insn()'s three answers.
enum class KernelAction {
  kStep,      // INSN_GOOD: single-stepped out of line (XOL)
  kSimulate,  // INSN_GOOD_NO_SLOT: simulated by the kernel
  kReject,    // INSN_REJECTED: no uprobe possible (-EINVAL)
};

// What kind of instruction a row matches, kernel aside.
enum class InsnKind { kNop, kBranch, kAdr, kLiteral, kExclusive, kMops,
                      kSystem, kHint };

struct KernelRule {
  std::uint32_t mask;
  std::uint32_t value;
  KernelAction action;
  unsigned kernels;  // bit set of BaseKernel values the row applies to
  InsnKind kind;
  std::string_view name;
};

// The rows, first match wins; an instruction no row matches is stepped.
std::span<const KernelRule> kernel_rules();

// The first row for kernel that matches insn, or nullptr.
const KernelRule* match_kernel_rule(std::uint32_t insn, BaseKernel kernel);

KernelAction kernel_action(std::uint32_t insn, BaseKernel kernel);

std::string_view base_kernel_name(BaseKernel kernel);

}  // namespace probesim::survey
