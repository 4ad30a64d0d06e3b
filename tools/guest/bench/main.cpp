// probesim-bench: trigger benchmark for uprobes on nop, stp push, and
// (immediate), bti c, bti j and ret, out of line (XOL) against simulated,
// interleaved round by round so that drift under emulation hits both legs
// alike.
//
//   probesim-bench [--rounds N] [--duration-ms MS] [--modes LIST] [--json FILE]
//   probesim-bench --self-test | --help | --version
//
// Modes: {uprobe,uretprobe}-TARGET-PATH[-guarded]. The path is how the
// target is called, and sets the BTYPE a CPU with FEAT_BTI checks: bl from
// a stub (00), blr through a pointer (10), br x16 from a PLT-like stub
// (01). probesim's branch-target check does more only when the probed
// instruction does not accept the BTYPE and it has to find out whether the
// page is guarded, so a hit costs what its path and page make it cost.
// -guarded targets sit on a PROT_BTI page, where only the legal calls are
// made. "ret" is simulated by the kernel itself in both legs: its sim/xol
// is the control ratio, and sim/ret compares a simulated probe with the
// cheapest probe there is, reached the same way. uprobe-push-blr-threads
// hits one probe from every CPU while the address space changes under it.
// The branch-target trap line: the and target called by blr on a guarded
// page is no landing pad, so each call takes SIGILL, from the CPU
// natively and from probesim's check when simulated; sim/native compares
// the two, signal delivery and return included.
// A target whose module parameter probesim lacks is single-stepped in both
// legs. The module parameters it changes are put back as they were
// (saved_params.hpp).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "instructions.hpp"
#include "measure.hpp"
#include "module_params.hpp"
#include "options.hpp"
#include "output.hpp"
#include "perf_uprobe.hpp"
#include "saved_params.hpp"
#include "system_info.hpp"
#include "targets.hpp"
#include "trap.hpp"

