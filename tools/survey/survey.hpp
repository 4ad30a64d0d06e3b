// Surveys one image: finds its function entries (.eh_frame FDEs first,
// then defined STT_FUNC symbols), its USDT sites, and counts the classes
// of the instruction at each.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "classify.hpp"
#include "elf_reader.hpp"

namespace probesim::survey {

// Class counts of a set of instructions.
struct Counts {
  std::size_t total = 0;
  std::array<std::size_t, kRawClassCount> raw{};
  std::array<std::size_t, kShapeCount> shapes{};
  std::array<std::array<std::size_t, kOutcomeCount>, kVariantCount> kernels{};

  void add(std::uint32_t insn);
  void merge(const Counts& other);
  std::size_t simulated(Variant v) const;
  // Entries simulated on v and owed to step st (see Step).
  std::size_t by_step(Variant v, Step st) const;
};

struct FunctionEntry {
  std::uint64_t addr = 0;
  bool from_fde = false;
  bool from_symbol = false;
  std::string name;                   // empty if no symbol names it
  std::optional<std::uint32_t> word;  // unset: not in executable code
  std::optional<std::uint64_t> file_offset;  // unset: not in the file
};

struct ProbeSite {
  UsdtSite site;
  std::optional<std::uint32_t> word;
  std::optional<std::uint64_t> file_offset;
};

struct FileSurvey {
  std::string path;
  std::string eh_frame_source;  // ".eh_frame", "PT_GNU_EH_FRAME" or "none"
  std::size_t cies = 0;
  std::size_t fdes = 0;
  std::size_t fdes_skipped = 0;
  std::size_t symbols = 0;       // defined STT_FUNC symbols
  std::size_t symbol_only = 0;   // entries no FDE gave
  std::size_t unmapped = 0;      // entries outside executable code
  std::vector<std::string> notes;
  std::vector<FunctionEntry> entries;  // sorted by address
  std::vector<ProbeSite> usdt;
  Counts functions;  // entries with a word
  Counts probes;     // USDT sites with a word
  std::size_t usdt_unmapped = 0;
};

// Raises ParseError for anything that is not a surveyable arm64 ELF
// executable or shared library, including one with neither .eh_frame nor
// function symbols.
FileSurvey survey_image(Bytes data, std::string path);

// Reads the file and surveys it. Raises ParseError (also for I/O errors).
FileSurvey survey_file(const std::string& path);

// The file's bytes. Raises ParseError: "is a directory", "cannot open:
// REASON", "read error".
std::vector<std::uint8_t> read_whole_file(const std::string& path);

}  // namespace probesim::survey
