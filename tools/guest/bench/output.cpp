#include "output.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace probesim::bench {
namespace {

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

// text as a JSON string, quotes included.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

// A JSON string, or null for an empty one (not known).
std::string json_string_or_null(const std::string& text) { return text.empty() ? "null" : json_string(text); }

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

void write_system(std::ostream& out, const SystemInfo& system) {
  const CpuId& cpu = system.cpu;
  out << "  \"system\": {\n    \"cpu\": {\"midr_el1\": " << json_string_or_null(cpu.midr_el1)
      << ", \"source\": " << json_string_or_null(cpu.source)
      << ", \"implementer\": " << json_string_or_null(cpu.implementer)
      << ", \"variant\": " << json_string_or_null(cpu.variant) << ", \"part\": " << json_string_or_null(cpu.part)
      << ", \"revision\": " << json_string_or_null(cpu.revision)
      << ", \"model_name\": " << json_string_or_null(cpu.model_name) << "},\n";
  out << "    \"kernel\": {\"release\": " << json_string(system.kernel.release)
      << ", \"version\": " << json_string(system.kernel.version)
      << ", \"machine\": " << json_string(system.kernel.machine) << "},\n";
  out << "    \"platform\": {\"kind\": " << json_string(system.platform.kind) << ", \"evidence\": [";
  const char* sep = "";
  for (const Evidence& e : system.platform.evidence) {
    out << sep << "\n      {\"source\": " << json_string(e.source) << ", \"value\": " << json_string(e.value)
        << ", \"indicates\": \"" << indicates_name(e.indicates) << "\"}";
    sep = ",";
  }
  out << (system.platform.evidence.empty() ? "" : "\n    ") << "]}\n  },\n";
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
  for (const auto& [family, h] : results.family_hits)
    out << family << "_hits: " << h.counted << " of the sim leg's " << h.calls << " calls\n";
  for (const std::string& note : results.notes) out << "note: " << note << "\n";
  out << "cpu: " << cpu_line(results.system.cpu) << "\n";
  out << "platform: " << platform_line(results.system.platform) << "\n";
}

namespace {

std::string count_cell(double value) { return format("%.1f", value, 0, 0); }

std::string per_call_json(const PerCall& c) {
  return format("{\"kernel\": %.2f, \"user\": %.2f, \"cycles\": %.2f}", c.kernel, c.user, c.cycles);
}

// sim/ret in instructions: the control's cost over the mode's.
double count_ratio(const PerCall& sim, const PerCall& ret) {
  return sim.instructions() > 0 ? ret.instructions() / sim.instructions() : 0;
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
  for (const auto& [family, h] : results.family_hits)
    out << family << "_hits: " << h.counted << " of the sim leg's " << h.calls << " calls\n";
  for (const std::string& note : results.notes) out << "note: " << note << "\n";
  out << "cpu: " << cpu_line(results.system.cpu) << "\n";
  out << "platform: " << platform_line(results.system.platform) << "\n";
}

void write_instructions_json(std::ostream& out, const Results& results) {
  out << "{\n  \"kernel\": " << json_string(results.kernel) << ",\n";
  out << "  \"samples\": " << results.samples << ",\n  \"calls\": " << kCountCalls << ",\n";
  out << "  \"base\": " << per_call_json(results.base_count) << ",\n  \"modes\": {";
  const char* sep = "\n";
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    out << sep << "    \"" << mode << "\": {\"xol\": " << per_call_json(r.xol_count)
        << ", \"sim\": " << per_call_json(r.sim_count) << ", \"simulated\": " << (r.simulated ? "true" : "false")
        << ", \"control\": " << json_string(r.control) << "}";
    sep = ",\n";
  }
  out << "\n  },\n";
  if (results.trap.why_not.empty())
    out << "  \"branch_target_trap\": {\"native\": " << per_call_json(results.trap.native_count)
        << ", \"sim\": " << per_call_json(results.trap.sim_count) << "},\n";
  else
    out << "  \"branch_target_trap\": {\"why_not\": " << json_string(results.trap.why_not) << "},\n";
  write_system(out, results.system);
  out << "  \"tool\": " << json_string(results.tool) << "\n}\n";
}

void write_json(std::ostream& out, const Results& results) {
  if (results.instructions) return write_instructions_json(out, results);
  auto ratio = [](const std::vector<double>& v) {
    const Spread s = spread(v);
    return format("{\"median\": %.4f, \"min\": %.4f, \"max\": %.4f}", s.median, s.min, s.max);
  };
  out << "{\n  \"kernel\": " << json_string(results.kernel) << ",\n";
  out << "  \"rounds\": " << results.base.size() << ",\n";
  out << "  \"base\": " << spread(results.base).median << ",\n";
  out << "  \"bti_guarded\": " << (results.bti_guarded ? "true" : "false") << ",\n";
  out << "  \"family_hits\": {";
  const char* hsep = "";
  for (const auto& [family, h] : results.family_hits) {
    out << hsep << "\"" << family << "\": {\"counted\": " << h.counted << ", \"calls\": " << h.calls << "}";
    hsep = ", ";
  }
  out << "},\n  \"notes\": [";
  hsep = "";
  for (const std::string& note : results.notes) {
    out << hsep << json_string(note);
    hsep = ", ";
  }
  out << "],\n  \"aliases\": {";
  hsep = "";
  for (const auto& [old_name, name] : results.aliases) {
    out << hsep << json_string(old_name) << ": " << json_string(name);
    hsep = ", ";
  }
  out << "},\n  \"modes\": {";
  const char* sep = "\n";
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    out << sep << "    \"" << mode << "\": {\"xol\": " << spread(r.xol).median
        << ", \"sim\": " << spread(r.sim).median << ", \"sim_over_xol\": " << ratio(r.sim_over_xol)
        << ", \"sim_over_ret\": " << ratio(r.sim_over_ret)
        << ", \"simulated\": " << (r.simulated ? "true" : "false") << ", \"probe\": " << json_string(r.probe)
        << ", \"target\": " << json_string(r.target) << ", \"path\": " << json_string(r.path)
        << ", \"page\": " << json_string(r.page) << ", \"threads\": " << r.threads
        << ", \"control\": " << json_string_or_null(r.control) << "}";
    sep = ",\n";
  }
  out << "\n  },\n";
  if (results.trap.native.empty())
    out << "  \"branch_target_trap\": {\"why_not\": " << json_string(results.trap.why_not) << "},\n";
  else
    out << "  \"branch_target_trap\": {\"native\": " << spread(results.trap.native).median
        << ", \"sim\": " << spread(results.trap.sim).median
        << ", \"sim_over_native\": " << ratio(results.trap.sim_over_native) << "},\n";
  write_system(out, results.system);
  out << "  \"tool\": " << json_string(results.tool) << "\n}\n";
}

}  // namespace probesim::bench
