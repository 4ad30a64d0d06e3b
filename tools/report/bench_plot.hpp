// The trigger plot, bench/results.svg: a gnuplot script and its data.
// Ratios only, since absolute emulator rates do not carry over to
// hardware. Two panels, sim/xol and sim/ret, one bar per kernel and mode:
// the median of the per-round ratios, with the rounds' min-max as the
// error bar.
#pragma once

#include <string>
#include <vector>

#include "bench_upstream.hpp"

namespace probesim::report {

// The trigger benchmark's modes, in the order the kernels first have them.
std::vector<std::string> plot_modes(const KernelResults& results);

// results.dat: a line per mode, per kernel and ratio its median, min and
// max ("NaN" where the kernel lacks the mode).
std::string plot_data(const KernelResults& results, const std::vector<std::string>& modes);

// results.gp, reading data_path and writing svg_path (both absolute, as
// gnuplot may run elsewhere).
std::string plot_script(const KernelResults& results, std::size_t mode_count,
                        const std::string& data_path, const std::string& svg_path);

}  // namespace probesim::report
