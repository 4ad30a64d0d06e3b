// Command line of probesim-bench.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace probesim::bench {

struct Options {
  int rounds = 5;
  std::chrono::milliseconds duration{300};
  std::vector<std::string> modes;  // empty: every mode
  std::string json;                // empty: no JSON file
  bool help = false;
  bool version = false;
};

// A command line that makes no sense: exit status 2.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// args excludes the program name; known_modes are the modes there are.
// Throws UsageError.
Options parse_options(const std::vector<std::string>& args,
                      const std::vector<std::string>& known_modes);

std::string usage(const std::vector<std::string>& known_modes);

// "probesim-bench X\n", X the PACKAGE_VERSION of dkms.conf.
std::string version_line();

}  // namespace probesim::bench
