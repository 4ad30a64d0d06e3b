// Command line of "probesim-report bench kernel|merge" (see usage()).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace probesim::report {

// One grep binary's probes table, its payload's probes.tsv.
struct GrepProbesPath {
  std::string binary;  // "bookworm" for --probes PATH, NAME for --probes NAME=PATH
  std::string path;

  bool operator==(const GrepProbesPath&) const = default;
};

struct BenchKernelOptions {
  std::string console;  // the benchmark boot's console log
  std::string kver;
  std::vector<GrepProbesPath> probes;  // one per grep binary, bookworm's first
  std::string out;                     // where results-KVER.json and .md go
};

struct BenchMergeOptions {
  std::string out;   // holds results-KVER.json and .md, gets results.*
  std::string plot;  // gets results.gp and results.dat
};

struct BenchArguments {
  std::optional<BenchKernelOptions> kernel;
  std::optional<BenchMergeOptions> merge;
  bool help = false;
  std::string error;  // neither set and no help
};

// args are those after "bench".
BenchArguments parse_bench_arguments(const std::vector<std::string>& args);

}  // namespace probesim::report
