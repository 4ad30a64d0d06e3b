#include "bench_kernel.hpp"

#include <filesystem>
#include <system_error>

#include "bench_grep.hpp"
#include "bench_markdown.hpp"
#include "console.hpp"
#include "file_io.hpp"
#include "text.hpp"
#include "verdict.hpp"

namespace probesim::report {

namespace {

constexpr std::string_view kGrepKey = "grep";

Json spread_json(const std::optional<Spread>& s) {
  if (!s) return nullptr;
  return {{"median", s->median}, {"min", s->min}, {"max", s->max}};
}

// The per-round figures with their definition and spread.
Json per_round(const char* definition, const std::vector<double>& rounds) {
  Json o = {{"definition", definition}};
  if (const Json s = spread_json(spread(rounds)); s.is_object()) o.update(s);
  o["rounds"] = rounds;
  return o;
}

// before, then t's counts, then after: the members of a tallied row.
Json tallied(Json before, const Tally& t, const Json& after) {
  before.update(Json{{"probes", t.probes}, {"probes_hit", t.probes_hit}, {"hits", t.hits}});
  before.update(after);
  return before;
}

Json probe_list(const std::vector<ProbeHits>& probes) {
  Json out = Json::array();
  for (const ProbeHits& p : probes) {
    out.push_back({{"offset", p.offset},
                   {"hits", p.hits},
                   {"insn", p.insn},
                   {"class", p.survey_class},
                   {"verdict", p.verdict}});
  }
  return out;
}

Json breakdown_json(const GrepResult& g) {
  Json classes = Json::array();
  for (const ClassRow& row : g.breakdown) {
    classes.push_back(tallied({{"cls", row.survey_class},
                               {"families", row.families},
                               {"probesim_sim", row.probesim_sim},
                               {"xol", row.xol},
                               {"percent", row.tally.percent}},
                              row.tally, {{"kernel_sim", row.kernel_sim}}));
  }
  return {{"definition",
           "hits of the simulated run per survey class: simulated by probesim (its FAMILY_hits "
           "counters), by the kernel, or single-stepped"},
          {"round", g.breakdown_round},
          {"xol_hits", g.xol_hits},
          {"classes", std::move(classes)}};
}

// The grep results as their member of results-KVER.json.
Json grep_json(const GrepResult& g) {
  Json times = Json::object();
  for (std::size_t k = 0; k < kRunKinds.size(); ++k) {
    Json& list = times[std::string(kRunKinds[k])] = Json::array();
    // null for a round without this run
    for (const auto& t : g.times[k]) list.push_back(t ? Json(*t) : Json());
  }
  Json classes = Json::object();
  for (const auto& [cls, tally] : g.classes)
    classes[cls] = tallied(Json::object(), tally, {{"percent", tally.percent}});
  Json groups = Json::array();
  for (const GroupRow& row : g.groups) {
    groups.push_back(tallied({{"group", row.group},
                              {"survey_class", row.survey_class},
                              {"stock", row.stock},
                              {"probesim", row.probesim}},
                             row.tally, {{"percent", row.tally.percent}}));
  }
  return {{"workload", g.workload},
          {"rounds", g.rounds},
          {"passes", g.passes},
          {"none", g.none},
          {"xol", g.xol},
          {"sim", g.sim},
          {"times", std::move(times)},
          {"ratio", per_round("(xol - none) / (sim - none)", g.ratio)},
          {"removed_share", per_round("(xol - sim) / (xol - none)", g.removed)},
          {"overhead_per_hit_us",
           {{"xol", spread_json(g.overhead_xol_us)}, {"sim", spread_json(g.overhead_sim_us)}}},
          {"saving_per_simulated_hit_us", spread_json(g.saving_us)},
          {"hits",
           {{"total", g.hits.total},
            {"per_pass", g.hits.per_pass},
            {"probes", g.hits.probes},
            {"probes_hit", g.hits.probes_hit},
            {"simulated", g.hits.simulated},
            {"per_probe", g.hits.per_probe}}},
          {"top", probe_list(g.top)},
          {"probes_hit", probe_list(g.probes_hit)},
          {"classes", std::move(classes)},
          {"breakdown", breakdown_json(g)},
          {"params", {{"xol", g.params_xol}, {"sim", g.params_sim}}},
          {"groups", std::move(groups)},
          {"hits_equal_xol_sim", g.mismatched_rounds.empty()},
          {"mismatched_rounds", g.mismatched_rounds},
          {"expected_patched", g.expected_patched},
          {"variant", g.variant}};
}

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

std::string grep_json_key(std::string_view binary) {
  if (binary == kBookworm) return std::string(kGrepKey);
  return std::string(kGrepKey) + "_" + std::string(binary);
}

std::optional<std::string> grep_binary_of(std::string_view key) {
  if (key == kGrepKey) return std::string(kBookworm);
  const std::string prefix = std::string(kGrepKey) + "_";
  if (!key.starts_with(prefix) || key.size() == prefix.size()) return std::nullopt;
  return std::string(key.substr(prefix.size()));
}

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
