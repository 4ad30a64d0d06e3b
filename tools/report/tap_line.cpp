#include "tap_line.hpp"

#include <array>
#include <cctype>
#include <charconv>

#include "text.hpp"

namespace probesim::report {

namespace {

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

int indentation(std::string_view text) {
  int indent = 0;
  for (char c : text) {
    if (c == ' ') {
      indent += 1;
    } else if (c == '\t') {
      indent += 8;
    } else {
      break;
    }
  }
  return indent;
}

// Reads a leading decimal number and removes it from text.
std::optional<unsigned> take_number(std::string_view& text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{}) return std::nullopt;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return value;
}

// Parses the text after a '#': "SKIP reason", "XFAIL reason", "TODO reason"
// (case-insensitive; "skipped" counts as SKIP). Returns false for a comment
// that is not a directive.
bool parse_directive(std::string_view comment, Directive& directive, std::string& reason) {
  struct Keyword {
    std::string_view word;
    Directive directive;
  };
  static constexpr std::array keywords{Keyword{"SKIP", Directive::Skip},
                                       Keyword{"XFAIL", Directive::Xfail},
                                       Keyword{"TODO", Directive::Todo}};
  const std::string_view text = trim_left(comment);
  for (const Keyword& keyword : keywords) {
    if (!starts_with_nocase(text, keyword.word)) continue;
    std::size_t end = keyword.word.size();
    if (keyword.directive == Directive::Skip) {
      while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
    }
    if (end < text.size() && (is_alnum(text[end]) || text[end] == '_')) continue;
    std::string_view rest = trim_left(text.substr(end));
    if (rest.starts_with(':')) rest = trim_left(rest.substr(1));
    directive = keyword.directive;
    reason = std::string(trim(rest));
    return true;
  }
  return false;
}

// "ok 3 name # SKIP reason": body is everything after "ok" / "not ok".
void parse_result(std::string_view body, TapLine& line) {
  body = trim_left(body);
  if (!body.empty() && is_digit(body.front())) line.number = take_number(body);
  body = trim_left(body);
  if (body.starts_with("- ")) body = trim_left(body.substr(2));  // older KUnit: "ok 1 - name"
  // A directive starts at a '#' that opens the description or follows a space.
  for (std::size_t hash = body.find('#'); hash != std::string_view::npos;
       hash = body.find('#', hash + 1)) {
    const bool starts_word = hash == 0 || body[hash - 1] == ' ' || body[hash - 1] == '\t';
    if (starts_word && parse_directive(body.substr(hash + 1), line.directive, line.reason)) {
      body = body.substr(0, hash);
      break;
    }
  }
  line.name = std::string(trim(body));
}

// "1..N" with an optional directive; returns false if body is not a plan.
bool parse_plan(std::string_view body, TapLine& line) {
  if (!body.starts_with("1..")) return false;
  body.remove_prefix(3);
  const auto count = take_number(body);
  if (!count) return false;
  body = trim(body);
  if (!body.empty()) {
    if (!body.starts_with('#') || !parse_directive(body.substr(1), line.directive, line.reason)) {
      return false;
    }
  }
  line.plan_count = *count;
  return true;
}

bool is_keyword(std::string_view body, std::string_view keyword) {
  return body.starts_with(keyword) &&
         (body.size() == keyword.size() || body[keyword.size()] == ' ' ||
          body[keyword.size()] == '\t');
}

}  // namespace

TapLine parse_tap_line(std::string_view raw) {
  TapLine line;
  const std::string_view text = strip_timestamp(raw);
  line.indent = indentation(text);
  const std::string_view body = trim(text);

  if (body.starts_with("KTAP version ") || body.starts_with("TAP version ")) {
    line.type = TapLine::Type::Version;
  } else if (body.starts_with("# Subtest:")) {
    line.type = TapLine::Type::Subtest;
    line.name = std::string(trim(body.substr(10)));
  } else if (is_keyword(body, "ok")) {
    line.type = TapLine::Type::Result;
    line.ok = true;
    parse_result(body.substr(2), line);
  } else if (is_keyword(body, "not ok")) {
    line.type = TapLine::Type::Result;
    parse_result(body.substr(6), line);
  } else if (parse_plan(body, line)) {
    line.type = TapLine::Type::Plan;
  }
  return line;
}

}  // namespace probesim::report
