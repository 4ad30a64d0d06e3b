#include "python_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace probesim {

std::string float_repr(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  // The shortest digits that read back as x, as repr() has them; only
  // where the point goes differs from to_chars.
  char buf[64];
  const auto result =
      std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(result.ptr - buf));
  std::string out;
  if (s.front() == '-') {
    out += '-';
    s.remove_prefix(1);
  }
  const std::size_t e = s.find('e');
  std::string digits(s.substr(0, e));
  if (digits.size() > 1) digits.erase(1, 1);  // the "."
  int exponent = 0;
  std::string_view exp_text = s.substr(e + 1);
  if (exp_text.front() == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
  // Python writes a plain number while the point is at most 16 digits
  // right of the first and at most 4 left of it ("0.0001", "1e-05").
  const int point = exponent + 1;
  const int n = static_cast<int>(digits.size());
  if (point <= -4 || point > 16) {
    out += digits[0];
    if (n > 1) {
      out += '.';
      out.append(digits, 1);
    }
    char tail[16];
    std::snprintf(tail, sizeof tail, "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    out += tail;
  } else if (point <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-point), '0');
    out += digits;
  } else if (point >= n) {
    out += digits;
    out.append(static_cast<std::size_t>(point - n), '0');
    out += ".0";
  } else {
    const auto p = static_cast<std::size_t>(point);
    out.append(digits, 0, p);
    out += '.';
    out.append(digits, p);
  }
  return out;
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

}  // namespace probesim
