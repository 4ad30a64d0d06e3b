// Command line of probesim-report.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bench_docs.hpp"
#include "bench_kernel.hpp"
#include "bench_merge.hpp"
#include "report.hpp"

namespace probesim::report {

// Judge the console log of one VM run.
struct Options {
  std::string console_path;
  std::string label;
  std::optional<std::string> allow_path;
  std::optional<ExpectKind> expect;
  std::optional<std::string> totals_path;
};

// What the command line asks for; or the status to exit with at once:
// kExitPassed after --help or --version, kExitUsageError after a usage
// error.
using Command =
    std::variant<int, Options, BenchKernelOptions, BenchMergeOptions, BenchDocsOptions>;

// args exclude the program name. --help and --version print to out, a
// usage error to err.
Command parse_arguments(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err);

}  // namespace probesim::report