namespace probesim::bench {
namespace {

// A copy of a target in each target file; the threaded modes have copies
// of their own, so that every probe counts one mode's calls.
struct BenchSite {
  Site site;
  bool threads;
};

const std::vector<BenchSite>& bench_sites() {
  static const std::vector<BenchSite> sites = [] {
    std::vector<BenchSite> out;
    for (const TargetInfo& t : all_targets())
      for (bool guarded : {false, true})
        for (CallPath path : {CallPath::Bl, CallPath::Blr, CallPath::Plt})
          if (reachable(t.target, path, guarded)) out.push_back({{t.target, path, guarded}, false});
    for (Target t : {Target::Push, Target::Ret}) out.push_back({{t, CallPath::Blr, false}, true});
    return out;
  }();
  return sites;
}

// The unguarded, unthreaded site of target called by path.
std::size_t site_index(Target target, CallPath path) {
  for (std::size_t i = 0; i < bench_sites().size(); ++i) {
    const BenchSite& s = bench_sites()[i];
    if (s.site.target == target && s.site.path == path && !s.site.guarded && !s.threads) return i;
  }
  throw std::logic_error("no such site");
}

std::vector<Site> file_sites() {
  std::vector<Site> sites;
  for (const BenchSite& s : bench_sites()) sites.push_back(s.site);
  return sites;
}

// "push-blr-guarded", "ret-blr-threads"
std::string site_name(const BenchSite& s) {
  return std::string(target_info(s.site.target).name) + "-" + std::string(path_name(s.site.path)) +
         (s.site.guarded ? "-guarded" : "") + (s.threads ? "-threads" : "");
}

std::string mode_name(bool retprobe, const BenchSite& s) {
  return (retprobe ? "uretprobe-" : "uprobe-") + site_name(s);
}

struct Mode {
  std::string name;     // "uprobe-nop-blr"
  bool retprobe;
  std::size_t site;     // in bench_sites()
  std::size_t index;    // in all_modes()
  std::string control;  // the ret mode reached the same way
  std::string count_control;  // counted: the ret on the same page
  const BenchSite& where() const { return bench_sites()[site]; }
  Target target() const { return where().site.target; }
};

// The ret reached the same way: on the same page where ret can be called
// so there, else on the unguarded one (the kernel's ret simulation does
// not look at the page).
std::string control_of(bool retprobe, const BenchSite& s) {
  const bool guarded = s.site.guarded && reachable(Target::Ret, s.site.path, true);
  return mode_name(retprobe, {{Target::Ret, s.site.path, guarded}, s.threads});
}

// Counted, the ret on the same page, reached the same way where it can
// be, else by bl: what the kernel spends on a hit of ret depends on the
// mapping it lies in (the lookups of the VMA and the uprobe) and not on
// how it was reached, so that the kernel instructions compare exactly.
std::string count_control_of(bool retprobe, const BenchSite& s) {
  const bool same_way = reachable(Target::Ret, s.site.path, s.site.guarded);
  return mode_name(retprobe, {{Target::Ret, same_way ? s.site.path : CallPath::Bl, s.site.guarded}, s.threads});
}

const std::vector<Mode>& all_modes() {
  static const std::vector<Mode> modes = [] {
    std::vector<Mode> out;
    auto add = [&](bool ret, std::size_t i) {
      const BenchSite& s = bench_sites()[i];
      out.push_back({mode_name(ret, s), ret, i, out.size(), control_of(ret, s), count_control_of(ret, s)});
    };
    for (bool ret : {false, true})
      for (std::size_t i = 0; i < bench_sites().size(); ++i)
        if (!bench_sites()[i].threads) add(ret, i);
    // A uretprobe adds nothing the threads would show.
    for (std::size_t i = 0; i < bench_sites().size(); ++i)
      if (bench_sites()[i].threads) add(false, i);
    return out;
  }();
  return modes;
}

std::vector<std::string> mode_names() {
  std::vector<std::string> names;
  for (const Mode& m : all_modes()) names.push_back(m.name);
  return names;
}

unsigned online_cpus() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? static_cast<unsigned>(n) : 1;
}

// The branch-target trap's one site: the and target, which is no landing
// pad, called through a pointer (BTYPE 10) on the guarded page.
std::vector<Site> trap_sites() { return {{Target::And, CallPath::Blr, true}}; }

// Calls the trap site of file for duration with its SIGILLs caught, and
// adds the SIGILLs to traps: one per call, natively as simulated.
Rate measure_trap(const TargetFile& file, std::chrono::milliseconds duration, std::uint64_t& traps) {
  TrapCatcher catcher(reinterpret_cast<const void*>(file.entry(0)));
  const std::uint64_t before = TrapCatcher::caught();
  const Rate rate = measure(file.entry(0), duration);
  traps += TrapCatcher::caught() - before;
  return rate;
}

// measure_trap() with the PMU: what a trapping call costs.
PerCall count_trap(const InstructionCounter& counter, const TargetFile& file, int samples, std::uint64_t& calls,
                   std::uint64_t& traps) {
  TrapCatcher catcher(reinterpret_cast<const void*>(file.entry(0)));
  const std::uint64_t before = TrapCatcher::caught();
  const PerCall cost = count_calls(counter, file.entry(0), kCountCalls, samples, calls);
  traps += TrapCatcher::caught() - before;
  return cost;
}

Rate measure_mode(const TargetFile& file, const Mode& m, std::chrono::milliseconds duration) {
  const TargetFile::Fn fn = file.entry(m.site);
  return m.where().threads ? measure_threads(fn, duration, online_cpus()) : measure(fn, duration);
}

// From 6.13 the kernel simulates every probed NOP itself, whatever the
// leg: NOP modes then have no XOL leg, and probesim leaves their probes
// alone (nop_patched stays 0).
bool kernel_simulates_nop(const std::string& release) {
  int major = 0, minor = 0;
  if (std::sscanf(release.c_str(), "%d.%d", &major, &minor) != 2) return false;
  return major > 6 || (major == 6 && minor >= 13);
}

// The probes of one leg: a file with every site for the uprobes, one for
// the uretprobes, and one probe for each mode: all of them from the start
// (with_probes), or one at a time (attach()).
struct Leg {
  TargetFile uprobes, uretprobes;
  std::vector<PerfUprobe> probes;  // in the order of all_modes()

