// Command line of probesim-report.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
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
  std::optional<Options> options;  // unset on error, --help or --version
  bool help = false;
  bool version = false;
  std::string error;
};

// args excludes the program name. Accepts "--opt VALUE" and "--opt=VALUE".
ParsedArguments parse_arguments(const std::vector<std::string>& args);

struct OptionValue {
  std::string name;
  std::string value;
};

// The option at args[i], one of names, with its value: "--name=VALUE",
// or "--name VALUE" (i then moves to VALUE). Sets error for an unknown
// argument or a missing value.
std::optional<OptionValue> read_option(const std::vector<std::string>& args, std::size_t& i,
                                       std::initializer_list<std::string_view> names,
                                       std::string& error);

std::string usage();

// "probesim-report X\n", X the PACKAGE_VERSION of dkms.conf.
std::string version_line();

}  // namespace probesim::report
