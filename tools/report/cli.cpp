#include "cli.hpp"

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
         "       probesim-report --help | --version\n";
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
    std::string_view name = arg;
    std::optional<std::string> value;
    if (const std::size_t equals = arg.find('='); arg.starts_with("--") && equals != arg.npos) {
      name = arg.substr(0, equals);
      value = std::string(arg.substr(equals + 1));
    } else if (i + 1 < args.size()) {
      value = args[i + 1];
    }
    const bool takes_value = name == "--console" || name == "--label" || name == "--allow" ||
                             name == "--expect" || name == "--totals";
    if (!takes_value) return error("unknown argument '" + std::string(arg) + "'");
    if (!value) return error(std::string(name) + " needs a value");
    if (name == arg) ++i;  // the value was the next argument

    if (name == "--console") {
      options.console_path = *value;
      have_console = true;
    } else if (name == "--label") {
      options.label = *value;
      have_label = true;
    } else if (name == "--allow") {
      options.allow_path = *value;
    } else if (name == "--totals") {
      options.totals_path = *value;
    } else {
      options.expect = parse_expect_kind(*value);
      if (!options.expect) {
        return error("--expect must be test-failure, splat or timeout, not '" + *value + "'");
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
