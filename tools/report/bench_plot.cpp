#include "bench_plot.hpp"

#include <algorithm>

#include "text.hpp"

namespace probesim::report {

namespace {

constexpr const char* kRatios[] = {"sim_over_xol", "sim_over_ret"};

std::string quote(const std::string& text) { return "'" + text + "'"; }

// One panel: per kernel, the columns of its median, min and max.
std::string panel(const KernelResults& results, std::size_t ratio_index, const std::string& label,
                  const std::string& data_path) {
  std::string cols;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const std::size_t c = 2 + 3 * (2 * i + ratio_index);
    if (i) cols += ", ";
    cols += (i == 0 ? quote(data_path) : quote("")) + " using " + std::to_string(c) + ":" +
            std::to_string(c + 1) + ":" + std::to_string(c + 2) + ":xtic(1) title " +
            quote(results[i].first);
  }
  return "set ylabel " + quote(label) + "\nplot " + cols + "\n";
}

}  // namespace

std::vector<std::string> plot_modes(const KernelResults& results) {
  std::vector<std::string> modes;
  for (const auto& [kver, r] : results) {
    const Json* members = at(&r, {"modes"});
    if (!members || !members->is_object()) continue;
    for (const auto& [mode, value] : members->items())
      if (std::find(modes.begin(), modes.end(), mode) == modes.end()) modes.push_back(mode);
  }
  return modes;
}

std::string plot_data(const KernelResults& results, const std::vector<std::string>& modes) {
  std::string out =
      "# mode, then per kernel and ratio (sim_over_xol, sim_over_ret): median min max\n";
  for (const std::string& m : modes) {
    out += m + " ";
    bool first = true;
    for (const auto& [kver, r] : results) {
      const Json* mode = at(&r, {"modes", m.c_str()});
      for (const char* ratio : kRatios) {
        const Json* q = at(mode, {ratio});
        for (const char* key : {"median", "min", "max"}) {
          const Json* v = at(q, {key});
          const std::string n = v && v->is_number() ? fixed(v->get<double>(), 3) : "nan";
          out += (first ? "" : " ") + (q && !q->empty() ? n : "NaN");
          first = false;
        }
      }
    }
    out += "\n";
  }
  return out;
}

std::string plot_script(const KernelResults& results, std::size_t mode_count,
                        const std::string& data_path, const std::string& svg_path) {
  return "# gnuplot script written by probesim-report bench merge\n"
         "set terminal svg size 1000,720 dynamic enhanced font 'sans,11' background '#ffffff'\n"
         "set output " +
         quote(svg_path) +
         "\n"
         "set style data histograms\n"
         "set style histogram errorbars gap 1 lw 1\n"
         "set style fill solid 0.85 border -1\n"
         "set key outside right top vertical Left reverse title 'kernel'\n"
         "set grid ytics\n"
         "set yrange [0:*]\n"
         "set xrange [-0.6:" +
         Json(static_cast<double>(mode_count) - 0.4).dump() +
         "]\n"
         "set xtics rotate by -20\n"
         "set multiplot layout 2,1 title \"probesim trigger benchmark, qemu TCG: median of "
         "per-round ratios (bars: min-max)\\n{/*0.8 only ratios carry over to hardware; ret is "
         "simulated by the kernel in both legs: the control}\"\n" +
         panel(results, 0, "simulated / single-stepped hits/s", data_path) +
         "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2\n" +
         panel(results, 1, "simulated / ret control hits/s", data_path) + "unset multiplot\n";
}

}  // namespace probesim::report
