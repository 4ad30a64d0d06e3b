#include "measure.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <latch>
#include <thread>

namespace probesim::bench {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kBatch = 64;  // keeps clock reads negligible next to a trap

// Calls fn in batches until end has passed; returns when it stopped.
Clock::time_point call_until(TargetFile::Fn fn, Clock::time_point end, std::uint64_t& calls) {
  Clock::time_point now;
  do {
    for (int i = 0; i < kBatch; ++i) fn();
    calls += kBatch;
    now = Clock::now();
  } while (now < end);
  return now;
}

// Changes the address space until stop is set: a fresh mapping, half of it
// made read-only (a VMA split), then gone.
void churn_mappings(const std::atomic<bool>& stop) {
  constexpr std::size_t kSize = 16 * 4096;
  while (!stop.load(std::memory_order_relaxed)) {
    void* p = mmap(nullptr, kSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) continue;
    mprotect(p, kSize / 2, PROT_READ);
    munmap(p, kSize);
  }
}

}  // namespace

Rate measure(TargetFile::Fn fn, std::chrono::milliseconds duration) {
  const auto start = Clock::now();
  Rate rate;
  const auto now = call_until(fn, start + duration, rate.calls);
  rate.per_second = static_cast<double>(rate.calls) / std::chrono::duration<double>(now - start).count();
  return rate;
}

Rate measure_threads(TargetFile::Fn fn, std::chrono::milliseconds duration, unsigned threads) {
  threads = std::max(threads, 1u);
  std::atomic<bool> stop{false};
  std::thread churn(churn_mappings, std::cref(stop));
  // Every caller starts together, once all exist; start is set before the
  // latch opens, so each of them sees it.
  std::latch ready(threads + 1);
  Clock::time_point start;
  std::vector<std::uint64_t> calls(threads);
  std::vector<Clock::time_point> ends(threads);
  std::vector<std::thread> callers;
  for (unsigned i = 0; i < threads; ++i)
    callers.emplace_back([&, i] {
      ready.arrive_and_wait();
      ends[i] = call_until(fn, start + duration, calls[i]);
    });
  start = Clock::now();
  ready.arrive_and_wait();
  for (std::thread& t : callers) t.join();
  stop = true;
  churn.join();
  Rate rate;
  for (std::uint64_t c : calls) rate.calls += c;
  const auto last = *std::max_element(ends.begin(), ends.end());
  rate.per_second = static_cast<double>(rate.calls) / std::chrono::duration<double>(last - start).count();
  return rate;
}

Spread spread(std::vector<double> values) {
  if (values.empty()) return {};
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  return {median, values.front(), values.back()};
}

}  // namespace probesim::bench
