// The sections of a benchmark boot's console that the bench report reads
// (the guest's bench and bench-grep suites print them):
//   table bench        the trigger benchmark's table, as printed
//   json bench         the trigger benchmark's results, one JSON object
//   grep-info          "KEY VALUE" lines: the workload, passes, parameters
//   grep-times         "ROUND KIND NS": the time of each timed run
//   grep-hits          "ROUND KIND EVENT HITS": uprobe_profile per probe
//   grep-stats         "ROUND KIND COUNTER DELTA": probesim's counters
// (the grep ones named bench-grep, or bench-grep-NAME for the grep binary
// NAME other than bookworm's). KIND is none, xol or sim.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench_probes.hpp"
#include "console.hpp"

namespace probesim::report {

// The grep binary that the guest has always measured: its sections are
// bench-grep, its results "grep".
inline constexpr std::string_view kBookworm = "bookworm";

// The name of the grep sections of binary: bench-grep for bookworm's,
// bench-grep-NAME for another.
std::string grep_section_name(std::string_view binary);

// The last section of this kind and name, as a later one replaces an
// earlier; nullptr if there is none.
const Section* find_section(const ConsoleLog& log, std::string_view kind, std::string_view name);

struct RunKey {
  std::int64_t round = 0;
  std::string kind;

  auto operator<=>(const RunKey&) const = default;
};

// A run's counts by event or counter name, in the order first printed.
using Counts64 = OrderedMap<std::int64_t>;

struct GrepRuns {
  OrderedMap<std::string> info;
  std::map<std::int64_t, OrderedMap<double>> times;  // round -> kind -> seconds
  std::map<RunKey, Counts64> hits;                   // per uprobe_profile event
  std::map<RunKey, Counts64> stats;                  // probesim counter deltas
};

// The grep sections of log named section (grep_section_name()). A line
// that is not what its section holds is an error (in errors) and is left
// out.
GrepRuns parse_grep_runs(const ConsoleLog& log, std::string_view section,
                         std::vector<std::string>& errors);

}  // namespace probesim::report
