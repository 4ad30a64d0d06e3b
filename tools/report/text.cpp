#include "text.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace probesim::report {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.emplace_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

std::string_view trim_left(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  return text;
}

std::string_view trim(std::string_view text) {
  text = trim_left(text);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string universal_newlines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r') {
      out += text[i];
    } else if (i + 1 >= text.size() || text[i + 1] != '\n') {
      out += '\n';
    }
  }
  return out;
}

std::string fixed(double x, int digits) {
  if (std::isnan(x)) return "nan";  // printf writes "-nan" for some
  const int size = std::snprintf(nullptr, 0, "%.*f", digits, x);
  std::string out(static_cast<std::size_t>(size), '\0');
  std::snprintf(out.data(), out.size() + 1, "%.*f", digits, x);
  return out;
}

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const auto a = static_cast<unsigned char>(text[i]);
    const auto b = static_cast<unsigned char>(prefix[i]);
    if (std::toupper(a) != std::toupper(b)) return false;
  }
  return true;
}

namespace {

// Skips "[" and any padding spaces; returns the index after them or 0.
std::size_t open_bracket(std::string_view text) {
  if (text.empty() || text[0] != '[') return 0;
  std::size_t i = 1;
  while (i < text.size() && text[i] == ' ') ++i;
  return i;
}

// At least one digit from text[i], then the character end: the index after
// end, or 0.
std::size_t digits_then(std::string_view text, std::size_t i, char end) {
  std::size_t j = i;
  while (j < text.size() && is_digit(text[j])) ++j;
  return (j > i && j < text.size() && text[j] == end) ? j + 1 : 0;
}

// Length of a "<4>" log level as printed by some dmesg implementations.
std::size_t log_level_length(std::string_view text) {
  if (text.empty() || text[0] != '<') return 0;
  return digits_then(text, 1, '>');
}

// Length of "[   12.345678]", or 0.
std::size_t timestamp_length(std::string_view text) {
  const std::size_t seconds = open_bracket(text);
  if (seconds == 0) return 0;
  const std::size_t fraction = digits_then(text, seconds, '.');
  if (fraction == 0) return 0;
  return digits_then(text, fraction, ']');
}

// Length of a CONFIG_PRINTK_CALLER id such as "[    T42]" or "[  C1]", or 0.
std::size_t caller_id_length(std::string_view text) {
  const std::size_t i = open_bracket(text);
  if (i == 0 || i >= text.size() || (text[i] != 'T' && text[i] != 'C')) return 0;
  return digits_then(text, i + 1, ']');
}

std::size_t printk_prefix_length(std::string_view line) {
  std::size_t n = log_level_length(line);
  const std::size_t stamp = timestamp_length(line.substr(n));
  if (stamp == 0) return 0;
  n += stamp;
  n += caller_id_length(line.substr(n));
  if (n < line.size() && line[n] == ' ') ++n;
  return n;
}

}  // namespace

std::string_view strip_timestamp(std::string_view line) {
  return line.substr(printk_prefix_length(line));
}

bool has_timestamp(std::string_view line) { return printk_prefix_length(line) > 0; }

}  // namespace probesim::report
