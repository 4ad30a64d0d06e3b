#include "cli.hpp"

#include <charconv>
#include <cmath>
#include <exception>
#include <ostream>

#include "command_line.hpp"
#include "corpus.hpp"
#include "probes.hpp"

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::payload {

std::optional<std::uint64_t> parse_megabytes(std::string_view text) {
  if (text.starts_with('+')) text.remove_prefix(1);
  double mb = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), mb);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(mb))
    return std::nullopt;
  const double bytes = std::trunc(mb * 1024 * 1024);
  if (bytes <= 0) return 0;
  if (bytes >= 0x1p64) return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

std::optional<std::uint64_t> parse_seed(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  std::uint64_t n = 0;  // wraps: the PRNG takes the seed modulo 2^64
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return negative ? -n : n;
}

int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err) {
  CLI::App app("The host side of the grep benchmark's payload (vm/build-grep-payload.sh).",
               "probesim-grep-payload");
  app.set_version_flag("--version", std::string("probesim-grep-payload ") + PROBESIM_VERSION);
  app.require_subcommand(1);
  app.footer("Exit status: 0 done, 1 failed, 2 usage.");

  std::string dir;
  std::uint64_t bytes = 0, seed = 0;
  const auto corpus = app.add_subcommand(
      "corpus",
      "writes a deterministic tree of C-like source files into the new\n"
      "directory DIR, about MEGABYTES MiB in total. The same arguments\n"
      "give the same bytes on any host.");
  corpus->add_option("DIR", dir)->required()->type_name("");
  cli::add_parsed(*corpus, "MEGABYTES", bytes, parse_megabytes, "a number")
      ->required()
      ->type_name("")
      ->description("a decimal number, 0.5 say");
  cli::add_parsed(*corpus, "SEED", seed, parse_seed, "an integer")
      ->required()
      ->type_name("")
      ->description("a decimal integer, taken modulo 2^64");

  std::string elf, table;
  const auto probes = app.add_subcommand(
      "probes",
      "surveys the arm64 binary ELF as probesim-survey does and writes the\n"
      "probe table OUT: one line per .eh_frame function entry in executable\n"
      "code that no kernel rejects a uprobe on, with its file offset (where\n"
      "a uprobe goes), address, instruction word, survey class, outcome per\n"
      "kernel variant and the instruction as capstone disassembles it.");
  probes->add_option("ELF", elf)->required()->type_name("");
  probes->add_option("OUT", table)->required()->type_name("");

  if (const auto status = cli::parse(app, args, out, err)) return *status;
  try {
    if (*corpus) {
      out << corpus_summary(write_corpus(dir, bytes, seed)) << '\n';
    } else {
      out << write_probe_table(elf, table) << '\n';
    }
  } catch (const std::exception& e) {
    err << "probesim-grep-payload: " << e.what() << '\n';
    return 1;
  }
  return 0;
}

}  // namespace probesim::payload
