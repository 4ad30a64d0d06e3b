#include "options.hpp"

#include <algorithm>
#include <iostream>

#include "command_line.hpp"

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/guest/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::bench {
namespace {

// items as a comma-separated list, in lines of at most 58 characters.
std::string wrapped(const std::vector<std::string>& items) {
  std::string out, line;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    if (!line.empty() && line.size() + 1 + item.size() > 58) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + item;
  }
  return out + line;
}

}  // namespace

std::string version() { return std::string("probesim-bench ") + PROBESIM_VERSION; }

std::optional<int> parse_options(const std::vector<std::string>& args,
                                 const std::vector<std::string>& known_modes, Options& options) {
  CLI::App app(
      "Trigger benchmark: calls small functions with a uprobe or uretprobe on\n"
      "their first instruction, once analysed with probesim's families off (xol)\n"
      "and once with them on (sim), interleaved round by round. Needs root, the\n"
      "uprobe PMU of perf_event_open (CONFIG_UPROBE_EVENTS) and, for the sim leg,\n"
      "the probesim module loaded. The module parameters it changes are put back\n"
      "as they were when it ends, also on SIGINT, SIGTERM and SIGHUP.\n"
      "\n"
      "A mode is PROBE-TARGET-PATH[-guarded]: PROBE uprobe or uretprobe; TARGET\n"
      "nop, push (stp x29, x30, [sp, #-16]!), and (immediate), bti (bti c), bti-j,\n"
      "paciasp (paciasp; autiasp; ret) or ret; PATH how it is called, which sets\n"
      "the BTYPE a BTI CPU checks:\n"
      "  bl   a direct bl from a stub (BTYPE 00)\n"
      "  blr  blr through a function pointer (BTYPE 10)\n"
      "  plt  br x16 from a PLT-like stub entered with blr (BTYPE 01)\n"
      "-guarded: on a PROT_BTI page, only where the call is legal there (any\n"
      "bl; blr and plt to bti and paciasp; plt to bti-j). uprobe-push-blr-threads\n"
      "runs push on one uprobe from one thread per online CPU while another thread\n"
      "maps, mprotects and unmaps memory; uprobe-ret-blr-threads is its control.\n"
      "ret is simulated by the kernel in both legs: sim/ret is a mode's sim over\n"
      "that of ret reached the same way (on the same page kind where it can be),\n"
      "its control, which runs whenever the mode does.",
      "probesim-bench");
  app.set_version_flag("--version", version());
  app.footer("Exit status: 0 done and every check held, 1 a check failed or an error,\n2 usage.");
  app.add_flag("--instructions", options.instructions,
               "count instructions and cycles per call with the PMU\n"
               "instead of timing: kernel and user instructions\n"
               "apart, the least of N samples of 200 calls each\n"
               "(exact under qemu -icount shift=0,sleep=off; the\n"
               "threaded modes are not counted). Each probe is\n"
               "attached only while its mode is counted, and\n"
               "the control is the ret on the same page");
  app.add_option("--rounds", options.rounds,
                 "rounds of measurements, or samples with\n--instructions (default 5)")
      ->type_name("N")
      ->check(cli::kPositive);
  app.add_option_function<int>(
         "--duration-ms",
         [&options](int ms) { options.duration = std::chrono::milliseconds(ms); },
         "time per mode, leg and round (default 300)")
      ->type_name("MS")
      ->check(cli::kPositive);
  app.add_option("--modes", options.modes,
                 "the modes to run, comma-separated (default: all):\n" + wrapped(known_modes))
      ->type_name("LIST")
      ->delimiter(',')
      ->check(CLI::Validator(
          [&known_modes](const std::string& mode) {
            const bool known =
                std::find(known_modes.begin(), known_modes.end(), mode) != known_modes.end();
            return known ? std::string() : "unknown mode '" + mode + "'";
          },
          ""));
  app.add_option("--json", options.json,
                 "also write the results, the CPU, the kernel and\n"
                 "whether it ran in a VM, as JSON to FILE")
      ->type_name("FILE");
  app.add_flag("--self-test", options.self_test,
               "call every target by every path, without probes or\n"
               "root, and check that each returns as it should");
  return cli::parse(app, args, std::cout, std::cerr);
}

}  // namespace probesim::bench
