// Command line of probesim-bench.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace probesim::bench {

struct Options {
  int rounds = 5;
  std::chrono::milliseconds duration{300};
  std::vector<std::string> modes;  // empty: every mode
  std::string json;                // empty: no JSON file
  bool instructions = false;       // count instructions per call instead of timing
  bool self_test = false;          // call every site, no probes
};

// Reads args, the program's name left out, into options; known_modes are
// the modes there are. Unset when the program is to go on; else the
// status to exit with: 0 after --help or --version (printed on stdout),
// 2 after a usage error (said on stderr).
std::optional<int> parse_options(const std::vector<std::string>& args,
                                 const std::vector<std::string>& known_modes, Options& options);

// "probesim-bench X", X the PACKAGE_VERSION of dkms.conf.
std::string version();

}  // namespace probesim::bench
