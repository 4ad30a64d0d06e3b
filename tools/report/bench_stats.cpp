#include "bench_stats.hpp"

#include <algorithm>

namespace probesim::report {

std::optional<Spread> spread(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  return Spread{median, values.front(), values.back()};
}

}  // namespace probesim::report
