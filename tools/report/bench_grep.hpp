// The grep benchmark of one kernel: checks that its runs are what they
// must be (every timed run there, the same hits single-stepped and
// simulated, probesim's counters agreeing with the survey's verdicts) and
// the figures of the results: times, ratios, per-hit costs, and where the
// hits land by the probed instruction's survey class.
//
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

#include <array>
#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
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

// The kinds of timed run: no uprobes, single-stepped, simulated.
inline constexpr std::array<std::string_view, 3> kRunKinds = {"none", "xol", "sim"};

// The spread of per-round figures: median (as Python's
// statistics.median has it) and range.
struct Spread {
  double median = 0;
  double min = 0;
  double max = 0;

  bool operator==(const Spread&) const = default;
};

// Empty values have no spread. An even count takes the mean of the two
// middle values.
std::optional<Spread> spread(std::vector<double> values);

// An error that ends the report before anything is written.
struct BenchFatal : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Tally {
  std::int64_t probes = 0;
  std::int64_t probes_hit = 0;
  std::int64_t hits = 0;
  double percent = 0;  // of every hit
};

struct ProbeHits {
  std::string offset;  // hex, no "0x"
  std::int64_t hits = 0;
  std::string insn;
  std::string survey_class;
  std::string verdict;  // with probesim
};

struct GroupRow {
  std::string group;  // group_of() the disassembly
  std::string survey_class;
  std::string stock;     // the stock kernel's verdict
  std::string probesim;  // the verdict with probesim
  Tally tally;
};

// Where the hits of one survey class went in the simulated run.
struct ClassRow {
  std::string survey_class;
  std::vector<std::string> families;  // probesim's, of the class's probes
  std::int64_t probesim_sim = 0;      // from probesim's FAMILY_hits counters
  std::int64_t xol = 0;               // the rest, single-stepped
  Tally tally;
  std::int64_t kernel_sim = 0;  // on probes that the kernel simulates
};

struct GrepResult {
  OrderedMap<std::string> workload;  // the grep-info section
  std::int64_t rounds = 0;
  std::int64_t passes = 1;
  double none = 0, xol = 0, sim = 0;  // medians, seconds
  // Per kind of kRunKinds, per round: the time, if the round has one.
  std::array<std::vector<std::optional<double>>, 3> times;
  // Per round that has them, in round order, and which rounds those are
  // (indexes into times).
  std::vector<double> ratio;    // (xol - none) / (sim - none)
  std::vector<double> removed;  // (xol - sim) / (xol - none)
  std::vector<std::size_t> ratio_rounds, removed_rounds;
  std::optional<Spread> overhead_xol_us, overhead_sim_us;  // per hit
  std::optional<Spread> saving_us;                         // per simulated hit
  struct {
    std::int64_t total = 0;  // per run
    std::int64_t per_pass = 0;
    std::int64_t probes = 0;
    std::int64_t probes_hit = 0;
    std::int64_t simulated = 0;          // on probes that probesim simulates
    OrderedMap<std::int64_t> per_probe;  // by offset, in offset order
  } hits;
  std::vector<ProbeHits> top;         // the ten most hit probes
  std::vector<ProbeHits> probes_hit;  // every probe hit, most hit first
  OrderedMap<Tally> classes;          // by survey class, most hit first
  std::int64_t breakdown_round = 0;   // the round whose sim run breakdown is of
  std::int64_t xol_hits = 0;          // still single-stepped there
  std::vector<ClassRow> breakdown;
  std::string params_xol, params_sim;           // probesim's parameters in each run
  std::vector<GroupRow> groups;                 // most hit first
  std::vector<std::int64_t> mismatched_rounds;  // xol and sim hits differ
  OrderedMap<std::int64_t> expected_patched;    // FAMILY_patched, by the survey
  std::string variant;                          // the survey's kernel, "7.3"
};

// Checks the runs and works out the figures. Errors and warnings are
// appended; nullopt when no round is complete. Throws BenchFatal when the
// survey has no rules for kver.
std::optional<GrepResult> grep_results(const GrepRuns& runs, const Probes& probes,
                                       std::string_view kver, std::vector<std::string>& errors,
                                       std::vector<std::string>& warnings);

}  // namespace probesim::report
