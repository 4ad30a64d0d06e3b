#include "bench_grep_json.hpp"

namespace probesim::report {

namespace {

constexpr std::string_view kGrepKey = "grep";

Json spread_json(const std::optional<Spread>& s) {
  if (!s) return Json();
  Json::Object o;
  o.set("median", s->median);
  o.set("min", s->min);
  o.set("max", s->max);
  return o;
}

Json floats(const std::vector<double>& values) { return Json::Array(values.begin(), values.end()); }

// The per-round figures with their definition and spread.
Json per_round(const char* definition, const std::vector<double>& rounds) {
  Json::Object o;
  o.set("definition", definition);
  if (const Json s = spread_json(spread(rounds)); const Json::Object* members = s.object())
    for (const auto& [key, value] : *members) o.set(key, value);
  o.set("rounds", floats(rounds));
  return o;
}

void set_tally(Json::Object& o, const Tally& t) {
  o.set("probes", t.probes);
  o.set("probes_hit", t.probes_hit);
  o.set("hits", t.hits);
}

Json probe_list(const std::vector<ProbeHits>& probes) {
  Json::Array out;
  for (const ProbeHits& p : probes) {
    Json::Object o;
    o.set("offset", p.offset);
    o.set("hits", p.hits);
    o.set("insn", p.insn);
    o.set("class", p.survey_class);
    o.set("verdict", p.verdict);
    out.emplace_back(std::move(o));
  }
  return out;
}

Json counts(const OrderedMap<std::int64_t>& map) {
  Json::Object o;
  for (const auto& [key, n] : map) o.set(key, n);
  return o;
}

Json breakdown_json(const GrepResult& g) {
  Json::Array classes;
  for (const ClassRow& row : g.breakdown) {
    Json::Object o;
    o.set("cls", row.survey_class);
    o.set("families", Json::Array(row.families.begin(), row.families.end()));
    o.set("probesim_sim", row.probesim_sim);
    o.set("xol", row.xol);
    o.set("percent", row.tally.percent);
    set_tally(o, row.tally);
    o.set("kernel_sim", row.kernel_sim);
    classes.emplace_back(std::move(o));
  }
  Json::Object o;
  o.set("definition",
        "hits of the simulated run per survey class: simulated by probesim (its FAMILY_hits "
        "counters), by the kernel, or single-stepped");
  o.set("round", g.breakdown_round);
  o.set("xol_hits", g.xol_hits);
  o.set("classes", std::move(classes));
  return o;
}

}  // namespace

Json grep_json(const GrepResult& g) {
  Json::Object o;
  Json::Object workload;
  for (const auto& [key, value] : g.workload) workload.set(key, value);
  o.set("workload", std::move(workload));
  o.set("rounds", g.rounds);
  o.set("passes", g.passes);
  o.set("none", g.none);
  o.set("xol", g.xol);
  o.set("sim", g.sim);
  Json::Object times;
  for (std::size_t k = 0; k < kRunKinds.size(); ++k) {
    Json::Array list;
    for (const auto& t : g.times[k]) {
      if (t) {
        list.emplace_back(*t);
      } else {
        list.emplace_back();  // a round without this run
      }
    }
    times.set(std::string(kRunKinds[k]), std::move(list));
  }
  o.set("times", std::move(times));
  o.set("ratio", per_round("(xol - none) / (sim - none)", g.ratio));
  o.set("removed_share", per_round("(xol - sim) / (xol - none)", g.removed));
  Json::Object overhead;
  overhead.set("xol", spread_json(g.overhead_xol_us));
  overhead.set("sim", spread_json(g.overhead_sim_us));
  o.set("overhead_per_hit_us", std::move(overhead));
  o.set("saving_per_simulated_hit_us", spread_json(g.saving_us));
  Json::Object hits;
  hits.set("total", g.hits.total);
  hits.set("per_pass", g.hits.per_pass);
  hits.set("probes", g.hits.probes);
  hits.set("probes_hit", g.hits.probes_hit);
  hits.set("simulated", g.hits.simulated);
  hits.set("per_probe", counts(g.hits.per_probe));
  o.set("hits", std::move(hits));
  o.set("top", probe_list(g.top));
  o.set("probes_hit", probe_list(g.probes_hit));
  Json::Object classes;
  for (const auto& [cls, tally] : g.classes) {
    Json::Object c;
    set_tally(c, tally);
    c.set("percent", tally.percent);
    classes.set(cls, std::move(c));
  }
  o.set("classes", std::move(classes));
  o.set("breakdown", breakdown_json(g));
  Json::Object params;
  params.set("xol", g.params_xol);
  params.set("sim", g.params_sim);
  o.set("params", std::move(params));
  Json::Array groups;
  for (const GroupRow& row : g.groups) {
    Json::Object e;
    e.set("group", row.group);
    e.set("survey_class", row.survey_class);
    e.set("stock", row.stock);
    e.set("probesim", row.probesim);
    set_tally(e, row.tally);
    e.set("percent", row.tally.percent);
    groups.emplace_back(std::move(e));
  }
  o.set("groups", std::move(groups));
  o.set("hits_equal_xol_sim", g.mismatched_rounds.empty());
  o.set("mismatched_rounds", Json::Array(g.mismatched_rounds.begin(), g.mismatched_rounds.end()));
  o.set("expected_patched", counts(g.expected_patched));
  o.set("variant", g.variant);
  return o;
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

}  // namespace probesim::report
