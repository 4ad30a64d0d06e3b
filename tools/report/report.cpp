#include "report.hpp"

#include <algorithm>

#include "console.hpp"

namespace probesim::report {

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
