// The human-readable report printed by probesim-report.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "report.hpp"
#include "verdict.hpp"

namespace probesim::report {

// One line per failing, skipped and xfail test (and passing ones if
// verbose), each splat with its context, the console tail of an incomplete
// run, the --expect outcome and the summary line.
void print_report(std::ostream& out, std::string_view label, const Report& report,
                  const Verdict& verdict, bool verbose);

// "P F S X", one line of a --totals file.
std::string totals_line(const Counts& counts);

}  // namespace probesim::report
