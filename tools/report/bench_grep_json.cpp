#include "bench_grep_json.hpp"

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

void set_tally(Json& o, const Tally& t) {
  o["probes"] = t.probes;
  o["probes_hit"] = t.probes_hit;
  o["hits"] = t.hits;
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
    Json o = {{"cls", row.survey_class},
              {"families", row.families},
              {"probesim_sim", row.probesim_sim},
              {"xol", row.xol},
              {"percent", row.tally.percent}};
    set_tally(o, row.tally);
    o["kernel_sim"] = row.kernel_sim;
    classes.push_back(std::move(o));
  }
  return {{"definition",
           "hits of the simulated run per survey class: simulated by probesim (its FAMILY_hits "
           "counters), by the kernel, or single-stepped"},
          {"round", g.breakdown_round},
          {"xol_hits", g.xol_hits},
          {"classes", std::move(classes)}};
}

}  // namespace

Json grep_json(const GrepResult& g) {
  Json o = {{"workload", g.workload}};
  o["rounds"] = g.rounds;
  o["passes"] = g.passes;
  o["none"] = g.none;
  o["xol"] = g.xol;
  o["sim"] = g.sim;
  Json& times = o["times"] = Json::object();
  for (std::size_t k = 0; k < kRunKinds.size(); ++k) {
    Json& list = times[std::string(kRunKinds[k])] = Json::array();
    // null for a round without this run
    for (const auto& t : g.times[k]) list.push_back(t ? Json(*t) : Json());
  }
  o["ratio"] = per_round("(xol - none) / (sim - none)", g.ratio);
  o["removed_share"] = per_round("(xol - sim) / (xol - none)", g.removed);
  o["overhead_per_hit_us"] = {{"xol", spread_json(g.overhead_xol_us)},
                              {"sim", spread_json(g.overhead_sim_us)}};
  o["saving_per_simulated_hit_us"] = spread_json(g.saving_us);
  o["hits"] = {{"total", g.hits.total},
               {"per_pass", g.hits.per_pass},
               {"probes", g.hits.probes},
               {"probes_hit", g.hits.probes_hit},
               {"simulated", g.hits.simulated},
               {"per_probe", g.hits.per_probe}};
  o["top"] = probe_list(g.top);
  o["probes_hit"] = probe_list(g.probes_hit);
  Json& classes = o["classes"] = Json::object();
  for (const auto& [cls, tally] : g.classes) {
    Json& c = classes[cls] = Json::object();
    set_tally(c, tally);
    c["percent"] = tally.percent;
  }
  o["breakdown"] = breakdown_json(g);
  o["params"] = {{"xol", g.params_xol}, {"sim", g.params_sim}};
  Json& groups = o["groups"] = Json::array();
  for (const GroupRow& row : g.groups) {
    Json e = {{"group", row.group},
              {"survey_class", row.survey_class},
              {"stock", row.stock},
              {"probesim", row.probesim}};
    set_tally(e, row.tally);
    e["percent"] = row.tally.percent;
    groups.push_back(std::move(e));
  }
  o["hits_equal_xol_sim"] = g.mismatched_rounds.empty();
  o["mismatched_rounds"] = g.mismatched_rounds;
  o["expected_patched"] = g.expected_patched;
  o["variant"] = g.variant;
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
