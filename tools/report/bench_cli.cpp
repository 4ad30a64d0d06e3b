#include "bench_cli.hpp"

#include <map>

#include "cli.hpp"

namespace probesim::report {

namespace {

BenchArguments failure(std::string message) {
  BenchArguments parsed;
  parsed.error = std::move(message);
  return parsed;
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
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      BenchArguments parsed;
      parsed.help = true;
      return parsed;
    }
    std::string message;
    const auto option = read_option(args, i, names, message);
    if (!option) return failure("bench " + command + ": " + message);
    values[option->name] = option->value;  // the last one counts
  }
  for (std::string_view name : names) {
    if (!values.contains(std::string(name)))
      return failure("bench " + command + ": " + std::string(name) + " is required");
  }
  BenchArguments parsed;
  if (kernel) {
    parsed.kernel = BenchKernelOptions{values["--console"], values["--kver"], values["--probes"],
                                       values["--out"]};
  } else {
    parsed.merge = BenchMergeOptions{values["--out"], values["--plot"]};
  }
  return parsed;
}

}  // namespace probesim::report
