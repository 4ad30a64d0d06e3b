// The branch-target trap. A call through a pointer (BTYPE 10) to an
// instruction that is no landing pad, on a guarded page, raises a Branch
// Target exception on a CPU with FEAT_BTI, which Linux delivers as SIGILL;
// probesim's branch-target check raises the same SIGILL for a simulated
// hit. While a TrapCatcher lives, such a SIGILL at the expected address
// returns to the caller as if the function had returned, so that a timing
// loop can call it again, and is counted. A SIGILL anywhere else kills
// the process, as it would without the catcher.
#pragma once

#include <signal.h>

#include <cstdint>

namespace probesim::bench {

class TrapCatcher {
 public:
  // Catches the SIGILLs raised at address.
  explicit TrapCatcher(const void* address);
  ~TrapCatcher();
  TrapCatcher(const TrapCatcher&) = delete;
  TrapCatcher& operator=(const TrapCatcher&) = delete;

  // SIGILLs caught at the address so far, by every catcher.
  static std::uint64_t caught();

 private:
  struct sigaction old_ {};
};

}  // namespace probesim::bench
