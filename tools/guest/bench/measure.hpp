// Timing loops and the statistics reported over rounds.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "targets.hpp"

namespace probesim::bench {

struct Rate {
  double per_second = 0;
  std::uint64_t calls = 0;
};

// Calls @fn in batches until @duration has passed.
Rate measure(TargetFile::Fn fn, std::chrono::milliseconds duration);

// The same from @threads threads at once, while one more thread maps,
// mprotects and unmaps an unrelated anonymous region in a loop: writers of
// the mmap lock, which a hit that has to look its page up can meet.
// per_second counts the calls of all threads together.
Rate measure_threads(TargetFile::Fn fn, std::chrono::milliseconds duration, unsigned threads);

struct Spread {
  double median = 0, min = 0, max = 0;
};

Spread spread(std::vector<double> values);

}  // namespace probesim::bench
