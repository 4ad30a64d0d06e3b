#include "report.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "console.hpp"
#include "text.hpp"

namespace probesim::report {

namespace {

constexpr std::array<std::string_view, 20> kSplatPatterns{
    "WARNING:",
    "BUG:",
    "Oops",
    "Internal error:",
    "Kernel panic",
    "Unable to handle kernel",
    "possible circular locking dependency",
    "inconsistent lock state",
    "possible recursive locking",
    "suspicious RCU usage",
    "sleeping function called from invalid context",
    "KASAN:",
    "UBSAN:",
    "soft lockup",
    "hard LOCKUP",
    "rcu_preempt detected stalls",
    "rcu_sched detected stalls",
    "self-detected stall",
    "general protection fault",
    "kernel BUG at",
};

// Offset of the '#' that starts a comment, or npos.
std::size_t comment_start(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) return i;
  }
  return std::string_view::npos;
}

}  // namespace

std::string_view Splat::headline() const {
  return lines.empty() ? std::string_view{} : trim(strip_timestamp(lines.front()));
}

bool is_splat_line(std::string_view line) {
  return std::any_of(kSplatPatterns.begin(), kSplatPatterns.end(),
                     [line](std::string_view pattern) { return line.find(pattern) != line.npos; });
}

void SplatCollector::scan(std::string_view source, const std::vector<std::string>& lines) {
  std::map<std::string, std::size_t, std::less<>> occurrences;  // per headline, in this stream
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!is_splat_line(lines[i])) continue;
    // The context stops at the next splat: every splat is reported on its
    // own, so an allowlist entry matching one can never cover another.
    std::size_t end = i + 1;
    while (end < lines.size() && end <= i + kSplatContextLines && !is_splat_line(lines[end])) ++end;
    Splat splat{std::string(source),
                {lines.begin() + static_cast<std::ptrdiff_t>(i),
                 lines.begin() + static_cast<std::ptrdiff_t>(end)}};
    std::string headline(splat.headline());
    const std::size_t occurrence = occurrences[headline]++;
    if (seen_.emplace(std::move(headline), occurrence).second) {
      splats_.push_back(std::move(splat));
    }
  }
}

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

std::size_t Report::failing_tests() const {
  return static_cast<std::size_t>(std::ranges::count(tests, ResultKind::Fail, &TestResult::kind));
}

std::size_t Report::unallowed_splats() const {
  return static_cast<std::size_t>(
      std::ranges::count_if(splats, [](const CheckedSplat& s) { return !s.allowed_by; }));
}

Counts Report::counts() const {
  Counts counts;
  for (const TestResult& test : tests) {
    switch (test.kind) {
      case ResultKind::Pass: ++counts.passed; break;
      case ResultKind::Fail: ++counts.failed; break;
      case ResultKind::Skip: ++counts.skipped; break;
      case ResultKind::Xfail: ++counts.xfail; break;
    }
  }
  counts.failed += unallowed_splats() + (completed ? 0 : 1);
  return counts;
}

Report analyse(std::string_view console, const Allowlist& allowlist) {
  const ConsoleLog log = split_console(console);
  Report report;
  report.completed = log.done;

  bool any_ktap = false;
  for (const Section& section : log.sections) {
    if (section.kind != "ktap") continue;
    any_ktap = true;
    auto results = parse_ktap_section(section.name, section.lines);
    report.tests.insert(report.tests.end(), std::make_move_iterator(results.begin()),
                        std::make_move_iterator(results.end()));
  }
  // A run that finished without reporting a single test tested nothing.
  if (report.completed && !any_ktap) {
    report.tests.push_back(TestResult{"(run)", ResultKind::Fail, "no test results reported"});
  }

  // dmesg first: its copy of a splat is not interleaved with other output.
  SplatCollector collector;
  for (const Section& section : log.sections) {
    if (section.kind == "dmesg") collector.scan("dmesg " + section.name, section.lines);
  }
  collector.scan("console", log.kernel_console);
  for (const Splat& splat : collector.splats()) {
    std::optional<std::string> allowed_by;
    if (const AllowEntry* entry = allowlist.find_match(splat.lines)) allowed_by = entry->describe();
    report.splats.push_back(CheckedSplat{splat, std::move(allowed_by)});
  }

  if (!report.completed) {
    const std::size_t tail = std::min(log.lines.size(), kConsoleTailLines);
    report.console_tail.assign(log.lines.end() - static_cast<std::ptrdiff_t>(tail),
                               log.lines.end());
  }
  return report;
}

}  // namespace probesim::report
