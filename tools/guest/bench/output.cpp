#include "output.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

namespace probesim::bench {
namespace {

using Json = nlohmann::ordered_json;

std::string format(const char* fmt, double a, double b, double c) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), fmt, a, b, c);
  return buf;
}

std::string rate_cell(const std::vector<double>& values) {
  const Spread s = spread(values);
  return format("%.1fk (%.1f-%.1f)", s.median / 1e3, s.min / 1e3, s.max / 1e3);
}

std::string ratio_cell(const std::vector<double>& values) {
  const Spread s = spread(values);
  return format("%.2f (%.2f-%.2f)", s.median, s.min, s.max);
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

// A JSON string, or null for an empty one (not known).
Json string_or_null(const std::string& text) { return text.empty() ? Json() : Json(text); }

const char* indicates_name(Evidence::Indicates i) {
  switch (i) {
    case Evidence::Indicates::kVm: return "vm";
    case Evidence::Indicates::kBareMetal: return "bare-metal";
    case Evidence::Indicates::kNothing: break;
  }
  return "nothing";
}

std::string cpu_line(const CpuId& cpu) {
  if (cpu.source.empty()) return "unknown" + (cpu.model_name.empty() ? "" : " (" + cpu.model_name + ")");
  std::string out = cpu.midr_el1.empty() ? "" : "MIDR_EL1 " + cpu.midr_el1 + ", ";
  out += "implementer " + cpu.implementer + " part " + cpu.part + " variant " + cpu.variant + " revision " +
         cpu.revision;
  if (!cpu.model_name.empty()) out += ", " + cpu.model_name;
  return out + " (" + cpu.source + ")";
}

std::string platform_line(const Platform& platform) {
  std::string out = platform.kind;
  std::string why;
  for (const Evidence& e : platform.evidence)
    if (e.indicates != Evidence::Indicates::kNothing) why += (why.empty() ? "" : "; ") + e.source + ": " + e.value;
  return why.empty() ? out : out + " (" + why + ")";
}

Json system_json(const SystemInfo& system) {
  const CpuId& cpu = system.cpu;
  Json evidence = Json::array();
  for (const Evidence& e : system.platform.evidence)
    evidence.push_back({{"source", e.source}, {"value", e.value}, {"indicates", indicates_name(e.indicates)}});
  return {{"cpu",
           {{"midr_el1", string_or_null(cpu.midr_el1)},
            {"source", string_or_null(cpu.source)},
            {"implementer", string_or_null(cpu.implementer)},
            {"variant", string_or_null(cpu.variant)},
            {"part", string_or_null(cpu.part)},
            {"revision", string_or_null(cpu.revision)},
            {"model_name", string_or_null(cpu.model_name)}}},
          {"kernel",
           {{"release", system.kernel.release},
            {"version", system.kernel.version},
            {"machine", system.kernel.machine}}},
          {"platform", {{"kind", system.platform.kind}, {"evidence", std::move(evidence)}}}};
}

// What both printouts end with: probesim's hit counts, the notes, the
// system.
void print_hits_and_system(std::ostream& out, const Results& results) {
  for (const auto& [family, h] : results.family_hits)
    out << family << "_hits: " << h.counted << " of the sim leg's " << h.calls << " calls\n";
  for (const std::string& note : results.notes) out << "note: " << note << "\n";
  out << "cpu: " << cpu_line(results.system.cpu) << "\n";
  out << "platform: " << platform_line(results.system.platform) << "\n";
}

}  // namespace

void print_table(std::ostream& out, const Results& results) {
  std::size_t width = 16;
  for (const std::string& mode : results.order) width = std::max(width, mode.size() + 2);
  out << "kernel " << results.kernel << ": hits/s median (min-max) over "
      << results.base.size() << " interleaved rounds; ratios are per round\n";
  out << pad("mode", width) << pad("xol", 24) << pad("sim", 24) << pad("sim/xol", 20)
      << "sim/ret\n";
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    out << pad(mode, width) << pad(rate_cell(r.xol), 24) << pad(rate_cell(r.sim), 24)
        << pad(ratio_cell(r.sim_over_xol), 20) << ratio_cell(r.sim_over_ret) << "\n";
  }
  out << pad("base", width) << rate_cell(results.base) << " calls/s without a probe\n";
  const TrapResult& trap = results.trap;
  if (trap.native.empty())
    out << "branch-target trap: not measured (" << trap.why_not << ")\n";
  else
    out << "branch-target trap (and called by blr on a guarded page, SIGILL and its handler): native "
        << rate_cell(trap.native) << ", simulated " << rate_cell(trap.sim) << " calls/s, sim/native "
        << ratio_cell(trap.sim_over_native) << "\n";
  out << "-guarded modes on a guarded (PROT_BTI) page: " << (results.bti_guarded ? "yes" : "no") << "\n";
  print_hits_and_system(out, results);
}

