#include "allowlist.hpp"

#include "text.hpp"

namespace probesim::report {

namespace {

// Offset of the '#' that starts a comment, or npos.
std::size_t comment_start(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) return i;
  }
  return std::string_view::npos;
}

}  // namespace

std::string AllowEntry::describe() const {
  std::string text = origin + ": " + pattern;
  if (!comment.empty()) text += "  # " + comment;
  return text;
}

Allowlist Allowlist::parse(std::string_view text, std::string_view origin) {
  Allowlist allowlist;
  std::size_t number = 0;
  for (const std::string& line : split_lines(text)) {
    ++number;
    const std::size_t hash = comment_start(line);
    const std::string_view view(line);
    const std::string_view pattern = trim(view.substr(0, hash));
    if (pattern.empty()) continue;
    AllowEntry entry;
    entry.pattern = std::string(pattern);
    if (hash != std::string_view::npos) entry.comment = std::string(trim(view.substr(hash + 1)));
    entry.origin = std::string(origin) + ":" + std::to_string(number);
    try {
      entry.regex = std::regex(entry.pattern, std::regex::ECMAScript);
    } catch (const std::regex_error& error) {
      throw AllowlistError(entry.origin + ": invalid regex '" + entry.pattern +
                           "': " + error.what());
    }
    allowlist.entries_.push_back(std::move(entry));
  }
  return allowlist;
}

const AllowEntry* Allowlist::find_match(const std::vector<std::string>& lines) const {
  for (const AllowEntry& entry : entries_) {
    for (const std::string& line : lines) {
      const std::string_view text = strip_timestamp(line);
      if (std::regex_search(text.begin(), text.end(), entry.regex)) return &entry;
    }
  }
  return nullptr;
}

}  // namespace probesim::report
