// Known, accepted kernel splats. One entry per line:
//   REGEX  # comment
// '#' starts a comment at the start of a line or after whitespace, so a
// regex can still contain '#'. Blank lines are ignored.
#pragma once

#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::report {

struct AllowEntry {
  std::string pattern;  // ECMAScript regex
  std::string comment;
  std::string origin;  // "FILE:LINE"
  std::regex regex;

  // "FILE:LINE: PATTERN  # comment", for the report.
  std::string describe() const;
};

class AllowlistError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Allowlist {
 public:
  // Throws AllowlistError for an invalid regex; origin names the file.
  static Allowlist parse(std::string_view text, std::string_view origin);

  // The first entry that matches any of the lines (timestamps stripped), or
  // nullptr.
  const AllowEntry* find_match(const std::vector<std::string>& lines) const;

  const std::vector<AllowEntry>& entries() const { return entries_; }

 private:
  std::vector<AllowEntry> entries_;
};

}  // namespace probesim::report
