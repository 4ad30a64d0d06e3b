// probesim-report: decides pass/fail for the serial console log of one VM
// run, and writes the benchmark results ("bench kernel", "bench merge")
// and the documentation's figures that come from them ("bench docs").
// This file only does argument handling and file I/O; the analysis is in
// the probesim_report library.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "bench_docs.hpp"
#include "bench_kernel.hpp"
#include "bench_merge.hpp"
#include "cli.hpp"
#include "report.hpp"
#include "text.hpp"

namespace {

using namespace probesim::report;

std::optional<std::string> read_or_complain(const std::string& path) {
  std::string error;
  auto content = read_file(path, error);
  if (!content) complain(std::cerr, error, kExitUsageError);
  return content;
}

int judge_run(const Options& options) {
  const auto console = read_or_complain(options.console_path);
  if (!console) return kExitUsageError;

  Allowlist allowlist;
  if (options.allow_path) {
    const auto text = read_or_complain(*options.allow_path);
    if (!text) return kExitUsageError;
    try {
      allowlist = Allowlist::parse(*text, *options.allow_path);
    } catch (const AllowlistError& error) {
      return complain(std::cerr, error.what(), kExitUsageError);
    }
  }

  const Report report = analyse(*console, allowlist);
  const Verdict verdict = judge(report, options.expect);
  print_report(std::cout, options.label, report, verdict);
  std::cout.flush();

  if (options.totals_path) {
    std::string error;
    if (!append_file(*options.totals_path, totals_line(verdict.counts) + "\n", error))
      return complain(std::cerr, error, kExitUsageError);
  }
  return verdict.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  const Command command = parse_arguments({argv + 1, argv + argc}, std::cout, std::cerr);
  if (const int* status = std::get_if<int>(&command)) return *status;
  if (const auto* kernel = std::get_if<BenchKernelOptions>(&command))
    return run_bench_kernel(*kernel, std::cerr);
  if (const auto* merge = std::get_if<BenchMergeOptions>(&command))
    return run_bench_merge(*merge, std::cerr);
  if (const auto* docs = std::get_if<BenchDocsOptions>(&command))
    return run_bench_docs(*docs, std::cerr);
  return judge_run(std::get<Options>(command));
}
