#include "bench_cli.hpp"

#include <algorithm>
#include <map>

#include "bench_sections.hpp"
#include "cli.hpp"

namespace probesim::report {

namespace {

BenchArguments failure(std::string message) {
  BenchArguments parsed;
  parsed.error = std::move(message);
  return parsed;
}

// The name of a grep binary other than bookworm's goes into section and
// JSON member names (bench-grep-NAME, grep_NAME).
bool is_binary_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  });
}

// Adds the binary of "--probes VALUE": PATH for bookworm's grep, NAME=PATH
// for grep NAME. False with error for a bad name or a binary given twice.
bool add_probes(std::vector<GrepProbesPath>& probes, const std::string& value, std::string& error) {
  GrepProbesPath added{std::string(kBookworm), value};
  if (const std::size_t equals = value.find('='); equals != std::string::npos) {
    added = {value.substr(0, equals), value.substr(equals + 1)};
    if (!is_binary_name(added.binary)) {
      error = "--probes " + value +
              ": a grep binary's name is lowercase letters and digits, not '" + added.binary + "'";
      return false;
    }
    if (added.path.empty()) {
      error = "--probes " + value + ": no path after the name";
      return false;
    }
  }
  for (const GrepProbesPath& p : probes) {
    if (p.binary != added.binary) continue;
    error = "two --probes for " + added.binary + "'s grep" +
            (added.binary == kBookworm ? " (the one without a name)" : "") + ": " + p.path +
            " and " + added.path;
    return false;
  }
  probes.push_back(std::move(added));
  return true;
}

}  // namespace

BenchArguments parse_bench_arguments(const std::vector<std::string>& args) {
  if (args.empty()) return failure("bench needs a command: kernel or merge");
  const std::string& command = args[0];
  if (command == "--help" || command == "-h") {
    BenchArguments parsed;
    parsed.help = true;
    return parsed;
  }
  const bool kernel = command == "kernel";
  if (!kernel && command != "merge") {
    return failure("bench: unknown command '" + command + "' (kernel or merge)");
  }
  const std::initializer_list<std::string_view> kernel_names = {"--console", "--kver", "--probes",
                                                                "--out"};
  const std::initializer_list<std::string_view> merge_names = {"--out", "--plot"};
  const auto names = kernel ? kernel_names : merge_names;
  std::map<std::string, std::string> values;
  std::vector<GrepProbesPath> probes;  // --probes, one per grep binary
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      BenchArguments parsed;
      parsed.help = true;
      return parsed;
    }
    std::string message;
    const auto option = read_option(args, i, names, message);
    if (!option) return failure("bench " + command + ": " + message);
    if (option->name == "--probes") {
      if (!add_probes(probes, option->value, message)) return failure("bench kernel: " + message);
      continue;
    }
    values[option->name] = option->value;  // the last one counts
  }
  for (std::string_view name : names) {
    const bool given = name == "--probes" ? !probes.empty() : values.contains(std::string(name));
    if (!given) return failure("bench " + command + ": " + std::string(name) + " is required");
  }
  BenchArguments parsed;
  if (kernel) {
    // bookworm's grep is the one the guest always measures, and its
    // results lead: first in the JSON and on the page.
    const auto bookworm = std::find_if(probes.begin(), probes.end(), [](const GrepProbesPath& p) {
      return p.binary == kBookworm;
    });
    if (bookworm == probes.end()) {
      return failure(
          "bench kernel: --probes PROBES.TSV without a name (bookworm's grep) is required");
    }
    std::rotate(probes.begin(), bookworm, bookworm + 1);
    parsed.kernel = BenchKernelOptions{values["--console"], values["--kver"], std::move(probes),
                                       values["--out"]};
  } else {
    parsed.merge = BenchMergeOptions{values["--out"], values["--plot"]};
  }
  return parsed;
}

}  // namespace probesim::report
