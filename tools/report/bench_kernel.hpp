// "probesim-report bench kernel": one kernel's results-KVER.json and
// results-KVER.md from its benchmark boot's console. The page has the
// trigger benchmark's table as printed, the grep benchmark in tables, and
// the errors and warnings of the checks.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "bench_grep.hpp"

namespace probesim::report {

// One grep binary's probes table, its payload's probes.tsv.
struct GrepProbesPath {
  std::string binary;  // "bookworm" for --probes PATH, NAME for --probes NAME=PATH
  std::string path;

  bool operator==(const GrepProbesPath&) const = default;
};

struct BenchKernelOptions {
  std::string console;  // the benchmark boot's console log
  std::string kver;
  std::vector<GrepProbesPath> probes;  // one per grep binary, bookworm's first
  std::string out;                     // where results-KVER.json and .md go
};

// The member of results-KVER.json that holds binary's grep results:
// "grep" for bookworm's, "grep_NAME" for the grep binary NAME.
std::string grep_json_key(std::string_view binary);

// The binary whose grep results the member key holds; nullopt for a
// member that holds something else.
std::optional<std::string> grep_binary_of(std::string_view key);

struct KernelOutput {
  std::string json;      // results-KVER.json
  std::string markdown;  // results-KVER.md
  // For stderr: "error: ..." and "warning: ..." lines, and a summary of
  // the grep figures.
  std::vector<std::string> messages;
  bool failed = false;  // a check failed
};

// A grep binary that the guest measured, with its payload's probes.
struct GrepBinary {
  std::string name;  // "bookworm", or NAME of --probes NAME=PATH
  Probes probes;
};

// console is the log as read (any bytes); binaries bookworm's grep first.
// Throws BenchFatal when the survey has no rules for kver.
KernelOutput bench_kernel(std::string_view console, const std::vector<GrepBinary>& binaries,
                          std::string_view kver);

// Reads the files, writes the results; messages go to err. Exit status
// 0, 1 when a check failed or the survey has no rules for the kernel, 2
// on an I/O error.
int run_bench_kernel(const BenchKernelOptions& options, std::ostream& err);

// "M (MIN-MAX)" with digits decimals, "-" without a spread.
std::string spread_text(const std::optional<Spread>& s, int digits);

// One sentence: the trigger benchmark's per-hit costs for uprobe-push,
// from its results (base, modes); empty when they are not there.
std::string trigger_per_hit(const Json* trigger);

// How the report names binary's grep: "grep" for bookworm's, "grep
// (NAME)" for another.
std::string grep_title(std::string_view binary);

// The grep benchmark's section of binary, "### grep, kernel KVER" on for
// bookworm's, "### grep (NAME), kernel KVER" for another; trigger is
// trigger_per_hit()'s sentence or empty. Ends in a newline.
std::string grep_markdown(const GrepResult& g, std::string_view binary, std::string_view kver,
                          const std::string& trigger);

// One grep binary's results on the page.
struct BinaryGrep {
  std::string binary;  // "bookworm", or NAME of --probes NAME=PATH
  const GrepResult* grep = nullptr;
};

struct KernelPage {
  std::string kver;
  std::vector<std::string> table;  // the trigger benchmark's, as printed
  std::vector<BinaryGrep> greps;   // the binaries with results, bookworm's first
  std::string trigger;             // trigger_per_hit()
  std::vector<std::string> errors;
  std::vector<std::string> warnings;
};

std::string kernel_markdown(const KernelPage& page);

// Text without trailing whitespace, then one newline: how the reports end.
std::string end_with_newline(std::string_view text);

}  // namespace probesim::report
