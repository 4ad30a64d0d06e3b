// probesim-bench: trigger benchmark for uprobes on nop, stp push, and
// (immediate), bti c and ret, out of line (XOL) against simulated,
// interleaved round by round so that drift under emulation hits both legs
// alike.
//
//   probesim-bench [--rounds N] [--duration-ms MS] [--modes LIST] [--json FILE]
//   probesim-bench --help | --version
//
// Modes: uprobe-{nop,push,and,bti,bti-j,ret} and the same for uretprobe.
// "ret" is simulated by the kernel itself in both legs: its sim/xol is the
// control ratio, and sim/ret compares a simulated probe with the cheapest
// probe there is. The bti target sits on a PROT_BTI (guarded) page and is
// called through a register (blr), so its landing pad is checked. A target
// whose module parameter probesim lacks is single-stepped in both legs.
// bti-j is a bti j called through a register on an unguarded page: the
// branch-target check has to look the page up, and lets it run. The module
// parameters it changes are put back as they were (saved_params.hpp).
#include <algorithm>
#include <cstdio>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "measure.hpp"
#include "module_params.hpp"
#include "options.hpp"
#include "output.hpp"
#include "perf_uprobe.hpp"
#include "saved_params.hpp"
#include "system_info.hpp"
#include "targets.hpp"

namespace probesim::bench {
namespace {

struct Mode {
  std::string name;  // "uprobe-nop"
  bool retprobe;
  Target target;
};

std::vector<Mode> all_modes() {
  std::vector<Mode> modes;
  for (bool ret : {false, true})
    for (const TargetInfo& t : all_targets())
      modes.push_back({std::string(ret ? "uretprobe-" : "uprobe-") + std::string(t.name), ret, t.target});
  return modes;
}

std::vector<std::string> mode_names() {
  std::vector<std::string> names;
  for (const Mode& m : all_modes()) names.push_back(m.name);
  return names;
}

// From 6.13 the kernel simulates every probed NOP itself, whatever the
// leg: NOP modes then have no XOL leg, and probesim leaves their probes
// alone (nop_patched stays 0).
bool kernel_simulates_nop(const std::string& release) {
  int major = 0, minor = 0;
  if (std::sscanf(release.c_str(), "%d.%d", &major, &minor) != 2) return false;
  return major > 6 || (major == 6 && minor >= 13);
}

// The probes of one leg: a file with all targets, one probe on each.
struct Leg {
  TargetFile uprobes, uretprobes;
  std::vector<PerfUprobe> probes;  // uprobes then uretprobes, in target order

