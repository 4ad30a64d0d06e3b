// probes.tsv, the grep benchmark's probe table: one tab-separated line per
// probe, under a "# ..." header that names the columns.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "survey_list.hpp"

namespace probesim::payload {

// n in lower-case hexadecimal, at least width digits.
std::string hex(std::uint64_t n, int width = 1);

// The table of PROBES, INSNS[i] the instruction text of PROBES[i]. The
// verdict columns are the variants of the first probe, in its order;
// throws ListError if a later probe lacks one of them. PROBES is not
// empty.
std::string render_probe_table(const std::vector<Probe>& probes,
                               const std::vector<std::string>& insns);

}  // namespace probesim::payload
