#include "bench_kernel.hpp"

#include <filesystem>
#include <system_error>

#include "bench_grep.hpp"
#include "bench_grep_json.hpp"
#include "bench_markdown.hpp"
#include "bench_sections.hpp"
#include "console.hpp"
#include "file_io.hpp"
#include "text.hpp"
#include "verdict.hpp"

namespace probesim::report {

namespace {

// Console text as the checks read it: valid UTF-8 (U+FFFD for what is
// not), one line per "\n".
std::string readable(std::string_view bytes) {
  const std::string quoted =
      Json(std::string(bytes)).dump(-1, ' ', false, Json::error_handler_t::replace);
  return universal_newlines(Json::parse(quoted).get<std::string>());
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
  return out;
}

// The trigger benchmark's results; an object with nothing in it when they
// are missing or unreadable, which is an error.
Json trigger_results(const ConsoleLog& log, std::vector<std::string>& errors) {
  const Section* section = find_section(log, "json", "bench");
  if (!section) {
    errors.push_back("no trigger benchmark JSON in the console log");
    return Json::object();
  }
  try {
    Json trigger = Json::parse(joined(section->lines));
    if (trigger.is_object()) return trigger;
    if (!trigger.empty()) errors.push_back("trigger benchmark JSON: not an object");
  } catch (const Json::parse_error& e) {
    errors.push_back(std::string("trigger benchmark JSON: ") + e.what());
  }
  return Json::object();
}

std::string summary(const GrepResult& g, const std::string& binary, std::string_view kver) {
  return grep_title(binary) + " on " + std::string(kver) + ": none " + fixed(g.none, 3) +
         " s, xol " + fixed(g.xol, 3) + " s, sim " + fixed(g.sim, 3) +
         " s; (xol-none)/(sim-none) " + spread_text(spread(g.ratio), 2) + "; " +
         std::to_string(g.hits.total) + " hits";
}

}  // namespace

KernelOutput bench_kernel(std::string_view console, const std::vector<GrepBinary>& binaries,
                          std::string_view kver) {
  const ConsoleLog log = split_console(readable(console));
  KernelPage page;
  page.kver = std::string(kver);
  Json result = trigger_results(log, page.errors);
  if (const Section* table = find_section(log, "table", "bench")) page.table = table->lines;
  // Per binary; page.greps points into it, so it is never reallocated.
  std::vector<std::optional<GrepResult>> greps;
  greps.reserve(binaries.size());
  for (const GrepBinary& binary : binaries) {
    std::vector<std::string> errors, warnings;
    const GrepRuns runs = parse_grep_runs(log, grep_section_name(binary.name), errors);
    const auto& grep =
        greps.emplace_back(grep_results(runs, binary.probes, kver, errors, warnings));
    // The messages of a binary other than bookworm's say whose they are.
    const std::string whose = binary.name == kBookworm ? "" : binary.name + ": ";
    for (const std::string& e : errors) page.errors.push_back(whose + e);
    for (const std::string& w : warnings) page.warnings.push_back(whose + w);
    result[grep_json_key(binary.name)] = grep ? grep_json(*grep) : Json();
    if (grep) page.greps.push_back({binary.name, &*grep});
  }
  result["errors"] = page.errors;
  result["warnings"] = page.warnings;

  KernelOutput out;
  out.json = result.dump(2) + "\n";
  page.trigger = trigger_per_hit(&result);
  out.markdown = kernel_markdown(page);
  for (const std::string& e : page.errors) out.messages.push_back("error: " + e);
  for (const std::string& w : page.warnings) out.messages.push_back("warning: " + w);
  for (const auto& [binary, grep] : page.greps)
    out.messages.push_back(summary(*grep, binary, kver));
  out.failed = !page.errors.empty();
  return out;
}

int run_bench_kernel(const BenchKernelOptions& options, std::ostream& err) {
  std::string error;
  const auto console = read_file(options.console, error);
  if (!console) return complain(err, error, kExitUsageError);
  std::vector<GrepBinary> binaries;
  for (const GrepProbesPath& p : options.probes) {
    const auto table = read_file(p.path, error);
    if (!table) return complain(err, error, kExitUsageError);
    auto probes = parse_probes(readable(*table), error);
    if (!probes) return complain(err, p.path + ": " + error, kExitUsageError);
    binaries.push_back({p.binary, std::move(*probes)});
  }

  KernelOutput out;
  try {
    out = bench_kernel(*console, binaries, options.kver);
  } catch (const BenchFatal& fatal) {
    return complain(err, fatal.what(), kExitFailed);
  }
  std::error_code ec;
  std::filesystem::create_directories(options.out, ec);
  if (ec)
    return complain(err, "cannot create '" + options.out + "': " + ec.message(), kExitUsageError);
  const std::string base =
      (std::filesystem::path(options.out) / ("results-" + options.kver)).string();
  if (!write_file(base + ".json", out.json, error) ||
      !write_file(base + ".md", out.markdown, error))
    return complain(err, error, kExitUsageError);
  for (const std::string& message : out.messages) err << message << '\n';
  return out.failed ? kExitFailed : kExitPassed;
}

}  // namespace probesim::report