  explicit Leg(const std::string& name)
      : uprobes("/tmp/probesim-bench-" + name + "-uprobe"),
        uretprobes("/tmp/probesim-bench-" + name + "-uretprobe") {
    for (bool ret : {false, true}) {
      const TargetFile& file = ret ? uretprobes : uprobes;
      for (const TargetInfo& t : all_targets()) probes.emplace_back(file.path(), file.offset(t.target), ret);
    }
  }
  const TargetFile& file(const Mode& m) const { return m.retprobe ? uretprobes : uprobes; }
  const PerfUprobe& probe(const Mode& m) const {
    return probes[(m.retprobe ? all_targets().size() : 0) + static_cast<std::size_t>(m.target)];
  }
};

long stat_or_zero(const std::string& name) { return probesim_stat(name).value_or(0); }

// The module parameters that switch the targets' families, each once.
std::vector<std::string> family_params() {
  std::vector<std::string> params;
  for (const TargetInfo& t : all_targets())
    if (!t.param.empty() && std::find(params.begin(), params.end(), t.param) == params.end())
      params.emplace_back(t.param);
  return params;
}

void set_params(const std::vector<std::string>& params, bool on) {
  for (const std::string& p : params) change_param(p, on);
}

int run(const Options& options) {
  std::vector<Mode> modes;
  for (const Mode& m : all_modes())
    if (options.modes.empty() || std::find(options.modes.begin(), options.modes.end(), m.name) != options.modes.end())
      modes.push_back(m);

  const bool loaded = probesim_loaded();
  if (!loaded) std::cerr << "warning: probesim is not loaded: the sim leg is single-stepped too\n";
  // Only the parameters this module has: a family it does not know is
  // single-stepped in both legs, and said so.
  std::vector<std::string> params;
  if (loaded)
    for (const std::string& p : family_params())
      if (probesim_has_param(p)) params.push_back(p);
  const SystemInfo system = read_system_info();
  const bool kernel_nop = kernel_simulates_nop(system.kernel.release);
  auto kernel_simulated = [&](const TargetInfo& t) { return kernel_nop && t.family == "nop"; };
  auto simulated = [&](const TargetInfo& t) {
    return !t.param.empty() && !kernel_simulated(t) &&
           std::find(params.begin(), params.end(), t.param) != params.end();
  };

  // Probes are analysed when attached: XOL first with simulation off, then
  // the simulated leg with it on. Each target has a probe and a retprobe,
  // and each patches one uprobe at its entry.
  TargetFile base("/tmp/probesim-bench-base");
  set_params(params, false);
  Leg xol("xol");
  std::map<std::string, long> patched_before, hits_before, probes_of;
  for (const TargetInfo& t : all_targets()) {
    if (!simulated(t)) continue;
    const std::string f(t.family);
    patched_before[f] = stat_or_zero(f + "_patched");
    probes_of[f] += 2;  // a probe and a retprobe per target
  }
  set_params(params, true);
  Leg sim("sim");
  for (const auto& [family, before] : patched_before) {
    const long delta = stat_or_zero(family + "_patched") - before;
    if (delta != probes_of[family]) {
      std::cerr << "error: probesim patched " << delta << " of the simulated leg's " << probes_of[family] << " "
                << family << " probes (MTE system, or analysis missed?)\n";
      return 1;
    }
    hits_before[family] = stat_or_zero(family + "_hits");
  }

  Results results;
  results.tool = version_line().substr(0, version_line().size() - 1);
  results.kernel = system.kernel.release;
  results.system = system;
  results.bti_guarded = sim.uprobes.guarded();
  for (const Mode& m : modes) {
    results.order.push_back(m.name);
    const TargetInfo& t = target_info(m.target);
    results.modes[m.name].simulated = simulated(t);
    if (kernel_simulated(t))
      results.notes.push_back(m.name + ": the kernel simulates NOP itself (6.13 on): xol and sim are both its simulation");
    else if (!t.param.empty() && !simulated(t))
      results.notes.push_back(m.name + ": probesim has no '" + std::string(t.param) +
                              "' parameter: sim is single-stepped like xol");
  }
  std::vector<std::uint64_t> xol_calls(modes.size()), sim_calls(modes.size());

  for (int round = 1; round <= options.rounds; ++round) {
    std::cerr << "round " << round << "/" << options.rounds << "\n";
    results.base.push_back(measure(base.function(Target::Nop), options.duration).per_second);
    std::map<std::string, double> sim_rate;
    for (std::size_t i = 0; i < modes.size(); ++i) {
      const Mode& m = modes[i];
      const Rate x = measure(xol.file(m).function(m.target), options.duration);
      const Rate s = measure(sim.file(m).function(m.target), options.duration);
      xol_calls[i] += x.calls;
      sim_calls[i] += s.calls;
      ModeResult& r = results.modes[m.name];
      r.xol.push_back(x.per_second);
      r.sim.push_back(s.per_second);
      r.sim_over_xol.push_back(s.per_second / x.per_second);
      sim_rate[m.name] = s.per_second;
    }
    for (const Mode& m : modes) {
      const std::string ret = m.retprobe ? "uretprobe-ret" : "uprobe-ret";
      if (sim_rate.count(ret)) results.modes[m.name].sim_over_ret.push_back(sim_rate[m.name] / sim_rate[ret]);
    }
  }

  // Every call must have been seen by its probe exactly once.
  int status = 0;
  for (std::size_t i = 0; i < modes.size(); ++i) {
    const std::uint64_t x = xol.probe(modes[i]).hits(), s = sim.probe(modes[i]).hits();
    if (x != xol_calls[i] || s != sim_calls[i]) {
      std::cerr << "error: " << modes[i].name << ": probe hits xol " << x << "/" << xol_calls[i] << ", sim " << s
                << "/" << sim_calls[i] << " calls\n";
      status = 1;
    }
  }
  // probesim's own count of simulated hits per family: every call of a
  // simulated target in the sim leg, probe and retprobe alike (a retprobe
  // also breaks at the entry).
  for (const auto& [family, before] : hits_before) {
    std::uint64_t calls = 0;
    for (std::size_t i = 0; i < modes.size(); ++i)
      if (target_info(modes[i].target).family == family) calls += sim_calls[i];
    const long counted = stat_or_zero(family + "_hits") - before;
    results.family_hits[family] = {static_cast<std::uint64_t>(counted), calls};
    if (static_cast<std::uint64_t>(counted) != calls) {
      std::cerr << "error: " << family << "_hits +" << counted << ", but the sim leg made " << calls
                << " calls of " << family << " targets\n";
      status = 1;
    }
  }

  print_table(std::cout, results);
  if (!options.json.empty()) {
    std::ofstream out(options.json);
    write_json(out, results);
    if (!out.flush()) throw std::runtime_error("cannot write " + options.json);
  }
  return status;
}

}  // namespace
}  // namespace probesim::bench

int main(int argc, char** argv) {
  using namespace probesim::bench;
  const std::vector<std::string> modes = mode_names();
  Options options;
  try {
    options = parse_options(std::vector<std::string>(argv + 1, argv + argc), modes);
  } catch (const UsageError& e) {
    std::cerr << "probesim-bench: " << e.what() << "\n"
              << "Try 'probesim-bench --help' for the options.\n";
    return 2;
  }
  if (options.help) {
    std::cout << usage(modes);
    return 0;
  }
  if (options.version) {
    std::cout << version_line();
    return 0;
  }
  int status = 1;
  try {
    restore_params_on_signals();
    status = run(options);
  } catch (const std::exception& e) {
    std::cerr << "probesim-bench: " << e.what() << "\n";
    status = 1;
  }
  // After an error as after a run: the module is left as it was found.
  if (!restore_params()) status = 1;
  return status;
}
