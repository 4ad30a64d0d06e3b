#include "measure.hpp"

#include <algorithm>

namespace probesim::bench {

Rate measure(TargetFile::Fn fn, std::chrono::milliseconds duration) {
  using Clock = std::chrono::steady_clock;
  constexpr int kBatch = 64;  // keeps clock reads negligible next to a trap
  const auto start = Clock::now();
  const auto end = start + duration;
  Rate rate;
  auto now = start;
  do {
    for (int i = 0; i < kBatch; ++i) fn();
    rate.calls += kBatch;
    now = Clock::now();
  } while (now < end);
  rate.per_second = static_cast<double>(rate.calls) / std::chrono::duration<double>(now - start).count();
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
