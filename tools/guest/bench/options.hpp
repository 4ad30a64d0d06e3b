// Command line of probesim-bench.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace probesim::bench {

struct Options {
  int rounds = 5;
  std::chrono::milliseconds duration{300};
  std::vector<std::string> modes;  // empty: every mode; aliases resolved
  std::string json;                // empty: no JSON file
  bool instructions = false;       // count instructions per call instead of timing
  bool self_test = false;          // call every site, no probes
  bool help = false;
  bool version = false;
};

// A command line that makes no sense: exit status 2.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The names modes had before they carried the call path: (old, new).
using ModeAliases = std::vector<std::pair<std::string, std::string>>;

// args excludes the program name; known_modes are the modes there are.
// Throws UsageError.
Options parse_options(const std::vector<std::string>& args,
                      const std::vector<std::string>& known_modes, const ModeAliases& aliases);

std::string usage(const std::vector<std::string>& known_modes, const ModeAliases& aliases);

// "probesim-bench X\n", X the PACKAGE_VERSION of dkms.conf.
std::string version_line();

}  // namespace probesim::bench
