#include "python_format.hpp"

#include "json_value.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace probesim::report {

std::string float_repr(double x) {
  // repr() spells these so; JSON, as the survey writes it, otherwise.
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  return survey::json::float_repr(x);
}

std::string fixed(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  const int size = std::snprintf(nullptr, 0, "%.*f", digits, x);
  std::string out(static_cast<std::size_t>(size), '\0');
  std::snprintf(out.data(), out.size() + 1, "%.*f", digits, x);
  return out;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

}  // namespace probesim::report
