#include "bench_merge.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "bench_markdown.hpp"
#include "bench_plot.hpp"
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

}  // namespace

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
