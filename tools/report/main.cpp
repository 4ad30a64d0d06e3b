// probesim-report: decides pass/fail for the serial console log of one VM
// run. This file only does argument handling and file I/O; the analysis is
// in the probesim_report library.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "allowlist.hpp"
#include "cli.hpp"
#include "render.hpp"
#include "report.hpp"
#include "verdict.hpp"

namespace {

using namespace probesim::report;

void print_error(const std::string& message) {
  std::cerr << "probesim-report: " << message << '\n';
}

std::string describe_errno(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

std::optional<std::string> read_file(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) {
    print_error(describe_errno("open", path));
    return std::nullopt;
  }
  std::string content;
  char buffer[65536];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) content.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  if (failed) print_error(describe_errno("read", path));
  std::fclose(file);
  if (failed) return std::nullopt;
  return content;
}

bool append_line(const std::string& path, const std::string& line) {
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (!file) {
    print_error(describe_errno("open", path));
    return false;
  }
  const bool written = std::fprintf(file, "%s\n", line.c_str()) >= 0;
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed) {
    print_error(describe_errno("write", path));
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ParsedArguments parsed = parse_arguments(args);
  if (parsed.help) {
    std::cout << usage();
    return kExitPassed;
  }
  if (parsed.version) {
    std::cout << version_line();
    return kExitPassed;
  }
  if (!parsed.options) {
    print_error(parsed.error);
    std::cerr << usage();
    return kExitUsageError;
  }
  const Options& options = *parsed.options;

  const auto console = read_file(options.console_path);
  if (!console) return kExitUsageError;

  Allowlist allowlist;
  if (options.allow_path) {
    const auto text = read_file(*options.allow_path);
    if (!text) return kExitUsageError;
    try {
      allowlist = Allowlist::parse(*text, *options.allow_path);
    } catch (const AllowlistError& error) {
      print_error(error.what());
      return kExitUsageError;
    }
  }

  const Report report = analyse(*console, allowlist);
  const Verdict verdict = judge(report, options.expect);
  print_report(std::cout, options.label, report, verdict, options.verbose);
  std::cout.flush();

  if (options.totals_path && !append_line(*options.totals_path, totals_line(verdict.counts))) {
    return kExitUsageError;
  }
  return verdict.exit_code;
}
