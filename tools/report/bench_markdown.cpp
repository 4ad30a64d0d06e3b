#include "bench_markdown.hpp"

#include <charconv>

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
  std::string out;
  const auto line = [&](const std::string& text) { out += text + "\n"; };
  line("### " + grep_title(binary) + ", kernel " + std::string(kver));
  line("");
  line("Debian " + distribution + "'s arm64 grep (" + info(w, "grep") + "), `grep -r -n -e " +
       info(w, "pattern") + "` over " + info(w, "files") + " generated C-like files, " +
       fixed(megabytes(w), 1) + " MB (" + info(w, "matches") + " matching lines), " +
       std::to_string(g.passes) + " passes per timed run; " + std::to_string(g.hits.probes) +
       " uprobes, one on every function entry of grep's `.eh_frame`; " + std::to_string(g.rounds) +
       " interleaved rounds, order rotating. Seconds per run:");
  line("");
  out += rounds_table(g).markdown();
  line("");
  line(hits_sentence(g));
  if (!trigger.empty()) {
    line("");
    line(trigger);
  }
  line("");
  line(
      "Hits by the survey's class of the probed first instruction (`probesim-survey --list`; the "
      "grouping by disassembly is finer):");
  line("");
  out += groups_table(g).markdown();
  line("");
  line("Where the hits of the simulated run went, per survey class (round " +
       std::to_string(g.breakdown_round) +
       "; probesim's share from its `FAMILY_hits` counters, the rest from `uprobe_profile`). "
       "Simulated run: `" +
       std::string(trim(g.params_sim)) + "`; single-stepped run: `" +
       std::string(trim(g.params_xol)) + "`.");
  line("");
  out += breakdown_table(g).markdown();
  line("");
  line("The most hit probes:");
  line("");
  out += top_table(g).markdown();
  line("");
  line(
      "<details><summary>Every probe that was hit (hits per run, from uprobe_profile; the probes "
      "with no hit are in the JSON)</summary>");
  line("");
  out += probes_hit_table(g).markdown();
  line("");
  line("</details>");
  return out;
}

std::string kernel_markdown(const KernelPage& page) {
  std::string table;
  for (std::size_t i = 0; i < page.table.size(); ++i) table += (i ? "\n" : "") + page.table[i];
  std::string out = "## Kernel " + page.kver + "\n\nMeasured with `make bench KVER=" + page.kver +
                    "` under qemu TCG (-cpu max, 2 vCPUs on a 2-core x86_64 host), kernel built "
                    "without lock debugging. Absolute rates and times are emulator figures; only "
                    "ratios carry over.\n\n### Trigger benchmark\n\n```\n" +
                    table + "\n```\n";
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

}  // namespace probesim::report
