// The options of "probesim-report bench kernel|merge" (cli.hpp reads them).
#pragma once

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

}  // namespace probesim::report
