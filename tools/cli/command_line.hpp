// What probesim's programs share of reading their command lines with
// CLI11: usage errors exit with status 2, and --help and --version write
// to the stream given, so that tests can run a program's command line.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace probesim::cli {

inline constexpr int kUsageError = 2;

// A whole number from 1 up (CLI::PositiveNumber's message spells out
// DBL_MAX).
inline const CLI::Range kPositive(1, std::numeric_limits<int>::max(), "POSITIVE");

// The option (or positional) name of app, read into value by parse,
// which returns an std::optional of the value, unset for text that is
// none; what is what the option takes, for the usage error.
template <typename T, typename Parse>
CLI::Option* add_parsed(CLI::App& app, const std::string& name, T& value, Parse parse,
                        const std::string& what) {
  return app.add_option_function<std::string>(name, [=, &value](const std::string& text) {
    auto parsed = parse(text);
    if (!parsed) throw CLI::ValidationError(name, what + ", not '" + text + "'");
    value = std::move(*parsed);
  });
}

// Parses args, the program's name left out, into app. Unset when the
// program is to go on; else the status to exit with: 0 after --help or
// --version, printed to out, kUsageError after a usage error, which goes
// to err.
inline std::optional<int> parse(CLI::App& app, std::vector<std::string> args, std::ostream& out,
                                std::ostream& err) {
  std::reverse(args.begin(), args.end());  // CLI11 takes the last first
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0) err << app.get_name() << ": ";
    return app.exit(e, out, err) == 0 ? 0 : kUsageError;
  }
  return std::nullopt;
}

}  // namespace probesim::cli