  Leg(const std::string& name, bool with_probes)
      : uprobes("/tmp/probesim-bench-" + name + "-uprobe", file_sites()),
        uretprobes("/tmp/probesim-bench-" + name + "-uretprobe", file_sites()) {
    if (!with_probes) return;
    probes.reserve(all_modes().size());
    for (const Mode& m : all_modes()) probes.push_back(attach(m));
  }
  const TargetFile& file(const Mode& m) const { return m.retprobe ? uretprobes : uprobes; }
  const PerfUprobe& probe(const Mode& m) const { return probes[m.index]; }
  PerfUprobe attach(const Mode& m) const {
    return PerfUprobe(file(m).path(), file(m).offset(m.site), m.retprobe, m.where().threads);
  }
};

// Calls every site of a target file through its path and checks what
// comes back: no probes, no module, no root; under qemu-aarch64 too.
int self_test() {
  TargetFile file("/tmp/probesim-bench-self-test-" + std::to_string(getpid()), file_sites());
  // qemu-user enforces PROT_BTI but its smaps has no "bt": only a "yes" says much.
  std::cout << "guarded page per smaps: " << (file.guarded() ? "yes" : "no") << "\n";
  int failed = 0;
  constexpr std::uint64_t kValue = 0x0123456789abcdef;
  for (std::size_t i = 0; i < bench_sites().size(); ++i) {
    const BenchSite& s = bench_sites()[i];
    const std::uint64_t want = s.site.target == Target::And ? kValue & 0xff : kValue;
    const std::uint64_t got = file.value_entry(i)(kValue);
    // The timing loop calls it as the benchmark does, from every CPU for
    // a threaded site, the address space changing meanwhile.
    const Rate r = s.threads ? measure_threads(file.entry(i), std::chrono::milliseconds(20), online_cpus())
                             : measure(file.entry(i), std::chrono::milliseconds(1));
    const bool ok = got == want && r.calls > 0;
    failed += !ok;
    std::printf("%s %s: x0 0x%016llx, %llu calls\n", ok ? "ok" : "not ok", site_name(s).c_str(),
                static_cast<unsigned long long>(got), static_cast<unsigned long long>(r.calls));
  }
  std::printf("%d of %zu sites failed\n", failed, bench_sites().size());
  // The trap site must trap on every call, and come back.
  TargetFile trap("/tmp/probesim-bench-self-test-trap-" + std::to_string(getpid()), trap_sites());
  if (trap.guarded()) {
    std::uint64_t traps = 0;
    const Rate r = measure_trap(trap, std::chrono::milliseconds(1), traps);
    const bool ok = r.calls > 0 && traps == r.calls;
    failed += !ok;
    std::printf("%s trap: %llu SIGILLs for %llu calls\n", ok ? "ok" : "not ok",
                static_cast<unsigned long long>(traps), static_cast<unsigned long long>(r.calls));
  } else {
    std::printf("trap: no guarded page, not tried\n");
  }
  return failed ? 1 : 0;
}

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
  // The modes asked for and their controls, in the order of all_modes().
  auto asked = [&](const std::string& name) {
    return std::find(options.modes.begin(), options.modes.end(), name) != options.modes.end();
  };
  std::vector<std::string> wanted;
  for (const Mode& m : all_modes())
    if (options.modes.empty() || asked(m.name)) {
      wanted.push_back(m.name);
      wanted.push_back(options.instructions ? m.count_control : m.control);
    }
  // A counter counts its own thread: the threaded modes are timed only.
  std::vector<Mode> modes;
  for (const Mode& m : all_modes())
    if (std::find(wanted.begin(), wanted.end(), m.name) != wanted.end() &&
        !(options.instructions && m.where().threads))
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
  // the simulated leg with it on. Every mode has a probe of its own, each
  // patching one uprobe at its site's entry.
  TargetFile base("/tmp/probesim-bench-base", file_sites());
  // As before the call path was a mode's: nop called through a pointer.
  const std::size_t base_site = site_index(Target::Nop, CallPath::Blr);

  // The branch-target trap, where there is one to measure: a guarded
  // page, and an and that probesim simulates (XOL would step it from the
  // unguarded XOL area, where it does not trap).
  TargetFile trap_native("/tmp/probesim-bench-trap-native", trap_sites());
  TargetFile trap_sim("/tmp/probesim-bench-trap-sim", trap_sites());
  const TargetInfo& trap_target = target_info(Target::And);
  std::string trap_why_not;
  if (!trap_native.guarded())
    trap_why_not = "no guarded page";
  else if (!simulated(trap_target))
    trap_why_not = "probesim does not simulate its and";
  const bool trap = trap_why_not.empty();

