#include "bench_merge.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "bench_markdown.hpp"
#include "bench_probes.hpp"
#include "file_io.hpp"
#include "text.hpp"
#include "verdict.hpp"

namespace probesim::report {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "results-";
constexpr std::string_view kSuffix = ".json";

// The kernel whose results lead results.json.
constexpr const char* kDefaultKernel = "6.12";

std::string absolute_path(const fs::path& path) {
  std::error_code ec;
  const fs::path full = fs::absolute(path, ec);
  return (ec ? path : full).lexically_normal().string();
}

// The plot's ratios, a panel each.
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

MergeOutput bench_merge(const KernelResults& results, const std::vector<std::string>& pages,
                        const std::string& data_path, const std::string& svg_path) {
  MergeOutput out;
  // The default kernel's results at the top level (kernel, base, modes,
  // grep), every kernel's under "kernels".
  Json kernels = Json::object();
  for (const auto& [kver, r] : results) kernels[kver] = r;
  Json top = kernels.value(kDefaultKernel, results.back().second);
  top["kernels"] = std::move(kernels);
  out.json = top.dump(2) + "\n";

  std::string list;
  for (const auto& [kver, r] : results) list += (list.empty() ? "" : ", ") + kver;
  std::string text =
      "# probesim benchmarks\n\nWritten by `make bench` (one kernel per run: `make bench` for "
      "6.12, `KVER=6.1 make bench` for 6.1); this file covers every kernel whose "
      "`results-KVER.json` is here: " +
      list + ".\n\n![trigger benchmark](results.svg)\n\n" + upstream_section(results);
  for (std::size_t i = 0; i < pages.size(); ++i) text += (i ? "\n" : "") + pages[i];
  out.markdown = end_with_newline(text);

  const auto modes = plot_modes(results);
  out.plot_data = plot_data(results, modes);
  out.plot_script = plot_script(results, modes.size(), data_path, svg_path);
  return out;
}

std::vector<std::string> kernels_in(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() >= kPrefix.size() + kSuffix.size() && name.starts_with(kPrefix) &&
        name.ends_with(kSuffix))
      names.push_back(name.substr(kPrefix.size(), name.size() - kPrefix.size() - kSuffix.size()));
  }
  std::sort(names.begin(), names.end());
  std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
    return kernel_key(a) < kernel_key(b);
  });
  return names;
}

std::optional<KernelResults> read_kernel_results(const std::string& dir, std::string& error) {
  KernelResults results;
  for (const std::string& kver : kernels_in(dir)) {
    const std::string path = (fs::path(dir) / ("results-" + kver + ".json")).string();
    const auto text = read_file(path, error);
    if (!text) return std::nullopt;
    try {
      Json result = Json::parse(*text);
      if (!result.is_object()) {
        error = path + ": not a JSON object";
        return std::nullopt;
      }
      results.emplace_back(kver, std::move(result));
    } catch (const Json::parse_error& e) {
      error = path + ": " + e.what();
      return std::nullopt;
    }
  }
  return results;
}

int run_bench_merge(const BenchMergeOptions& options, std::ostream& err) {
  std::string error;
  const fs::path out(options.out), plot(options.plot);
  const auto read = read_kernel_results(options.out, error);
  if (!read) return complain(err, error, kExitFailed);
  const KernelResults& results = *read;
  if (results.empty()) {
    err << "error: no per-kernel results to merge\n";
    return kExitFailed;
  }
  std::vector<std::string> pages;
  for (const auto& [kver, r] : results) {
    const auto page = read_file((out / ("results-" + kver + ".md")).string(), error);
    if (!page) return complain(err, error, kExitFailed);
    pages.push_back(universal_newlines(*page));
  }
  const MergeOutput merged = bench_merge(results, pages, absolute_path(plot / "results.dat"),
                                         absolute_path(out / "results.svg"));
  std::error_code ec;
  fs::create_directories(plot, ec);
  if (ec)
    return complain(err, "cannot create '" + options.plot + "': " + ec.message(), kExitFailed);
  if (!write_file((out / "results.json").string(), merged.json, error) ||
      !write_file((out / "results.md").string(), merged.markdown, error) ||
      !write_file((plot / "results.dat").string(), merged.plot_data, error) ||
      !write_file((plot / "results.gp").string(), merged.plot_script, error))
    return complain(err, error, kExitFailed);
  return kExitPassed;
}

}  // namespace probesim::report
