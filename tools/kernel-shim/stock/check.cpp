// Compares the survey's rules for one stock kernel (tools/survey/
// kernel_rules.cpp) with that kernel's own decoder (decode.c, built from
// its Debian tree by vm/stock-rules-check.sh), word by word: every word
// with --full, else a sample of 67 million spread over the whole space.
// Exit 0 when they agree on every word tried, 1 when not (the first few
// words that differ are printed), 2 on bad usage.
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "kernel_rules.hpp"

extern "C" int probesim_stock_decode(std::uint32_t insn);

namespace {

using probesim::survey::BaseKernel;
using probesim::survey::KernelAction;

// arm_probe_decode_insn()'s enum probe_insn, in its order.
KernelAction stock_action(std::uint32_t insn) {
  switch (probesim_stock_decode(insn)) {
    case 0:
      return KernelAction::kReject;  // INSN_REJECTED
    case 1:
      return KernelAction::kSimulate;  // INSN_GOOD_NO_SLOT
    default:
      return KernelAction::kStep;  // INSN_GOOD
  }
}

const char* action_name(KernelAction a) {
  switch (a) {
    case KernelAction::kReject:
      return "reject";
    case KernelAction::kSimulate:
      return "simulate";
    case KernelAction::kStep:
      return "step";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3 || (argc == 3 && std::string_view(argv[2]) != "--full")) {
    std::fprintf(stderr, "usage: %s KVER [--full]\n", argv[0]);
    return 2;
  }
  const std::string_view kver = argv[1];
  const bool full = argc == 3;
  const BaseKernel* kernel = nullptr;
  static constexpr BaseKernel kKernels[] = {BaseKernel::k6_1, BaseKernel::k6_12, BaseKernel::k7_3};
  for (const BaseKernel& k : kKernels)
    if (probesim::survey::base_kernel_name(k) == kver) kernel = &k;
  if (kernel == nullptr) {
    std::fprintf(stderr, "no rules for kernel %s\n", argv[1]);
    return 2;
  }
  std::uint64_t words = 0, differ = 0;
  // The sample's steps grow and shrink with the low bits, so that it
  // meets every value of the high ones and many of each field below.
  for (std::uint64_t w = 0; w < (std::uint64_t{1} << 32); w += full ? 1 : 1 + (w & 0x3f)) {
    const auto insn = static_cast<std::uint32_t>(w);
    const KernelAction stock = stock_action(insn);
    const KernelAction rules = probesim::survey::kernel_action(insn, *kernel);
    words++;
    if (stock == rules) continue;
    if (differ++ < 10) {
      const auto* rule = probesim::survey::match_kernel_rule(insn, *kernel);
      std::printf("%08x: %s's decode-insn.c says %s, the survey's rules %s (%s)\n", insn, argv[1],
                  action_name(stock), action_name(rules),
                  rule ? std::string(rule->name).c_str() : "no rule: steppable");
    }
  }
  std::printf("%s: %llu words, %llu differ\n", argv[1], static_cast<unsigned long long>(words),
              static_cast<unsigned long long>(differ));
  return differ == 0 ? 0 : 1;
}
