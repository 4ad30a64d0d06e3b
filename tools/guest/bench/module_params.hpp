// probesim's module parameters and counters. A parameter applies to the
// uprobes analysed after it changes, which is how one run gets both an XOL
// and a simulated probe on the same kind of instruction.
#pragma once

#include <optional>
#include <string>

namespace probesim::bench {

bool probesim_loaded();
bool probesim_has_param(const std::string& name);
// The file of a parameter, /sys/module/probesim/parameters/NAME.
std::string probesim_param_path(const std::string& name);
// Its value as the kernel prints it ("Y", "N"), without the newline.
std::string probesim_param_value(const std::string& name);
// Changes it directly; the benchmark goes through change_param()
// (saved_params.hpp), which puts the old value back at the end.
void set_probesim_param(const std::string& name, bool on);
std::optional<long> probesim_stat(const std::string& name);

}  // namespace probesim::bench
