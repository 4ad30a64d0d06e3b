#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/guest/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::bench {
namespace {

int parse_positive(const std::string& text, const std::string& what) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0)
    throw UsageError(what + " needs a positive integer, got '" + text + "'");
  return value;
}

// items as a comma-separated list wrapped under an option's text.
std::string wrapped(const std::vector<std::string>& items) {
  const std::string indent(20, ' ');
  std::string out, line;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    if (!line.empty() && line.size() + 1 + item.size() > 58) {
      out += line + "\n" + indent;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + item;
  }
  return out + line;
}

}  // namespace

std::string usage(const std::vector<std::string>& known_modes, const ModeAliases& aliases) {
  std::vector<std::string> old_names;
  for (const auto& [old_name, name] : aliases) old_names.push_back(old_name + "=" + name);
  return "usage: probesim-bench [--instructions] [--rounds N] [--duration-ms MS] [--modes LIST]\n"
         "                      [--json FILE]\n"
         "       probesim-bench --self-test | --help | --version\n"
         "\n"
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
         "its control, which runs whenever the mode does.\n"
         "\n"
         "  --instructions    count instructions and cycles per call with the PMU\n"
         "                    instead of timing: kernel and user instructions\n"
         "                    apart, the least of N samples of 200 calls each\n"
         "                    (exact under qemu -icount shift=0,sleep=off; the\n"
         "                    threaded modes are not counted). Each probe is\n"
         "                    attached only while its mode is counted, and\n"
         "                    the control is the ret on the same page\n"
         "  --rounds N        rounds of measurements, or samples with\n"
         "                    --instructions (default 5)\n"
         "  --duration-ms MS  time per mode, leg and round (default 300)\n"
         "  --modes LIST      the modes to run, comma-separated (default: all):\n"
         "                    " + wrapped(known_modes) + "\n"
         "                    The names before the call path was part of them\n"
         "                    still select the same measurement:\n"
         "                    " + wrapped(old_names) + "\n"
         "  --json FILE       also write the results, the CPU, the kernel and\n"
         "                    whether it ran in a VM, as JSON to FILE\n"
         "  --self-test       call every target by every path, without probes or\n"
         "                    root, and check that each returns as it should\n"
         "  --version         print the version and exit\n"
         "  -h, --help        print this help and exit\n"
         "\n"
         "Exit status: 0 done and every check held, 1 a check failed or an error,\n"
         "2 usage.\n";
}

std::string version_line() { return std::string("probesim-bench ") + PROBESIM_VERSION + "\n"; }

Options parse_options(const std::vector<std::string>& args, const std::vector<std::string>& known_modes,
                      const ModeAliases& aliases) {
  Options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError(arg + " needs a value");
      return args[++i];
    };
    if (arg == "-h" || arg == "--help") {
      options.help = true;
      return options;
    } else if (arg == "--version") {
      options.version = true;
      return options;
    } else if (arg == "--rounds") {
      options.rounds = parse_positive(value(), arg);
    } else if (arg == "--duration-ms") {
      options.duration = std::chrono::milliseconds(parse_positive(value(), arg));
    } else if (arg == "--instructions") {
      options.instructions = true;
    } else if (arg == "--self-test") {
      options.self_test = true;
    } else if (arg == "--json") {
      options.json = value();
    } else if (arg == "--modes") {
      std::stringstream list(value());
      for (std::string m; std::getline(list, m, ',');) {
        const auto alias = std::find_if(aliases.begin(), aliases.end(), [&](const auto& a) { return a.first == m; });
        options.modes.push_back(alias == aliases.end() ? m : alias->second);
      }
    } else {
      throw UsageError("unknown option '" + arg + "'");
    }
  }
  for (const std::string& m : options.modes)
    if (std::find(known_modes.begin(), known_modes.end(), m) == known_modes.end())
      throw UsageError("unknown mode '" + m + "'");
  return options;
}

}  // namespace probesim::bench
