// probes.tsv, the grep benchmark's probe table: one tab-separated line per
// probe, under a "# ..." header that names the columns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace probesim::payload {

// A function entry that gets a uprobe.
struct Probe {
  std::uint64_t offset = 0;  // in the file: where the uprobe goes
  std::uint64_t addr = 0;
  std::uint32_t word = 0;
};

// The table of PROBES, INSNS[i] the instruction text of PROBES[i]: each
// word's survey class and its outcome on each variant of the survey's
// listing (survey::listed_variants()), as probesim-survey --list has them.
std::string render_probe_table(const std::vector<Probe>& probes,
                               const std::vector<std::string>& insns);

}  // namespace probesim::payload
