#include "ktap.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <memory>

#include "text.hpp"

namespace probesim::report {

namespace {

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool starts_with_nocase(std::string_view text, std::string_view prefix) {
  const auto upper = [](char c) { return std::toupper(static_cast<unsigned char>(c)); };
  return text.size() >= prefix.size() &&
         std::ranges::equal(text.substr(0, prefix.size()), prefix, {}, upper, upper);
}

int indentation(std::string_view text) {
  int indent = 0;
  for (std::size_t i = 0; i < text.size() && (text[i] == ' ' || text[i] == '\t'); ++i)
    indent += text[i] == '\t' ? 8 : 1;
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
  if (!body.empty() &&
      (!body.starts_with('#') || !parse_directive(body.substr(1), line.directive, line.reason)))
    return false;
  line.plan_count = *count;
  return true;
}

bool is_keyword(std::string_view body, std::string_view keyword) {
  return body.starts_with(keyword) && (body.size() == keyword.size() ||
                                       body[keyword.size()] == ' ' || body[keyword.size()] == '\t');
}

struct Level;

// One reported test; a test with subtests owns the level holding them.
struct Node {
  std::string name;
  ResultKind kind = ResultKind::Pass;
  std::string reason;
  std::unique_ptr<Level> subtests;
  bool has_result_line = true;  // false: its output ended without a result
};

struct Plan {
  unsigned count = 0;
  Directive directive = Directive::None;
  std::string reason;
};

// One nesting level of results (a test plan in TAP terms).
struct Level {
  std::string name;  // from "# Subtest:", may be empty
  int header_indent = 0;
  std::optional<int> indent;  // indentation of its plan/result lines, once seen
  bool opened_by_version = false;
  bool has_version = false;
  std::optional<Plan> plan;
  std::vector<Node> results;

  int effective_indent() const { return indent.value_or(header_indent); }
  bool has_content() const { return plan.has_value() || !results.empty(); }
  bool started() const { return has_version || !name.empty() || has_content(); }
};

ResultKind classify(const TapLine& line) {
  switch (line.directive) {
    case Directive::Skip: return ResultKind::Skip;
    case Directive::Xfail:
    case Directive::Todo: return ResultKind::Xfail;
    case Directive::None: break;
  }
  return line.ok ? ResultKind::Pass : ResultKind::Fail;
}

std::string display_name(const TapLine& line) {
  if (!line.name.empty()) return line.name;
  return line.number ? "test " + std::to_string(*line.number) : "(unnamed)";
}

// Node for a level whose output stopped before its own result line.
Node unreported(std::unique_ptr<Level> level) {
  Node node;
  node.name = level->name.empty() ? "(unnamed)" : level->name;
  node.kind = ResultKind::Fail;
  node.subtests = std::move(level);
  node.has_result_line = false;
  return node;
}

// Builds the result tree of a section from its TAP lines.
class TreeBuilder {
 public:
  TreeBuilder() { stack_.emplace_back(); }

  void add(const TapLine& line) {
    switch (line.type) {
      case TapLine::Type::Version: add_version(line); break;
      case TapLine::Type::Subtest: add_subtest(line); break;
      case TapLine::Type::Plan: add_plan(line); break;
      case TapLine::Type::Result: add_result(line); break;
      case TapLine::Type::Other: break;
    }
  }

  Level finish() {
    while (stack_.size() > 1) {
      auto level = pop();
      top().results.push_back(unreported(std::move(level)));
    }
    return std::move(stack_.front());
  }

 private:
  Level& top() { return stack_.back(); }
  bool top_is_root() const { return stack_.size() == 1; }

  void open(int indent, bool by_version, std::string name) {
    Level level;
    level.name = std::move(name);
    level.header_indent = indent;
    level.opened_by_version = by_version;
    level.has_version = by_version;
    stack_.push_back(std::move(level));
  }

  std::unique_ptr<Level> pop() {
    auto level = std::make_unique<Level>(std::move(stack_.back()));
    stack_.pop_back();
    return level;
  }

  void add_version(const TapLine& line) {
    if (!top().started()) {
      top().has_version = true;
      return;
    }
    // A repeated header at the section's top level is not a nested block.
    if (top_is_root() && line.indent <= top().effective_indent()) return;
    open(line.indent, true, "");
  }

