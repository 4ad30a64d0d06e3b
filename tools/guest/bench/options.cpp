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

}  // namespace

std::string usage(const std::vector<std::string>& known_modes) {
  // The modes as a list wrapped under the option's text.
  const std::string indent(20, ' ');
  std::string modes, line;
  for (std::size_t i = 0; i < known_modes.size(); ++i) {
    const std::string item = known_modes[i] + (i + 1 < known_modes.size() ? "," : "");
    if (!line.empty() && line.size() + 1 + item.size() > 58) {
      modes += line + "\n" + indent;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + item;
  }
  modes += line;
  return "usage: probesim-bench [--rounds N] [--duration-ms MS] [--modes LIST] [--json FILE]\n"
         "       probesim-bench --help | --version\n"
         "\n"
         "Trigger benchmark: calls small functions with a uprobe or uretprobe on\n"
         "their first instruction, once analysed with probesim's families off (xol)\n"
         "and once with them on (sim), interleaved round by round. Needs root, the\n"
         "uprobe PMU of perf_event_open (CONFIG_UPROBE_EVENTS) and, for the sim leg,\n"
         "the probesim module loaded. The module parameters it changes are put back\n"
         "as they were when it ends, also on SIGINT, SIGTERM and SIGHUP.\n"
         "\n"
         "  --rounds N        rounds of measurements (default 5)\n"
         "  --duration-ms MS  time per mode, leg and round (default 300)\n"
         "  --modes LIST      the modes to run, comma-separated (default: all):\n"
         "                    " + modes + "\n"
         "  --json FILE       also write the results, the CPU, the kernel and\n"
         "                    whether it ran in a VM, as JSON to FILE\n"
         "  --version         print the version and exit\n"
         "  -h, --help        print this help and exit\n"
         "\n"
         "Exit status: 0 done and every check held, 1 a check failed or an error,\n"
         "2 usage.\n";
}

std::string version_line() { return std::string("probesim-bench ") + PROBESIM_VERSION + "\n"; }

Options parse_options(const std::vector<std::string>& args, const std::vector<std::string>& known_modes) {
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
    } else if (arg == "--json") {
      options.json = value();
    } else if (arg == "--modes") {
      std::stringstream list(value());
      for (std::string m; std::getline(list, m, ',');) options.modes.push_back(m);
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
