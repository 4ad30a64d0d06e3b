#include "cli.hpp"

#include <algorithm>
#include <string_view>

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::report {

namespace {

ParsedArguments error(std::string message) {
  ParsedArguments parsed;
  parsed.error = std::move(message);
  return parsed;
}

}  // namespace

std::string usage() {
  return "usage: probesim-report --console LOG --label LABEL [--allow FILE]\n"
         "                       [--expect test-failure|splat|timeout] [--totals FILE]\n"
         "                       [--verbose]\n"
         "       probesim-report bench kernel --console LOG --kver KVER --probes PROBES.TSV\n"
         "                       [--probes NAME=PROBES.TSV ...] --out DIR\n"
         "       probesim-report bench merge --out DIR --plot PLOTDIR\n"
         "       probesim-report --help | --version\n"
         "\n"
         "Without a command: judge the console log of one VM run (exit 0 passed,\n"
         "1 failed, 2 usage or I/O error).\n"
         "\n"
         "bench kernel: read the sections of one benchmark boot (trigger and grep\n"
         "  benchmarks), check the grep runs, join the per-probe hits with the\n"
         "  survey's instruction classes (PROBES.TSV, from the grep payload) and\n"
         "  write DIR/results-KVER.json and DIR/results-KVER.md. Exit 1 when a\n"
         "  check failed; the files are written all the same, with the errors.\n"
         "  --probes PROBES.TSV is Debian bookworm's grep (sections bench-grep,\n"
         "  JSON \"grep\"); each --probes NAME=PROBES.TSV adds the grep binary NAME,\n"
         "  lowercase letters and digits (sections bench-grep-NAME, JSON \"grep_NAME\").\n"
         "bench merge: combine every DIR/results-KVER.json into DIR/results.json\n"
         "  and DIR/results.md, and write PLOTDIR/results.gp and PLOTDIR/results.dat,\n"
         "  the gnuplot script and data of the trigger plot DIR/results.svg.\n";
}

std::optional<OptionValue> read_option(const std::vector<std::string>& args, std::size_t& i,
                                       std::initializer_list<std::string_view> names,
                                       std::string& error) {
  const std::string_view arg = args[i];
  std::string_view name = arg;
  std::optional<std::string> value;
  if (const std::size_t equals = arg.find('='); arg.starts_with("--") && equals != arg.npos) {
    name = arg.substr(0, equals);
    value = std::string(arg.substr(equals + 1));
  } else if (i + 1 < args.size()) {
    value = args[i + 1];
  }
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    error = "unknown argument '" + std::string(arg) + "'";
    return std::nullopt;
  }
  if (!value) {
    error = std::string(name) + " needs a value";
    return std::nullopt;
  }
  if (name == arg) ++i;  // the value was the next argument
  return OptionValue{std::string(name), std::move(*value)};
}

std::string version_line() {
  return std::string("probesim-report ") + PROBESIM_VERSION + "\n";
}

ParsedArguments parse_arguments(const std::vector<std::string>& args) {
  Options options;
  bool have_console = false;
  bool have_label = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      ParsedArguments parsed;
      parsed.help = true;
      return parsed;
    }
    if (arg == "--version") {
      ParsedArguments parsed;
      parsed.version = true;
      return parsed;
    }
    if (arg == "--verbose" || arg == "-v") {
      options.verbose = true;
      continue;
    }
    std::string message;
    const auto option =
        read_option(args, i, {"--console", "--label", "--allow", "--expect", "--totals"}, message);
    if (!option) return error(message);
    const std::string& name = option->name;
    const std::string& value = option->value;

    if (name == "--console") {
      options.console_path = value;
      have_console = true;
    } else if (name == "--label") {
      options.label = value;
      have_label = true;
    } else if (name == "--allow") {
      options.allow_path = value;
    } else if (name == "--totals") {
      options.totals_path = value;
    } else {
      options.expect = parse_expect_kind(value);
      if (!options.expect) {
        return error("--expect must be test-failure, splat or timeout, not '" + value + "'");
      }
    }
  }
  if (!have_console) return error("--console is required");
  if (!have_label) return error("--label is required");
  ParsedArguments parsed;
  parsed.options = std::move(options);
  return parsed;
}

}  // namespace probesim::report
