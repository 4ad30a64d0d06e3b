#include "bench_kernel.hpp"

#include <charconv>
#include <filesystem>
#include <system_error>

#include "../survey/report.hpp"
#include "console.hpp"
#include "table.hpp"
#include "text.hpp"

namespace probesim::report {

namespace {

using probesim::survey::Table;

// "M (MIN-MAX)", each figure as format writes it; "-" without a spread.
std::string spread_as(const std::optional<Spread>& s, const auto& format) {
  if (!s) return "-";
  return format(s->median) + " (" + format(s->min) + "-" + format(s->max) + ")";
}

std::string ratio_of(std::int64_t part, std::int64_t total, int digits) {
  return fixed(static_cast<double>(100 * part) / static_cast<double>(total), digits);
}

std::string info(const OrderedMap<std::string>& workload, const std::string& key) {
  const std::string* value = find_value(workload, key);
  return value ? *value : "?";
}

double megabytes(const OrderedMap<std::string>& workload) {
  const std::string* value = find_value(workload, "bytes");
  if (!value) return 0;
  const std::string_view digits = trim(*value);
  std::int64_t bytes = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), bytes);
  return static_cast<double>(bytes) / 1e6;
}

// The figure of round index, if the round has one.
std::string round_figure(const std::vector<double>& figures, const std::vector<std::size_t>& rounds,
                         std::size_t index, std::string (*format)(double)) {
  for (std::size_t k = 0; k < rounds.size() && k < figures.size(); ++k)
    if (rounds[k] == index) return format(figures[k]);
  return "-";
}

// The seconds of each round and its ratios, where it has them.
Table rounds_table(const GrepResult& g) {
  Table t;
  t.header = {"round", "none", "xol", "sim", "(xol-none)/(sim-none)", "(xol-sim)/(xol-none)"};
  for (std::int64_t i = 0; i < g.rounds; ++i) {
    const auto index = static_cast<std::size_t>(i);
    std::vector<std::string> row{std::to_string(i + 1)};
    for (const auto& kind : g.times) row.push_back(kind[index] ? fixed(*kind[index], 3) : "-");
    row.push_back(
        round_figure(g.ratio, g.ratio_rounds, index, [](double x) { return fixed(x, 2); }));
    row.push_back(round_figure(g.removed, g.removed_rounds, index, whole_percent));
    t.rows.push_back(std::move(row));
  }
  t.footer_from = static_cast<int>(t.rows.size());
  t.rows.push_back({"median (min-max)", fixed(g.none, 3), fixed(g.xol, 3), fixed(g.sim, 3),
                    spread_text(spread(g.ratio), 2), spread_as(spread(g.removed), whole_percent)});
  return t;
}

Table groups_table(const GrepResult& g) {
  Table t;
  t.header = {"first instruction",
              "survey class",
              g.variant,
              g.variant + "+probesim",
              "probes",
              "hit",
              "hits",
              "share"};
  for (const GroupRow& e : g.groups) {
    t.rows.push_back({e.group, e.survey_class, e.stock, e.probesim, std::to_string(e.tally.probes),
                      std::to_string(e.tally.probes_hit), std::to_string(e.tally.hits),
                      fixed(e.tally.percent, 1) + "%"});
  }
  return t;
}

Table breakdown_table(const GrepResult& g) {
  Table t;
  t.header = {"survey class",
              "probesim family",
              "probes",
              "hit",
              "hits",
              "share",
              "simulated by probesim",
              "simulated by the kernel",
              "still single-stepped"};
  std::int64_t probesim = 0, kernel = 0;
  for (const ClassRow& e : g.breakdown) {
    std::string families;
    for (const std::string& f : e.families) families += (families.empty() ? "" : ", ") + f;
    t.rows.push_back({e.survey_class, families.empty() ? "-" : families,
                      std::to_string(e.tally.probes), std::to_string(e.tally.probes_hit),
                      std::to_string(e.tally.hits), fixed(e.tally.percent, 1) + "%",
                      std::to_string(e.probesim_sim), std::to_string(e.kernel_sim),
                      std::to_string(e.xol)});
    probesim += e.probesim_sim;
    kernel += e.kernel_sim;
  }
  // Bold where it matters: the total still single-stepped.
  t.rows.push_back(
      {"**all**", "", std::to_string(g.hits.probes), std::to_string(g.hits.probes_hit),
       std::to_string(g.hits.total), "100%", std::to_string(probesim), std::to_string(kernel),
       "**" + std::to_string(g.xol_hits) + " (" + ratio_of(g.xol_hits, g.hits.total, 1) + "%)**"});
  return t;
}

Table top_table(const GrepResult& g) {
  Table t;
  t.header = {"offset", "first instruction", "verdict", "hits", "share"};
  for (const ProbeHits& p : g.top) {
    t.rows.push_back({"0x" + p.offset, "`" + p.insn + "`", p.verdict, std::to_string(p.hits),
                      ratio_of(p.hits, g.hits.total, 1) + "%"});
  }
  return t;
}

Table probes_hit_table(const GrepResult& g) {
  Table t;
  t.header = {"offset", "first instruction", "survey class", "verdict", "hits"};
  for (const ProbeHits& p : g.probes_hit) {
    t.rows.push_back(
        {"0x" + p.offset, "`" + p.insn + "`", p.survey_class, p.verdict, std::to_string(p.hits)});
  }
  return t;
}