namespace {

std::string count_cell(double value) { return format("%.1f", value, 0, 0); }

// x as printf's fmt writes it, read back: the figures keep the precision
// the JSON has always had.
double rounded(const char* fmt, double x) { return std::strtod(format(fmt, x, 0, 0).c_str(), nullptr); }

double rate(const std::vector<double>& values) { return rounded("%.6g", spread(values).median); }

Json ratio_json(const std::vector<double>& values) {
  const Spread s = spread(values);
  return {{"median", rounded("%.4f", s.median)}, {"min", rounded("%.4f", s.min)}, {"max", rounded("%.4f", s.max)}};
}

Json per_call_json(const PerCall& c) {
  return {{"kernel", rounded("%.2f", c.kernel)},
          {"user", rounded("%.2f", c.user)},
          {"cycles", rounded("%.2f", c.cycles)}};
}

// The JSON's last members, after the figures, and the JSON written.
void write_with_system(std::ostream& out, Json json, const Results& results) {
  json["system"] = system_json(results.system);
  json["tool"] = results.tool;
  // What the system reports is not always UTF-8: U+FFFD for what is not.
  out << json.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

// sim/ret in instructions: the control's cost over the mode's.
double count_ratio(const PerCall& sim, const PerCall& ret) {
  return sim.instructions() > 0 ? ret.instructions() / sim.instructions() : 0;
}

// With --instructions, what write_json writes: the counts per call.
void write_instructions_json(std::ostream& out, const Results& results) {
  Json json = {{"kernel", results.kernel},
               {"samples", results.samples},
               {"calls", kCountCalls},
               {"base", per_call_json(results.base_count)},
               {"modes", Json::object()}};
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    json["modes"][mode] = {{"xol", per_call_json(r.xol_count)},
                           {"sim", per_call_json(r.sim_count)},
                           {"simulated", r.simulated},
                           {"control", r.control}};
  }
  const TrapResult& trap = results.trap;
  if (trap.why_not.empty())
    json["branch_target_trap"] = {{"native", per_call_json(trap.native_count)}, {"sim", per_call_json(trap.sim_count)}};
  else
    json["branch_target_trap"] = {{"why_not", trap.why_not}};
  write_with_system(out, std::move(json), results);
}

}  // namespace

void print_instructions(std::ostream& out, const Results& results) {
  out << "kernel " << results.kernel << ": instructions per call, the least of " << results.samples
      << " samples of " << kCountCalls << " calls; kernel: retired at EL1; ret: the kernel's own simulated ret on the same page; sim/ret: in all "
         "instructions\n";
  out << "| mode | xol kernel | sim kernel | ret kernel | sim - ret | sim/ret | sim user | sim cycles |\n"
      << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    const PerCall& ret = results.modes.at(r.control).sim_count;
    char delta[32];
    std::snprintf(delta, sizeof(delta), "%+.1f", r.sim_count.kernel - ret.kernel);
    out << "| " << mode << " | " << count_cell(r.xol_count.kernel) << " | " << count_cell(r.sim_count.kernel)
        << " | " << count_cell(ret.kernel) << " | " << delta << " | "
        << format("%.3f", count_ratio(r.sim_count, ret), 0, 0) << " | " << count_cell(r.sim_count.user) << " | "
        << count_cell(r.sim_count.cycles) << " |\n";
  }
  out << "base: a call without a probe: kernel " << count_cell(results.base_count.kernel) << ", user "
      << count_cell(results.base_count.user) << "\n";
  const TrapResult& trap = results.trap;
  if (!trap.why_not.empty())
    out << "branch-target trap: not counted (" << trap.why_not << ")\n";
  else
    out << "branch-target trap (and called by blr on a guarded page, SIGILL and its handler): kernel native "
        << count_cell(trap.native_count.kernel) << ", simulated " << count_cell(trap.sim_count.kernel)
        << ", sim - native " << format("%+.1f", trap.sim_count.kernel - trap.native_count.kernel, 0, 0) << "\n";
  print_hits_and_system(out, results);
}

void write_json(std::ostream& out, const Results& results) {
  if (results.instructions) return write_instructions_json(out, results);
  Json json = {{"kernel", results.kernel},
               {"rounds", results.base.size()},
               {"base", rate(results.base)},
               {"bti_guarded", results.bti_guarded},
               {"family_hits", Json::object()},
               {"notes", results.notes},
               {"aliases", Json::object()},  // no mode has had another name since
               {"modes", Json::object()}};
  for (const auto& [family, h] : results.family_hits)
    json["family_hits"][family] = {{"counted", h.counted}, {"calls", h.calls}};
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    json["modes"][mode] = {{"xol", rate(r.xol)},
                           {"sim", rate(r.sim)},
                           {"sim_over_xol", ratio_json(r.sim_over_xol)},
                           {"sim_over_ret", ratio_json(r.sim_over_ret)},
                           {"simulated", r.simulated},
                           {"probe", r.probe},
                           {"target", r.target},
                           {"path", r.path},
                           {"page", r.page},
                           {"threads", r.threads},
                           {"control", string_or_null(r.control)}};
  }
  const TrapResult& trap = results.trap;
  if (trap.native.empty())
    json["branch_target_trap"] = {{"why_not", trap.why_not}};
  else
    json["branch_target_trap"] = {{"native", rate(trap.native)},
                                  {"sim", rate(trap.sim)},
                                  {"sim_over_native", ratio_json(trap.sim_over_native)}};
  write_with_system(out, std::move(json), results);
}

}  // namespace probesim::bench
