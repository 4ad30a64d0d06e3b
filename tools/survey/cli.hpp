// Command line of probesim-survey.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "report.hpp"

namespace probesim::survey {

enum class OutputMode { kText, kMarkdown, kJson };

// Survey FILEs, or make survey's report from earlier surveys.
enum class Command { kSurvey, kReport };

struct Options {
  Command command = Command::kSurvey;
  OutputMode mode = OutputMode::kText;
  bool list = false;  // also list every entry and site
  std::vector<std::string> files;
  ReportOptions report;  // kReport
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
// surveyed (or the report written), 1 when one could not be (or the
// report not), 2 for a usage error. date dates the report ("YYYY-MM-DD");
// empty for today.
int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err, const std::string& date = "");

}  // namespace probesim::survey
