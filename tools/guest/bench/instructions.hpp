// Instructions and cycles per call, from the CPU's PMU through
// perf_event_open(). On hardware they are what the CPU retired; under
// qemu with -icount shift=0,sleep=off, qemu counts every guest
// instruction as it runs it, so the figures are exact and the same from
// run to run, and so are the hits/s of the timed modes (guest time is the
// instruction count).
#pragma once

#include <cstdint>
#include <vector>

#include "targets.hpp"

namespace probesim::bench {

// The calls of one span of a sample (CountSample).
constexpr int kCountCalls = 200;

// What one call cost, split at the privilege boundary.
struct PerCall {
  double kernel = 0, user = 0, cycles = 0;
  double instructions() const { return kernel + user; }
};

// The calling thread's retired instructions at EL1 and at EL0 and its
// cycles, as one group, so that a read sees all three at one instant.
class InstructionCounter {
 public:
  struct Counts {
    std::uint64_t kernel = 0, user = 0, cycles = 0;
  };

  // Throws std::runtime_error saying what is missing (no PMU driver, no
  // instructions event: qemu counts them only with -icount).
  InstructionCounter();
  ~InstructionCounter();
  InstructionCounter(const InstructionCounter&) = delete;
  InstructionCounter& operator=(const InstructionCounter&) = delete;

  Counts read() const;

 private:
  int kernel_ = -1, user_ = -1, cycles_ = -1;
};

// One sample: the counts across no call at all, which is what the reads
// of the counters cost, and across @calls calls.
struct CountSample {
  InstructionCounter::Counts empty, span;
};

// The cost of one call from samples taken as CountSample says: the least
// span less the least empty one, over @calls. Anything else that runs in
// a span (a timer interrupt) only adds to it, so the least of them is a
// span with nothing else in it, where there is one. Each of the three is
// the least on its own.
PerCall per_call(const std::vector<CountSample>& samples, int calls);

// Calls fn through the samples that per_call() takes and returns its
// result; made grows by the calls made.
PerCall count_calls(const InstructionCounter& counter, TargetFile::Fn fn, int calls, int samples,
                    std::uint64_t& made);

}  // namespace probesim::bench
