#include "bench_grep.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <ranges>
#include <set>

#include "text.hpp"

namespace probesim::report {

namespace {

constexpr std::string_view kGrepSuite = "bench-grep";

// The fields of a line split at runs of whitespace.
std::vector<std::string_view> fields(std::string_view line) {
  constexpr std::string_view space = " \t\n\r\v\f\x1c\x1d\x1e\x1f";
  std::vector<std::string_view> out;
  for (std::size_t i = line.find_first_not_of(space); i != std::string_view::npos;
       i = line.find_first_not_of(space, i)) {
    const std::size_t end = line.find_first_of(space, i);
    out.push_back(line.substr(i, end - i));
    i = end;
  }
  return out;
}

std::optional<std::int64_t> integer(std::string_view text) {
  if (text.starts_with('+') && !text.substr(1).starts_with('-')) text.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A line "ROUND KIND NAME VALUE" of a grep section (no NAME in grep-times).
struct RunLine {
  std::int64_t round;
  std::string kind, name;
  std::int64_t value;
};

// The lines of the section; a line that is not one is an error.
std::vector<RunLine> run_lines(const ConsoleLog& log, std::string_view kind, std::string_view name,
                               bool named, std::vector<std::string>& errors) {
  std::vector<RunLine> out;
  const Section* section = find_section(log, kind, name);
  if (!section) return out;
  for (const std::string& line : section->lines) {
    const auto f = fields(line);
    const std::size_t want = named ? 4 : 3;
    const auto round = f.size() == want ? integer(f[0]) : std::nullopt;
    const auto value = f.size() == want ? integer(f[want - 1]) : std::nullopt;
    if (round && value) {
      out.push_back({*round, std::string(f[1]), named ? std::string(f[2]) : "", *value});
    } else {
      errors.push_back(std::string(kind) + ": cannot read the line '" + line + "'");
    }
  }
  return out;
}

// A count as the messages print it: "None" when there is none.
std::string count_text(const Counts64& counts, const std::string& key) {
  const std::int64_t* n = find_value(counts, key);
  return n ? std::to_string(*n) : "None";
}

std::int64_t count_or_zero(const Counts64* counts, const std::string& key) {
  const std::int64_t* n = counts ? find_value(*counts, key) : nullptr;
  return n ? *n : 0;
}

std::int64_t sum(const Counts64& counts) {
  std::int64_t total = 0;
  for (const auto& [key, n] : counts) total += n;
  return total;
}

bool same_keys(const Counts64& counts, const Probes& probes) {
  return counts.size() == probes.size() &&
         std::ranges::all_of(counts, [&](const auto& hit) { return probes.count(hit.first) > 0; });
}

// The same events with the same counts, in any order.
bool same_counts(const Counts64& a, const Counts64& b) {
  return std::map(a.begin(), a.end()) == std::map(b.begin(), b.end());
}

// The offset of an event "f_OFFSET", for ordering by address.
std::uint64_t event_offset(std::string_view event) {
  std::string_view hex = event.size() > 2 ? event.substr(2) : std::string_view();
  if (hex.starts_with("0x") || hex.starts_with("0X")) hex.remove_prefix(2);
  std::uint64_t value = 0;
  std::from_chars(hex.data(), hex.data() + hex.size(), value, 16);
  return value;
}

double percent_of(std::int64_t hits, std::int64_t total) {
  return total ? 100.0 * static_cast<double>(hits) / static_cast<double>(total) : 0.0;
}

void count_probe(Tally& tally, std::int64_t hits) {
  tally.probes += 1;
  tally.probes_hit += hits ? 1 : 0;
  tally.hits += hits;
}

// probesim's families: those the survey gives a verdict for and those
// the module counts (FAMILY_patched) in any run.
std::set<std::string> families_of(const GrepRuns& runs, const Probes& probes,
                                  const std::string& verdict_column) {
  std::set<std::string> families;
  for (const auto& [event, row] : probes)
    if (auto family = family_of(cell(row, verdict_column))) families.insert(*family);
  constexpr std::string_view suffix = "_patched";
  for (const auto& [key, counters] : runs.stats)
    for (const auto& [counter, delta] : counters)
      if (counter.ends_with(suffix))
        families.insert(counter.substr(0, counter.size() - suffix.size()));
  return families;
}

// FAMILY_patched per family: how many probes the survey has probesim
// simulate, that is patch, in the simulated run.
OrderedMap<std::int64_t> expected_patched(const std::set<std::string>& families,
                                          const Probes& probes, const std::string& verdict_column) {
  OrderedMap<std::int64_t> expect;
  for (const std::string& family : families) expect[family + "_patched"] = 0;
  for (const auto& [event, row] : probes) {
    const auto family = family_of(cell(row, verdict_column));
    if (family && !family->empty()) expect[*family + "_patched"] += 1;
  }
  return expect;
}

struct RoundContext {
  const Probes& probes;
  const std::string& variant;
  const std::set<std::string>& families;
  const OrderedMap<std::int64_t>& expect;
  std::vector<std::string>& errors;
};

// probesim's own counters must tell the same story as the survey: no
// family patched or hit in the xol run, the survey's count patched in the
// sim run, and FAMILY_hits equal to uprobe_profile's hits on the family's
// probes. Refusals, faults and misses count nowhere, except stp_refused
// in the xol run, which analyses every stp probe with stp=0.
void check_counters(const RoundContext& c, std::int64_t round, const Counts64& sim_hits,
                    const Counts64& sx, const Counts64& ss) {
  const std::string r = "grep round " + std::to_string(round);
  for (const auto& [key, want] : c.expect) {
    if (count_or_zero(&sx, key) != 0) {
      c.errors.push_back(r + " xol: " + key + " +" + count_text(sx, key) +
                         ", expected 0 with every family off");
    }
    if (count_or_zero(&ss, key) != want) {
      c.errors.push_back(r + " sim: " + key + " +" + count_text(ss, key) + ", the survey expects " +
                         std::to_string(want) + " (" + c.variant + "+probesim)");
    }
  }
  const std::string verdict_column = c.variant + "+probesim";
  for (const std::string& family : c.families) {
    std::int64_t want = 0;
    for (const auto& [event, n] : sim_hits) {
      const ProbeRow* row = find_value(c.probes, event);
      const std::string* verdict = row ? find_value(*row, verdict_column) : nullptr;
      if (verdict && *verdict == "probesim-" + family) want += n;
    }
    const std::string key = family + "_hits";
    if (count_or_zero(&ss, key) != want) {
      c.errors.push_back(r + " sim: " + key + " +" + count_text(ss, key) + ", uprobe_profile has " +
                         std::to_string(want) + " on " + family + " probes");
    }
  }
  for (const std::string key : {"stp_refused", "stp_faults", "track_failed", "hook_missed"}) {
    for (const auto& [kind, counters] : {std::pair{"xol", &sx}, std::pair{"sim", &ss}}) {
      const std::int64_t n = count_or_zero(counters, key);
      if (n && !(std::string_view(kind) == "xol" && key == "stp_refused"))
        c.errors.push_back(r + " " + kind + ": " + key + " +" + std::to_string(n));
    }
  }
}

// hits of the xol and sim runs of a round, compared probe by probe.
void check_hits(const RoundContext& c, std::int64_t round, const Counts64& hx, const Counts64& hs,
                std::vector<std::int64_t>& mismatched) {
  const std::string r = "grep round " + std::to_string(round);
  if (!same_keys(hx, c.probes) || !same_keys(hs, c.probes)) {
    c.errors.push_back(r + ": uprobe_profile's probes differ from the " +
                       std::to_string(c.probes.size()) + " probes of the payload");
  }
  std::set<std::string> diff;
  for (const Counts64* counts : {&hx, &hs}) {
    for (const auto& [event, n] : *counts) {
      const std::int64_t* x = find_value(hx, event);
      const std::int64_t* s = find_value(hs, event);
      if (!x || !s || *x != *s) diff.insert(event);
    }
  }
  if (diff.empty()) return;
  mismatched.push_back(round);
  std::string list;  // the first ten
  for (const std::string& event : diff | std::views::take(10)) {
    list += (list.empty() ? "" : ", ") + event + " xol=" + count_text(hx, event) +
            " sim=" + count_text(hs, event);
  }
  c.errors.push_back(r + ": hits differ between xol and sim on " + std::to_string(diff.size()) +
                     " probes: " + list);
}

ProbeHits probe_hits(const Probes& probes, const std::string& event, std::int64_t n,
                     const std::string& verdict_column) {
  static const ProbeRow none;
  const ProbeRow* row = find_value(probes, event);
  if (!row) row = &none;
  return ProbeHits{event.size() > 2 ? event.substr(2) : "", n, cell(*row, "insn"),
                   cell(*row, "class"), cell(*row, verdict_column)};
}

// Per survey class: probes, hits, and where the hits of the simulated run
// went: simulated by probesim (its FAMILY_hits counters), by the kernel,
// or still single-stepped. Most hits first.
// classes are the tallies of tally_probes().
std::vector<ClassRow> class_breakdown(const Probes& probes, const Counts64& reference,
                                      const Counts64& sim_stats, const std::string& verdict_column,
                                      const OrderedMap<Tally>& classes) {
  struct Entry {
    std::set<std::string> families;
    std::int64_t kernel_sim = 0;
  };
  OrderedMap<Entry> rows;
  for (const auto& [event, row] : probes) {
    Entry& e = rows[cell(row, "class")];
    const std::int64_t n = count_or_zero(&reference, event);
    const std::string& verdict = cell(row, verdict_column);
    const auto family = family_of(verdict);
    if (family && !family->empty()) {
      e.families.insert(*family);
    } else if (verdict == "kernel-sim") {
      e.kernel_sim += n;
    }
  }
  std::vector<ClassRow> out;
  for (const auto& [cls, e] : rows) {
    ClassRow& row = out.emplace_back(
        ClassRow{cls, {e.families.begin(), e.families.end()}, 0, 0, classes.at(cls), e.kernel_sim});
    for (const std::string& family : row.families)
      row.probesim_sim += count_or_zero(&sim_stats, family + "_hits");
    row.xol = row.tally.hits - row.probesim_sim - e.kernel_sim;
  }
  std::stable_sort(out.begin(), out.end(), [](const ClassRow& a, const ClassRow& b) {
    if (a.tally.hits != b.tally.hits) return a.tally.hits > b.tally.hits;
    return a.survey_class < b.survey_class;
  });
  return out;
}

// Per survey class and per finer group of the disassembly with the
// class and both verdicts, over the hits of the reference run.
void tally_probes(GrepResult& g, const Probes& probes, const Counts64& reference) {
  const std::string verdict_column = g.variant + "+probesim";
  const std::int64_t total = sum(reference);
  OrderedMap<Tally> classes;
  std::map<std::array<std::string, 4>, Tally> groups;
  for (const auto& [event, row] : probes) {
    const std::int64_t n = count_or_zero(&reference, event);
    count_probe(classes[cell(row, "class")], n);
    count_probe(groups[{group_of(cell(row, "insn")), cell(row, "class"), cell(row, g.variant),
                        cell(row, verdict_column)}],
                n);
  }
  std::vector<std::pair<std::string, Tally>> by_hits(classes.begin(), classes.end());
  std::stable_sort(by_hits.begin(), by_hits.end(),
                   [](const auto& a, const auto& b) { return a.second.hits > b.second.hits; });
  for (auto& [cls, tally] : by_hits) {
    tally.percent = percent_of(tally.hits, total);
    g.classes[cls] = tally;
  }
  for (const auto& [key, tally] : groups) {
    GroupRow row{key[0], key[1], key[2], key[3], tally};
    row.tally.percent = percent_of(tally.hits, total);
    g.groups.push_back(std::move(row));
  }
  // The map is in key order already: most hits first, then by key.
  std::ranges::stable_sort(g.groups, std::greater{},
                           [](const GroupRow& r) { return r.tally.hits; });
}

void rank_probes(GrepResult& g, const Probes& probes, const Counts64& reference) {
  const std::string verdict_column = g.variant + "+probesim";
  using EventHits = std::pair<std::string, std::int64_t>;
  std::vector<EventHits> hits(reference.begin(), reference.end());
  std::ranges::stable_sort(hits, {}, [](const EventHits& h) { return event_offset(h.first); });
  for (const auto& [event, n] : hits) {
    g.hits.per_probe[event.size() > 2 ? event.substr(2) : ""] = n;
    if (n) g.hits.probes_hit += 1;
  }
  // By offset already, so a stable sort by hits gives (-hits, offset).
  auto by_hits = hits;
  std::ranges::stable_sort(by_hits, std::greater{}, &EventHits::second);
  for (const auto& [event, n] : by_hits)
    if (n) g.probes_hit.push_back(probe_hits(probes, event, n, verdict_column));
  // The top ten ties go by the order uprobe_profile printed.
  std::vector<EventHits> top(reference.begin(), reference.end());
  std::ranges::stable_sort(top, std::greater{}, &EventHits::second);
  for (std::size_t i = 0; i < top.size() && i < 10; ++i)
    g.top.push_back(probe_hits(probes, top[i].first, top[i].second, verdict_column));
}

std::int64_t passes_of(const OrderedMap<std::string>& info, std::vector<std::string>& errors) {
  const std::string* text = find_value(info, "passes");
  if (!text) return 1;
  const std::string_view digits = trim(*text);
  std::int64_t passes = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), passes);
  if (ec != std::errc{} || end != digits.data() + digits.size() || passes <= 0) {
    errors.push_back("grep-info: passes '" + *text + "' is not a number of passes");
    return 1;
  }
  return passes;
}

}  // namespace

