// probesim-report: decides pass/fail for the serial console log of one VM
// run, and writes the benchmark results ("bench kernel", "bench merge").
// This file only does argument handling and file I/O; the analysis is in
// the probesim_report library.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "allowlist.hpp"
#include "bench_cli.hpp"
#include "bench_kernel.hpp"
#include "bench_merge.hpp"
#include "cli.hpp"
#include "file_io.hpp"
#include "render.hpp"
#include "report.hpp"
#include "verdict.hpp"

namespace {

using namespace probesim::report;

void print_error(const std::string& message) {
  std::cerr << "probesim-report: " << message << '\n';
}

std::optional<std::string> read_or_complain(const std::string& path) {
  std::string error;
  auto content = read_file(path, error);
  if (!content) print_error(error);
  return content;
}

int bench(const std::vector<std::string>& args) {
  const BenchArguments parsed = parse_bench_arguments(args);
  if (parsed.help) {
    std::cout << usage();
    return kExitPassed;
  }
  if (parsed.kernel) return run_bench_kernel(*parsed.kernel, std::cerr);
  if (parsed.merge) return run_bench_merge(*parsed.merge, std::cerr);
  print_error(parsed.error);
  std::cerr << usage();
  return kExitUsageError;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "bench") return bench({args.begin() + 1, args.end()});
  const ParsedArguments parsed = parse_arguments(args);
  if (parsed.help) {
    std::cout << usage();
    return kExitPassed;
  }
  if (parsed.version) {
    std::cout << version_line();
    return kExitPassed;
  }
  if (!parsed.options) {
    print_error(parsed.error);
    std::cerr << usage();
    return kExitUsageError;
  }
  const Options& options = *parsed.options;

  const auto console = read_or_complain(options.console_path);
  if (!console) return kExitUsageError;

  Allowlist allowlist;
  if (options.allow_path) {
    const auto text = read_or_complain(*options.allow_path);
    if (!text) return kExitUsageError;
    try {
      allowlist = Allowlist::parse(*text, *options.allow_path);
    } catch (const AllowlistError& error) {
      print_error(error.what());
      return kExitUsageError;
    }
  }

  const Report report = analyse(*console, allowlist);
  const Verdict verdict = judge(report, options.expect);
  print_report(std::cout, options.label, report, verdict, options.verbose);
  std::cout.flush();

  if (options.totals_path) {
    std::string error;
    if (!append_file(*options.totals_path, totals_line(verdict.counts) + "\n", error)) {
      print_error(error);
      return kExitUsageError;
    }
  }
  return verdict.exit_code;
}