  // Counted, each probe exists only while its mode is counted, so that
  // the kernel's lookup of a uprobe costs every mode the same.
  const bool all_probes = !options.instructions;
  std::map<std::string, long> patched_before, hits_before, probes_of;
  for (const Mode& m : all_probes ? all_modes() : modes) {
    const TargetInfo& t = target_info(m.target());
    if (!simulated(t)) continue;
    const std::string f(t.family);
    if (!patched_before.count(f)) patched_before[f] = stat_or_zero(f + "_patched");
    ++probes_of[f];
  }
  if (trap) ++probes_of[std::string(trap_target.family)];
  // Whether the simulated leg's probes were all patched, once they were
  // all attached.
  auto all_patched = [&] {
    for (const auto& [family, before] : patched_before) {
      const long delta = stat_or_zero(family + "_patched") - before;
      if (delta != probes_of[family]) {
        std::cerr << "error: probesim patched " << delta << " of the simulated leg's " << probes_of[family] << " "
                  << family << " probes (MTE system, or analysis missed?)\n";
        return false;
      }
    }
    return true;
  };
  for (const auto& [family, before] : patched_before) hits_before[family] = stat_or_zero(family + "_hits");
  const long faults_before = stat_or_zero("branch_target_faults");
  set_params(params, false);
  Leg xol("xol", all_probes);
  set_params(params, true);
  Leg sim("sim", all_probes);
  std::optional<PerfUprobe> trap_probe;
  auto attach_trap = [&] { trap_probe.emplace(trap_sim.path(), trap_sim.offset(0), false); };
  if (trap && all_probes) attach_trap();
  if (all_probes && !all_patched()) return 1;

  Results results;
  results.tool = version();
  results.kernel = system.kernel.release;
  results.system = system;
  results.bti_guarded = sim.uprobes.guarded();
  if (!results.bti_guarded)
    results.notes.push_back("no BTI: the -guarded modes' page is not guarded, they run as on any other");
  const unsigned cpus = online_cpus();
  for (const Mode& m : modes) {
    results.order.push_back(m.name);
    const TargetInfo& t = target_info(m.target());
    const Site& site = m.where().site;
    ModeResult& r = results.modes[m.name];
    r.simulated = simulated(t);
    r.probe = m.retprobe ? "uretprobe" : "uprobe";
    r.target = t.name;
    r.path = path_name(site.path);
    r.page = site.guarded ? "guarded" : "unguarded";
    r.threads = m.where().threads ? cpus : 1;
    r.control = options.instructions ? m.count_control : m.control;
    if (m.where().threads)
      results.notes.push_back(m.name + ": " + std::to_string(cpus) +
                              " threads call it at once, one more maps, mprotects and unmaps memory meanwhile");
    if (kernel_simulated(t))
      results.notes.push_back(m.name + ": the kernel simulates NOP itself (6.13 on): xol and sim are both its simulation");
    else if (!t.param.empty() && !simulated(t))
      results.notes.push_back(m.name + ": probesim has no '" + std::string(t.param) +
                              "' parameter: sim is single-stepped like xol");
  }
  std::vector<std::uint64_t> xol_calls(modes.size()), sim_calls(modes.size());
  std::vector<std::uint64_t> xol_hits(modes.size()), sim_hits(modes.size());
  results.trap.why_not = trap_why_not;
  std::uint64_t trap_native_calls = 0, trap_native_traps = 0, trap_sim_calls = 0, trap_sim_traps = 0;

  if (options.instructions) {
    const InstructionCounter counter;
    const int samples = options.rounds;
    results.instructions = true;
    results.samples = samples;
    std::uint64_t base_calls = 0;
    results.base_count = count_calls(counter, base.entry(base_site), kCountCalls, samples, base_calls);
    // Each leg's probe is attached with the parameters of the leg, counted
    // and detached again.
    auto count_leg = [&](const Leg& leg, bool simulating, const Mode& m, std::uint64_t& calls,
                         std::uint64_t& hits) {
      set_params(params, simulating);
      const PerfUprobe probe = leg.attach(m);
      const PerCall cost = count_calls(counter, leg.file(m).entry(m.site), kCountCalls, samples, calls);
      hits = probe.hits();
      return cost;
    };
    for (std::size_t i = 0; i < modes.size(); ++i) {
      const Mode& m = modes[i];
      ModeResult& r = results.modes[m.name];
      r.xol_count = count_leg(xol, false, m, xol_calls[i], xol_hits[i]);
      r.sim_count = count_leg(sim, true, m, sim_calls[i], sim_hits[i]);
    }
    if (trap) {
      results.trap.native_count = count_trap(counter, trap_native, samples, trap_native_calls, trap_native_traps);
      attach_trap();
      results.trap.sim_count = count_trap(counter, trap_sim, samples, trap_sim_calls, trap_sim_traps);
    }
    if (!all_patched()) return 1;
  }
  for (int round = 1; round <= options.rounds && !options.instructions; ++round) {
    std::cerr << "round " << round << "/" << options.rounds << "\n";
    results.base.push_back(measure(base.entry(base_site), options.duration).per_second);
    std::map<std::string, double> sim_rate;
    for (std::size_t i = 0; i < modes.size(); ++i) {
      const Mode& m = modes[i];
      const Rate x = measure_mode(xol.file(m), m, options.duration);
      const Rate s = measure_mode(sim.file(m), m, options.duration);
      xol_calls[i] += x.calls;
      sim_calls[i] += s.calls;
      ModeResult& r = results.modes[m.name];
      r.xol.push_back(x.per_second);
      r.sim.push_back(s.per_second);
      r.sim_over_xol.push_back(s.per_second / x.per_second);
      sim_rate[m.name] = s.per_second;
    }
    for (const Mode& m : modes)
      results.modes[m.name].sim_over_ret.push_back(sim_rate[m.name] / sim_rate.at(m.control));
    if (trap) {
      const Rate n = measure_trap(trap_native, options.duration, trap_native_traps);
      const Rate s = measure_trap(trap_sim, options.duration, trap_sim_traps);
      trap_native_calls += n.calls;
      trap_sim_calls += s.calls;
      results.trap.native.push_back(n.per_second);
      results.trap.sim.push_back(s.per_second);
      results.trap.sim_over_native.push_back(s.per_second / n.per_second);
    }
  }

