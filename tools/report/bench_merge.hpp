// "probesim-report bench merge": results.json, results.md and the trigger
// plot over every kernel measured so far.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "bench_probes.hpp"

namespace probesim::report {

struct BenchMergeOptions {
  std::string out;   // holds results-KVER.json and .md, gets results.*
  std::string plot;  // gets results.gp and results.dat
};

// The trigger plot, bench/results.svg: a gnuplot script and its data.
// Ratios only, since absolute emulator rates do not carry over to
// hardware. Two panels, sim/xol and sim/ret, one bar per kernel and mode:
// the median of the per-round ratios, with the rounds' min-max as the
// error bar. Its bars are the trigger benchmark's modes, in the order the
// kernels first have them.
std::vector<std::string> plot_modes(const KernelResults& results);

// results.dat: a line per mode, per kernel and ratio its median, min and
// max ("NaN" where the kernel lacks the mode).
std::string plot_data(const KernelResults& results, const std::vector<std::string>& modes);

// results.gp, reading data_path and writing svg_path (both absolute, as
// gnuplot may run elsewhere).
std::string plot_script(const KernelResults& results, std::size_t mode_count,
                        const std::string& data_path, const std::string& svg_path);

struct MergeOutput {
  std::string json;         // results.json
  std::string markdown;     // results.md
  std::string plot_script;  // results.gp
  std::string plot_data;    // results.dat
};

// results in kernel order, each an object; pages their results-KVER.md.
// data_path and svg_path are where the plot's data and picture go.
MergeOutput bench_merge(const KernelResults& results, const std::vector<std::string>& pages,
                        const std::string& data_path, const std::string& svg_path);

// The kernels of dir's results-KVER.json, ordered by version number.
std::vector<std::string> kernels_in(const std::string& dir);

// Every DIR/results-KVER.json, in kernels_in() order, each a JSON object;
// nullopt, with the reason in @error, when one is unreadable or is not.
std::optional<KernelResults> read_kernel_results(const std::string& dir, std::string& error);

// Reads the files, writes the results; errors go to err. Exit status 0,
// 1 when there is nothing to merge or a file is unreadable.
int run_bench_merge(const BenchMergeOptions& options, std::ostream& err);

}  // namespace probesim::report
