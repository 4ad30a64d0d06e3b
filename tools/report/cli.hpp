// Command line of probesim-report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "verdict.hpp"

namespace probesim::report {

struct Options {
  std::string console_path;
  std::string label;
  std::optional<std::string> allow_path;
  std::optional<ExpectKind> expect;
  std::optional<std::string> totals_path;
  bool verbose = false;
};

struct ParsedArguments {
  std::optional<Options> options;  // unset on error or --help
  bool help = false;
  std::string error;
};

// args excludes the program name. Accepts "--opt VALUE" and "--opt=VALUE".
ParsedArguments parse_arguments(const std::vector<std::string>& args);

std::string usage();

}  // namespace probesim::report
