// probesim's module parameters and counters. A parameter applies to the
// uprobes analysed after it changes, which is how one run gets both an XOL
// and a simulated probe on the same kind of instruction.
#pragma once

#include <optional>
#include <string>

namespace probesim::bench {

bool probesim_loaded();
bool probesim_has_param(const std::string& name);
void set_probesim_param(const std::string& name, bool on);
std::optional<long> probesim_stat(const std::string& name);

}  // namespace probesim::bench
