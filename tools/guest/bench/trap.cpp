#include "trap.hpp"

#include <ucontext.h>

#include <atomic>
#include <cerrno>
#include <system_error>

namespace probesim::bench {
namespace {

std::atomic<const void*> expected{nullptr};
std::atomic<std::uint64_t> caught_count{0};

// PSTATE.BTYPE, bits 11:10. The trap saved the BTYPE of the blr (10); the
// caller's next instruction is no landing pad, so it goes back as 00, as
// after the function's own ret.
constexpr std::uint64_t kBtypeMask = 3ULL << 10;

void on_sigill(int, siginfo_t* info, void* context) {
  if (info->si_addr != expected.load(std::memory_order_relaxed)) {
    // Not ours: the default action, once the instruction runs again.
    signal(SIGILL, SIG_DFL);
    return;
  }
  auto* uc = static_cast<ucontext_t*>(context);
  uc->uc_mcontext.pc = uc->uc_mcontext.regs[30];
  uc->uc_mcontext.pstate &= ~kBtypeMask;
  caught_count.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

TrapCatcher::TrapCatcher(const void* address) {
  expected.store(address, std::memory_order_relaxed);
  struct sigaction action {};
  action.sa_sigaction = on_sigill;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGILL, &action, &old_) != 0)
    throw std::system_error(errno, std::generic_category(), "sigaction SIGILL");
}

TrapCatcher::~TrapCatcher() {
  sigaction(SIGILL, &old_, nullptr);
  expected.store(nullptr, std::memory_order_relaxed);
}

std::uint64_t TrapCatcher::caught() { return caught_count.load(std::memory_order_relaxed); }

}  // namespace probesim::bench