std::string hits_sentence(const GrepResult& g) {
  const auto& h = g.hits;
  std::string rounds;
  for (std::int64_t r : g.mismatched_rounds)
    rounds += (rounds.empty() ? "" : ", ") + std::to_string(r);
  return std::to_string(h.total) + " hits per probed run (" + std::to_string(h.per_pass) +
         " per pass) on " + std::to_string(h.probes_hit) + " of " + std::to_string(h.probes) +
         " probes, " +
         (rounds.empty() ? "identical in the xol and sim runs of every round"
                         : "**differing between the xol and sim runs** of rounds " + rounds) +
         "; " + std::to_string(h.simulated) + " of them (" + ratio_of(h.simulated, h.total, 1) +
         "%) on probes that probesim simulates on " + g.variant + ". Overhead per hit: xol " +
         spread_text(g.overhead_xol_us, 1) + " µs, sim " + spread_text(g.overhead_sim_us, 1) +
         " µs; simulation saves " + spread_text(g.saving_us, 1) + " µs per simulated hit.";
}

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
  return survey::universal_newlines(Json::parse(quoted).get<std::string>());
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

std::string spread_text(const std::optional<Spread>& s, int digits) {
  return spread_as(s, [digits](double x) { return fixed(x, digits); });
}

std::string trigger_per_hit(const Json* trigger) {
  const Json* push = trigger_push(at(trigger, {"modes"}));
  const auto number = [](const Json* v) { return v && v->is_number(); };
  const Json* base = at(trigger, {"base"});
  const Json* median = at(push, {"sim_over_xol", "median"});
  const Json* xol = at(push, {"xol"});
  const Json* sim = at(push, {"sim"});
  if (!number(base) || !number(median) || !number(xol) || !number(sim)) return "";
  const auto cost = [&](const Json* rate) {
    return 1e6 / rate->get<double>() - 1e6 / base->get<double>();
  };
  return "For comparison, the trigger benchmark's `uprobe-push` on this kernel costs " +
         fixed(cost(xol), 1) + " µs per hit single-stepped and " + fixed(cost(sim), 1) +
         " µs simulated (sim/xol rate " + fixed(median->get<double>(), 2) + ").";
}

std::string grep_title(std::string_view binary) {
  if (binary == kBookworm) return "grep";
  return "grep (" + std::string(binary) + ")";
}

std::string grep_markdown(const GrepResult& g, std::string_view binary, std::string_view kver,
                          const std::string& trigger) {
  const auto& w = g.workload;
  // The guest names the Debian suite the binary is from; logs from before
  // there was more than bookworm's grep do not.
  const std::string* suite = find_value(w, "suite");
  const std::string_view named = suite ? trim(*suite) : std::string_view();
  const std::string distribution(named.empty() ? binary : named);
  std::string out =
      "### " + grep_title(binary) + ", kernel " + std::string(kver) + "\n\nDebian " + distribution +
      "'s arm64 grep (" + info(w, "grep") + "), `grep -r -n -e " + info(w, "pattern") + "` over " +
      info(w, "files") + " generated C-like files, " + fixed(megabytes(w), 1) + " MB (" +
      info(w, "matches") + " matching lines), " + std::to_string(g.passes) +
      " passes per timed run; " + std::to_string(g.hits.probes) +
      " uprobes, one on every function entry of grep's `.eh_frame`; " + std::to_string(g.rounds) +
      " interleaved rounds, order rotating. Seconds per run:\n\n" + rounds_table(g).markdown() +
      "\n" + hits_sentence(g) + "\n";
  if (!trigger.empty()) out += "\n" + trigger + "\n";
  return out +
         "\nHits by the survey's class of the probed first instruction (`probesim-survey "
         "--list`; the grouping by disassembly is finer):\n\n" +
         groups_table(g).markdown() +
         "\nWhere the hits of the simulated run went, per survey class (round " +
         std::to_string(g.breakdown_round) +
         "; probesim's share from its `FAMILY_hits` counters, the rest from `uprobe_profile`). "
         "Simulated run: `" +
         std::string(trim(g.params_sim)) + "`; single-stepped run: `" +
         std::string(trim(g.params_xol)) + "`.\n\n" + breakdown_table(g).markdown() +
         "\nThe most hit probes:\n\n" + top_table(g).markdown() +
         "\n<details><summary>Every probe that was hit (hits per run, from uprobe_profile; the "
         "probes with no hit are in the JSON)</summary>\n\n" +
         probes_hit_table(g).markdown() + "\n</details>\n";
}

std::string kernel_markdown(const KernelPage& page) {
  std::string out = "## Kernel " + page.kver + "\n\nMeasured with `make bench KVER=" + page.kver +
                    "` under qemu TCG (-cpu max, 2 vCPUs on a 2-core x86_64 host), kernel built "
                    "without lock debugging. Absolute rates and times are emulator figures; only "
                    "ratios carry over.\n\n### Trigger benchmark\n\n```\n" +
                    joined(page.table) + "\n```\n";
  for (const auto& [binary, grep] : page.greps)
    out += "\n" + grep_markdown(*grep, binary, page.kver, page.trigger);
  for (const std::string& e : page.errors) out += "\n**ERROR**: " + e + "  ";
  for (const std::string& w : page.warnings) out += "\nwarning: " + w + "  ";
  return end_with_newline(out);
}

std::string end_with_newline(std::string_view text) {
  // Python's str.rstrip(): ASCII whitespace and the separators \x1c-\x1f.
  while (!text.empty() && (std::string_view(" \t\n\r\v\f\x1c\x1d\x1e\x1f").find(text.back()) !=
                           std::string_view::npos))
    text.remove_suffix(1);
  return std::string(text) + "\n";
}

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
