// The spread of per-round figures that the bench results give: median
// (as Python's statistics.median has it) and range.
#pragma once

#include <optional>
#include <vector>

namespace probesim::report {

struct Spread {
  double median = 0;
  double min = 0;
  double max = 0;

  bool operator==(const Spread&) const = default;
};

// Empty values have no spread. An even count takes the mean of the two
// middle values.
std::optional<Spread> spread(std::vector<double> values);

}  // namespace probesim::report
