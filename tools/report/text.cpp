#include "text.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <regex>

namespace probesim::report {

namespace {

constexpr std::string_view kSpace = " \t\r\n";

// The printk prefix that strip_timestamp() removes, matched from the
// line's start.
std::size_t printk_prefix_length(std::string_view line) {
  static const std::regex prefix(R"((<[0-9]+>)?\[ *[0-9]+\.[0-9]+\](\[ *[TC][0-9]+\])? ?)");
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_search(line.begin(), line.end(), match, prefix,
                         std::regex_constants::match_continuous))
    return 0;
  return static_cast<std::size_t>(match.length(0));
}

std::string describe_errno(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

bool put_file(const char* mode, const std::string& path, std::string_view content,
              std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), mode);
  if (!file) {
    error = describe_errno("open", path);
    return false;
  }
  const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size();
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed) {
    error = describe_errno("write", path);
    return false;
  }
  return true;
}

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
  return text.substr(std::min(text.find_first_not_of(kSpace), text.size()));
}

std::string_view trim(std::string_view text) {
  text = trim_left(text);
  return text.substr(0, text.find_last_not_of(kSpace) + 1);
}

std::string fixed(double x, int digits) {
  if (std::isnan(x)) return "nan";  // printf writes "-nan" for some
  const int size = std::snprintf(nullptr, 0, "%.*f", digits, x);
  std::string out(static_cast<std::size_t>(size), '\0');
  std::snprintf(out.data(), out.size() + 1, "%.*f", digits, x);
  return out;
}

std::string whole_percent(double share) { return fixed(100 * share, 0) + "%"; }

std::string_view strip_timestamp(std::string_view line) {
  return line.substr(printk_prefix_length(line));
}

bool has_timestamp(std::string_view line) { return printk_prefix_length(line) > 0; }

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) {
    error = describe_errno("open", path);
    return std::nullopt;
  }
  std::string content;
  char buffer[65536];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) content.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  if (failed) error = describe_errno("read", path);
  std::fclose(file);
  if (failed) return std::nullopt;
  return content;
}

bool write_file(const std::string& path, std::string_view content, std::string& error) {
  return put_file("wb", path, content, error);
}

bool append_file(const std::string& path, std::string_view content, std::string& error) {
  return put_file("ab", path, content, error);
}

int complain(std::ostream& err, std::string_view message, int status) {
  err << "probesim-report: " << message << '\n';
  return status;
}

}  // namespace probesim::report
