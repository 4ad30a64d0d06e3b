#include "cli.hpp"

#include <charconv>
#include <cmath>
#include <exception>
#include <ostream>

#include "corpus.hpp"
#include "objdump.hpp"
#include "probes.hpp"

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::payload {

std::string usage() {
  return R"(usage: probesim-grep-payload corpus DIR MEGABYTES SEED
       probesim-grep-payload probes ELF SURVEY_LIST OUT
       probesim-grep-payload --help | --version

The host side of the grep benchmark's payload (vm/build-grep-payload.sh).

corpus  writes a deterministic tree of C-like source files into the new
        directory DIR, about MEGABYTES MiB in total. The same arguments
        give the same bytes on any host.
probes  turns `probesim-survey --list ELF` output into the probe table OUT:
        one line per .eh_frame function entry in executable code, with its
        file offset (where a uprobe goes), address, instruction word,
        survey class, verdict per kernel variant and the instruction as
        $OBJDUMP (default aarch64-linux-gnu-objdump) disassembles it.

Exit status: 0 done, 1 failed, 2 usage.
)";
}

std::string version_line() {
  return std::string("probesim-grep-payload ") + PROBESIM_VERSION + "\n";
}

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
  if (args.size() == 1 && (args[0] == "-h" || args[0] == "--help")) {
    out << usage();
    return 0;
  }
  if (args.size() == 1 && args[0] == "--version") {
    out << version_line();
    return 0;
  }
  if (args.size() != 4 || (args[0] != "corpus" && args[0] != "probes")) {
    err << usage();
    return 2;
  }
  try {
    if (args[0] == "corpus") {
      const auto bytes = parse_megabytes(args[2]);
      const auto seed = parse_seed(args[3]);
      if (!bytes || !seed) {
        err << "probesim-grep-payload: MEGABYTES is a number and SEED an "
               "integer, not '"
            << (bytes ? args[3] : args[2]) << "'\n";
        return 2;
      }
      out << corpus_summary(write_corpus(args[1], *bytes, *seed)) << '\n';
    } else {
      const std::string objdump = objdump_program();
      out << write_probe_table(args[1], args[2], args[3],
                               [&objdump](const auto& words) {
                                 return disassemble(words, objdump);
                               })
          << '\n';
    }
  } catch (const std::exception& e) {
    err << "probesim-grep-payload: " << e.what() << '\n';
    return 1;
  }
  return 0;
}

}  // namespace probesim::payload
