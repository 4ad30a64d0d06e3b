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

// By ExpectKind, in its order.
constexpr std::array<std::string_view, 3> kExpectNames = {"test-failure", "splat", "timeout"};

constexpr std::string_view kIndent = "    ";

void print_test(std::ostream& out, std::string_view label, const TestResult& test) {
  out << to_string(test.kind) << ' ' << label << ": " << test.path;
  if (!test.reason.empty()) out << ": " << test.reason;
  out << '\n';
}

void print_splat(std::ostream& out, std::string_view label, const CheckedSplat& checked) {
  const Splat& splat = checked.splat;
  out << (checked.allowed_by ? "ALLOWED " : "FAIL ") << label << ": kernel splat in "
      << splat.source << ": " << splat.headline() << '\n';
  if (checked.allowed_by) out << kIndent << "allowed by " << *checked.allowed_by << '\n';
  for (std::size_t i = 1; i < splat.lines.size(); ++i) out << kIndent << splat.lines[i] << '\n';
}

void print_incomplete(std::ostream& out, std::string_view label, const Report& report) {
  out << "FAIL " << label << ": VM run did not complete (timeout, hang or crash); last "
      << report.console_tail.size() << " console lines:\n";
  for (const std::string& line : report.console_tail) out << kIndent << line << '\n';
}

// "label: P passed, F failed, S skipped[, X xfail]"
std::string summary_line(std::string_view label, const Counts& counts) {
  std::string line = std::string(label) + ": " + std::to_string(counts.passed) + " passed, " +
                     std::to_string(counts.failed) + " failed, " + std::to_string(counts.skipped) +
                     " skipped";
  if (counts.xfail > 0) line += ", " + std::to_string(counts.xfail) + " xfail";
  return line;
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

std::optional<ExpectKind> parse_expect_kind(std::string_view text) {
  const auto it = std::find(kExpectNames.begin(), kExpectNames.end(), text);
  if (it == kExpectNames.end()) return std::nullopt;
  return static_cast<ExpectKind>(it - kExpectNames.begin());
}

std::string_view to_string(ExpectKind kind) { return kExpectNames[static_cast<std::size_t>(kind)]; }

bool detected(const Report& report, ExpectKind kind) {
  switch (kind) {
    case ExpectKind::TestFailure: return report.failing_tests() > 0;
    case ExpectKind::Splat: return report.unallowed_splats() > 0;
    case ExpectKind::Timeout: return !report.completed;
  }
  return false;
}

Verdict judge(const Report& report, std::optional<ExpectKind> expect) {
  Verdict verdict;
  verdict.expect = expect;
  if (!expect) {
    verdict.counts = report.counts();
    verdict.exit_code = verdict.counts.failed > 0 ? kExitFailed : kExitPassed;
    return verdict;
  }
  verdict.expect_detected = detected(report, *expect);
  (verdict.expect_detected ? verdict.counts.passed : verdict.counts.failed) = 1;
  verdict.exit_code = verdict.expect_detected ? kExitPassed : kExitFailed;
  return verdict;
}

void print_report(std::ostream& out, std::string_view label, const Report& report,
                  const Verdict& verdict) {
  if (verdict.expect) {
    out << label << ": negative test, expecting " << to_string(*verdict.expect)
        << "; problems below are reported for information\n";
  }
  for (const TestResult& test : report.tests) {
    if (test.kind != ResultKind::Pass) print_test(out, label, test);
  }
  for (const CheckedSplat& splat : report.splats) print_splat(out, label, splat);
  if (!report.completed) print_incomplete(out, label, report);
  if (verdict.expect) {
    out << label << ": expected " << to_string(*verdict.expect)
        << (verdict.expect_detected ? " detected" : " NOT detected") << '\n';
  }
  out << summary_line(label, verdict.counts) << '\n';
}

std::string totals_line(const Counts& counts) {
  return std::to_string(counts.passed) + ' ' + std::to_string(counts.failed) + ' ' +
         std::to_string(counts.skipped) + ' ' + std::to_string(counts.xfail);
}

}  // namespace probesim::report
