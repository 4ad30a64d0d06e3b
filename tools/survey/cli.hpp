// Command line of probesim-survey.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace probesim::survey {

// Runs probesim-survey; args exclude the program name. Returns the exit
// status: 0 when every file was surveyed (or the report written), 1 when
// one could not be (or the report not), 2 for a usage error. date dates
// the report ("YYYY-MM-DD"); empty for today.
int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err, const std::string& date = "");

}  // namespace probesim::survey
