#include "splat.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <map>

#include "text.hpp"

namespace probesim::report {

namespace {

constexpr std::array<std::string_view, 20> kSplatPatterns{
    "WARNING:",
    "BUG:",
    "Oops",
    "Internal error:",
    "Kernel panic",
    "Unable to handle kernel",
    "possible circular locking dependency",
    "inconsistent lock state",
    "possible recursive locking",
    "suspicious RCU usage",
    "sleeping function called from invalid context",
    "KASAN:",
    "UBSAN:",
    "soft lockup",
    "hard LOCKUP",
    "rcu_preempt detected stalls",
    "rcu_sched detected stalls",
    "self-detected stall",
    "general protection fault",
    "kernel BUG at",
};

}  // namespace

std::string_view Splat::headline() const {
  return lines.empty() ? std::string_view{} : trim(strip_timestamp(lines.front()));
}

bool is_splat_line(std::string_view line) {
  return std::any_of(kSplatPatterns.begin(), kSplatPatterns.end(),
                     [line](std::string_view pattern) { return line.find(pattern) != line.npos; });
}

void SplatCollector::scan(std::string_view source, const std::vector<std::string>& lines) {
  std::map<std::string, std::size_t, std::less<>> occurrences;  // per headline, in this stream
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!is_splat_line(lines[i])) continue;
    // The context stops at the next splat: every splat is reported on its
    // own, so an allowlist entry matching one can never cover another.
    std::size_t end = i + 1;
    while (end < lines.size() && end <= i + kSplatContextLines && !is_splat_line(lines[end])) ++end;
    Splat splat{std::string(source),
                {lines.begin() + static_cast<std::ptrdiff_t>(i),
                 lines.begin() + static_cast<std::ptrdiff_t>(end)}};
    std::string headline(splat.headline());
    const std::size_t occurrence = occurrences[headline]++;
    if (seen_.emplace(std::move(headline), occurrence).second) {
      splats_.push_back(std::move(splat));
    }
  }
}

}  // namespace probesim::report
