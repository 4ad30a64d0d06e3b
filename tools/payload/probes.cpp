#include "probes.hpp"

#include <fstream>
#include <stdexcept>

#include "classify.hpp"
#include "disassemble.hpp"
#include "elf_reader.hpp"

namespace probesim::payload {

namespace {

bool rejected_anywhere(std::uint32_t word) {
  for (std::size_t v = 0; v < survey::kVariantCount; v++)
    if (survey::outcome(word, static_cast<survey::Variant>(v)) == survey::Outcome::kRejected)
      return true;
  return false;
}

}  // namespace

Selection select_probes(const survey::FileSurvey& file) {
  Selection sel;
  for (const survey::FunctionEntry& e : file.entries) {
    if (e.from_fde && e.word && e.file_offset && !rejected_anywhere(*e.word))
      sel.probes.push_back({*e.file_offset, e.addr, *e.word});
    else
      sel.skipped++;
  }
  return sel;
}

std::string write_probe_table(const std::string& elf_path, const std::string& out_path) {
  Selection sel;
  try {
    sel = select_probes(survey::survey_file(elf_path));
  } catch (const survey::ParseError& e) {
    throw std::runtime_error(elf_path + ": " + e.what());
  }
  if (sel.probes.empty()) throw std::runtime_error(elf_path + ": no function entry to probe");
  const std::string table = render_probe_table(sel.probes, disassemble(sel.probes));

  std::ofstream f(out_path, std::ios::binary);
  f << table;
  f.close();
  if (!f) throw std::runtime_error("cannot write " + out_path);
  return std::to_string(sel.probes.size()) + " probes, " + std::to_string(sel.skipped) +
         " entries skipped";
}

}  // namespace probesim::payload