  // Every call must have been seen by its probe exactly once.
  int status = 0;
  for (std::size_t i = 0; i < modes.size(); ++i) {
    if (all_probes) {
      xol_hits[i] = xol.probe(modes[i]).hits();
      sim_hits[i] = sim.probe(modes[i]).hits();
    }
    const std::uint64_t x = xol_hits[i], s = sim_hits[i];
    if (x != xol_calls[i] || s != sim_calls[i]) {
      std::cerr << "error: " << modes[i].name << ": probe hits xol " << x << "/" << xol_calls[i] << ", sim " << s
                << "/" << sim_calls[i] << " calls\n";
      status = 1;
    }
  }
  // Every trap call trapped once, natively and simulated, and was a hit.
  if (trap && (trap_native_traps != trap_native_calls || trap_sim_traps != trap_sim_calls ||
               trap_probe->hits() != trap_sim_calls)) {
    std::cerr << "error: branch-target trap: native " << trap_native_traps << " SIGILLs for " << trap_native_calls
              << " calls, simulated " << trap_sim_traps << " for " << trap_sim_calls << " calls and "
              << trap_probe->hits() << " probe hits\n";
    status = 1;
  }
  // probesim's own count of simulated hits per family: every call of a
  // simulated target in the sim leg, probe and retprobe alike (a retprobe
  // also breaks at the entry). A trapping call is no simulated hit: it is
  // a branch-target fault.
  if (trap) {
    const long faults = stat_or_zero("branch_target_faults") - faults_before;
    if (faults != static_cast<long>(trap_sim_calls)) {
      std::cerr << "error: branch_target_faults +" << faults << ", but the simulated trap leg made "
                << trap_sim_calls << " calls\n";
      status = 1;
    }
  }
  for (const auto& [family, before] : hits_before) {
    std::uint64_t calls = 0;
    for (std::size_t i = 0; i < modes.size(); ++i)
      if (target_info(modes[i].target()).family == family) calls += sim_calls[i];
    const long counted = stat_or_zero(family + "_hits") - before;
    results.family_hits[family] = {static_cast<std::uint64_t>(counted), calls};
    if (static_cast<std::uint64_t>(counted) != calls) {
      std::cerr << "error: " << family << "_hits +" << counted << ", but the sim leg made " << calls
                << " calls of " << family << " targets\n";
      status = 1;
    }
  }

  // A call without a probe enters the kernel only when an interrupt falls
  // into every sample; a probed one always does. Figures that say
  // otherwise did not count what they claim to.
  if (options.instructions) {
    if (results.base_count.kernel >= 1 || results.base_count.user <= 0) {
      std::cerr << "error: a call without a probe counted kernel " << results.base_count.kernel << ", user "
                << results.base_count.user << " instructions\n";
      status = 1;
    }
    for (const Mode& m : modes)
      if (results.modes[m.name].sim_count.kernel < 100 || results.modes[m.name].xol_count.kernel < 100) {
        std::cerr << "error: " << m.name << ": fewer than 100 kernel instructions per hit counted\n";
        status = 1;
      }
    print_instructions(std::cout, results);
  } else {
    print_table(std::cout, results);
  }
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
  Options options;
  if (const auto status = parse_options({argv + 1, argv + argc}, mode_names(), options)) return *status;
  if (options.self_test) {
    try {
      return self_test();
    } catch (const std::exception& e) {
      std::cerr << "probesim-bench: " << e.what() << "\n";
      return 1;
    }
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
