#include "survey.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "eh_frame.hpp"

namespace probesim::survey {

void Counts::add(std::uint32_t insn) {
  total++;
  raw[index(raw_class(insn))]++;
  Shape s = shape(insn);
  if (s != Shape::kNone) shapes[index(s)]++;
  for (std::size_t v = 0; v < kVariantCount; v++)
    kernels[v][index(outcome(insn, static_cast<Variant>(v)))]++;
}

void Counts::merge(const Counts& o) {
  total += o.total;
  for (std::size_t i = 0; i < kRawClassCount; i++) raw[i] += o.raw[i];
  for (std::size_t i = 0; i < kShapeCount; i++) shapes[i] += o.shapes[i];
  for (std::size_t v = 0; v < kVariantCount; v++)
    for (std::size_t i = 0; i < kOutcomeCount; i++)
      kernels[v][i] += o.kernels[v][i];
}

// Every entry has one outcome per variant: those that are not simulated
// are owed to no step.
std::size_t Counts::simulated(Variant v) const { return total - by_step(v, Step::kNone); }

std::size_t Counts::by_step(Variant v, Step st) const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < kOutcomeCount; i++)
    if (step(static_cast<Outcome>(i)) == st) n += kernels[index(v)][i];
  return n;
}

FileSurvey survey_image(Bytes data, std::string path) {
  ElfImage image(data);
  FileSurvey out;
  out.path = std::move(path);

  EhFrameEntries fdes = eh_frame_entries(image);
  out.eh_frame_source = fdes.source;
  std::vector<FunctionSymbol> symbols = image.function_symbols();
  if (out.eh_frame_source == "none" && symbols.empty())
    throw ParseError(
        "no function entries: neither .eh_frame nor function symbols "
        "(.symtab/.dynsym)");
  out.cies = fdes.cies;
  out.fdes = fdes.fdes;
  out.fdes_skipped = fdes.skipped;
  out.symbols = symbols.size();
  out.notes = fdes.notes;

  std::map<std::uint64_t, FunctionEntry> entries;
  for (std::uint64_t pc : fdes.pcs) entries[pc].from_fde = true;
  // The first symbol at an address names it, in section order.
  for (const auto& sym : symbols) {
    auto& e = entries[sym.value];
    if (!e.from_fde && !e.from_symbol) out.symbol_only++;
    e.from_symbol = true;
    if (e.name.empty()) e.name = sym.name;
  }
  out.entries.reserve(entries.size());
  for (auto& [addr, e] : entries) {
    e.addr = addr;
    e.word = image.code_word(addr);
    e.file_offset = image.file_offset(addr);
    if (e.word)
      out.functions.add(*e.word);
    else
      out.unmapped++;
    out.entries.push_back(std::move(e));
  }

  for (const auto& site : image.usdt_sites()) {
    const ProbeSite& p = out.usdt.emplace_back(
        ProbeSite{site, image.code_word(site.pc), image.file_offset(site.pc)});
    if (p.word)
      out.probes.add(*p.word);
    else
      out.usdt_unmapped++;
  }
  return out;
}

std::vector<std::uint8_t> read_whole_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ParseError("is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(std::string("cannot open: ") + std::strerror(errno));
  std::vector<std::uint8_t> data((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
  if (in.bad()) throw ParseError("read error");
  return data;
}

FileSurvey survey_file(const std::string& path) {
  return survey_image(read_whole_file(path), path);
}

}  // namespace probesim::survey