  void add_subtest(const TapLine& line) {
    Level& level = top();
    if (!top_is_root() && level.opened_by_version && level.name.empty() && !level.has_content()) {
      level.name = line.name;  // "KTAP version 1" followed by "# Subtest: name"
      return;
    }
    open(line.indent, false, line.name);
  }

  void add_plan(const TapLine& line) {
    enter_indent(line.indent);
    if (!top().plan) top().plan = Plan{line.plan_count, line.directive, line.reason};
  }

  void add_result(const TapLine& line) {
    std::unique_ptr<Level> finished = close_less_indented(line.indent);
    if (!finished && !top_is_root() && !line.name.empty() && top().name == line.name &&
        line.indent <= top().effective_indent()) {
      finished = pop();
    }
    if (finished) {
      if (!top().indent) top().indent = line.indent;
    } else {
      enter_indent(line.indent);
    }
    top().results.push_back({display_name(line), classify(line), line.reason, std::move(finished)});
  }

  // Pops the levels indented deeper than a result line; the shallowest of
  // them holds the subtests of that result, deeper ones never got a result.
  std::unique_ptr<Level> close_less_indented(int indent) {
    std::unique_ptr<Level> finished;
    while (!top_is_root() && top().effective_indent() > indent) {
      auto level = pop();
      if (finished) level->results.push_back(unreported(std::move(finished)));
      finished = std::move(level);
    }
    return finished;
  }

  // Lines indented deeper than the current level's lines start a nested
  // level even without a "KTAP version" line.
  void enter_indent(int indent) {
    Level& level = top();
    if (!level.indent) {
      level.indent = indent;
    } else if (indent > *level.indent) {
      open(indent, false, "");
      top().indent = indent;
    }
  }

  std::vector<Level> stack_;  // stack_[0] is the section itself
};

// Flattens a result tree into leaf results with their paths.
class LeafCollector {
 public:
  void collect(const Level& level, const std::string& path) {
    for (const Node& node : level.results) collect(node, path + "/" + node.name);
    if (!level.plan) return;
    const Plan& plan = *level.plan;
    if (plan.count == 0 && level.results.empty() && plan.directive == Directive::Skip) {
      add(path, ResultKind::Skip, plan.reason);  // kselftest "1..0 # SKIP reason"
    }
    for (std::size_t k = level.results.size() + 1; k <= plan.count; ++k) {
      add(path, ResultKind::Fail,
          "missing result " + std::to_string(k) + " of " + std::to_string(plan.count) +
              " (crash or hang?)");
    }
  }

  std::vector<TestResult> take() { return std::move(results_); }

 private:
  void collect(const Node& node, const std::string& path) {
    const char* no_result = "no result line (crash or hang?)";
    if (!node.subtests || !node.subtests->has_content()) {
      node.has_result_line ? add(path, node.kind, node.reason)
                           : add(path, ResultKind::Fail, no_result);
      return;
    }
    const std::size_t failures_before = failures_;
    collect(*node.subtests, path);
    if (node.kind == ResultKind::Fail && failures_ == failures_before) {
      add(path, ResultKind::Fail,
          node.has_result_line ? "not ok although no subtest failed" : no_result);
    }
  }

  void add(const std::string& path, ResultKind kind, std::string reason) {
    if (kind == ResultKind::Fail) ++failures_;
    results_.push_back(TestResult{path, kind, std::move(reason)});
  }

  std::vector<TestResult> results_;
  std::size_t failures_ = 0;
};

}  // namespace

std::string_view to_string(ResultKind kind) {
  constexpr std::array<std::string_view, 4> kNames = {"PASS", "FAIL", "SKIP", "XFAIL"};
  return kNames[static_cast<std::size_t>(kind)];
}

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

std::vector<TestResult> parse_ktap_section(std::string_view section_name,
                                           const std::vector<std::string>& lines) {
  TreeBuilder builder;
  for (const std::string& line : lines) builder.add(parse_tap_line(line));
  const Level root = builder.finish();

  LeafCollector collector;
  const std::string section(section_name);
  collector.collect(root, section);
  std::vector<TestResult> results = collector.take();
  if (results.empty()) results.push_back(TestResult{section, ResultKind::Fail, "no results"});
  return results;
}

}  // namespace probesim::report
