// results-KVER.md: one kernel's trigger benchmark table as printed, its
// grep benchmark in tables, and the errors and warnings of the checks.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench_grep.hpp"

namespace probesim::report {

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