std::string grep_section_name(std::string_view binary) {
  if (binary == kBookworm) return std::string(kGrepSuite);
  return std::string(kGrepSuite) + "-" + std::string(binary);
}

const Section* find_section(const ConsoleLog& log, std::string_view kind, std::string_view name) {
  for (auto it = log.sections.rbegin(); it != log.sections.rend(); ++it)
    if (it->kind == kind && it->name == name) return &*it;
  return nullptr;
}

GrepRuns parse_grep_runs(const ConsoleLog& log, std::string_view section,
                         std::vector<std::string>& errors) {
  GrepRuns runs;
  if (const Section* info = find_section(log, "grep-info", section)) {
    for (const std::string& line : info->lines) {
      const std::size_t space = line.find(' ');
      runs.info[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
    }
  }
  for (const RunLine& l : run_lines(log, "grep-times", section, false, errors))
    runs.times[l.round][l.kind] = static_cast<double>(l.value) / 1e9;
  for (const RunLine& l : run_lines(log, "grep-hits", section, true, errors))
    runs.hits[RunKey{l.round, l.kind}][l.name] = l.value;
  for (const RunLine& l : run_lines(log, "grep-stats", section, true, errors))
    runs.stats[RunKey{l.round, l.kind}][l.name] = l.value;
  return runs;
}

std::optional<Spread> spread(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  return Spread{median, values.front(), values.back()};
}

std::optional<GrepResult> grep_results(const GrepRuns& runs, const Probes& probes,
                                       std::string_view kver, std::vector<std::string>& errors,
                                       std::vector<std::string>& warnings) {
  if (runs.times.empty()) {
    errors.push_back("grep: no timed runs in the console log");
    return std::nullopt;
  }
  GrepResult g;
  g.workload.insert(runs.info.begin(), runs.info.end());
  g.passes = passes_of(runs.info, errors);
  const auto variant = variant_for(kver, probes);
  if (!variant) {
    throw BenchFatal("the survey has no rules for kernel " + std::string(kver) +
                     " (tools/survey/kernel_rules.cpp)");
  }
  g.variant = *variant;
  const std::string verdict_column = g.variant + "+probesim";
  const std::set<std::string> families = families_of(runs, probes, verdict_column);
  g.expected_patched = expected_patched(families, probes, verdict_column);
  const RoundContext context{probes, g.variant, families, g.expected_patched, errors};

  const Counts64 no_counts;
  const Counts64* reference = nullptr;
  std::vector<double> per_hit_xol, per_hit_sim;
  const std::int64_t first_round = runs.times.begin()->first;
  std::size_t index = 0;
  for (auto it = runs.times.begin(); it != runs.times.end(); ++it, ++index) {
    const auto& [round, t] = *it;
    const std::string r = "grep round " + std::to_string(round);
    std::string missing;
    for (std::string_view kind : kRunKinds)
      if (!t.count(std::string(kind))) missing += (missing.empty() ? "" : ", ") + std::string(kind);
    if (!missing.empty()) {
      errors.push_back(r + ": no time for " + missing);
      continue;
    }
    const Counts64* hx = find_value(runs.hits, {round, "xol"});
    const Counts64* hs = find_value(runs.hits, {round, "sim"});
    if (!hx || hx->empty() || !hs || hs->empty()) {
      errors.push_back(r + ": hits missing");
      continue;
    }
    check_hits(context, round, *hx, *hs, g.mismatched_rounds);
    if (!reference) {
      reference = hs;
      g.breakdown_round = round;
    } else if (!same_counts(*hs, *reference)) {
      warnings.push_back(r + ": hits differ from round " + std::to_string(first_round) +
                         "'s (the workload should be the same)");
    }
    const Counts64* sx = find_value(runs.stats, {round, "xol"});
    const Counts64* ss = find_value(runs.stats, {round, "sim"});
    check_counters(context, round, *hs, sx ? *sx : no_counts, ss ? *ss : no_counts);

    const double none = t.at("none"), xol = t.at("xol"), sim = t.at("sim");
    const double over_x = xol - none, over_s = sim - none;
    if (over_s > 0) {
      g.ratio.push_back(over_x / over_s);
      g.ratio_rounds.push_back(index);
    } else {
      warnings.push_back(r + ": sim not slower than none (" + fixed(sim, 3) + " s vs " +
                         fixed(none, 3) + " s): no ratio");
    }
    if (over_x > 0) {
      g.removed.push_back((xol - sim) / over_x);
      g.removed_rounds.push_back(index);
    }
    if (const std::int64_t total = sum(*hs)) {
      per_hit_xol.push_back(over_x / static_cast<double>(total) * 1e6);
      per_hit_sim.push_back(over_s / static_cast<double>(total) * 1e6);
    }
  }
  if (!reference) {
    errors.push_back("grep: no complete round");
    return std::nullopt;
  }

  g.rounds = static_cast<std::int64_t>(runs.times.size());
  for (std::size_t k = 0; k < kRunKinds.size(); ++k) {
    std::vector<double> present;
    for (const auto& [round, t] : runs.times) {
      const double* seconds = find_value(t, std::string(kRunKinds[k]));
      g.times[k].push_back(seconds ? std::optional<double>(*seconds) : std::nullopt);
      if (seconds) present.push_back(*seconds);
    }
    // A complete round has every kind, so there is a median of each.
    (k == 0 ? g.none : k == 1 ? g.xol : g.sim) = spread(present)->median;
  }
  g.overhead_xol_us = spread(per_hit_xol);
  g.overhead_sim_us = spread(per_hit_sim);

  tally_probes(g, probes, *reference);
  g.hits.total = sum(*reference);
  g.hits.per_pass = g.hits.total / g.passes;
  g.hits.probes = static_cast<std::int64_t>(probes.size());
  for (const auto& [event, n] : *reference) {
    const ProbeRow* row = find_value(probes, event);
    if (row && family_of(cell(*row, verdict_column))) g.hits.simulated += n;
  }
  std::vector<double> saving;
  for (const auto& [round, t] : runs.times) {
    const double *none = find_value(t, "none"), *xol = find_value(t, "xol"),
                 *sim = find_value(t, "sim");
    if (none && xol && sim && g.hits.simulated)
      saving.push_back((*xol - *sim) / static_cast<double>(g.hits.simulated) * 1e6);
  }
  g.saving_us = spread(saving);
  rank_probes(g, probes, *reference);

  const Counts64* sim_stats = find_value(runs.stats, {g.breakdown_round, "sim"});
  g.breakdown = class_breakdown(probes, *reference, sim_stats ? *sim_stats : no_counts,
                                verdict_column, g.classes);
  for (const ClassRow& row : g.breakdown) g.xol_hits += row.xol;
  const std::string* params_xol = find_value(runs.info, "params_xol");
  const std::string* params_sim = find_value(runs.info, "params_sim");
  g.params_xol = params_xol ? *params_xol : "nop=0 stp=0";
  g.params_sim = params_sim ? *params_sim : "nop=1 stp=1";
  return g;
}

}  // namespace probesim::report
