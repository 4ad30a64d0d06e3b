// Command line of probesim-survey.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace probesim::survey {

enum class OutputMode { kText, kMarkdown, kJson };

struct Options {
  OutputMode mode = OutputMode::kText;
  bool list = false;  // also list every entry and site
  std::vector<std::string> files;
};

struct ParsedArguments {
  Options options;
  bool ok = false;
  bool help = false;
  bool version = false;
  std::string error;
};

// args excludes the program name.
ParsedArguments parse_arguments(const std::vector<std::string>& args);

std::string usage();

// "probesim-survey X\n", X the PACKAGE_VERSION of dkms.conf.
std::string version_line();

// Runs the survey; returns the exit status: 0 when every file was
// surveyed, 1 when one could not be, 2 for a usage error.
int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err);

}  // namespace probesim::survey
