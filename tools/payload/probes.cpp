#include "probes.hpp"

#include <fstream>
#include <stdexcept>

#include "disassemble.hpp"
#include "elf_reader.hpp"
#include "probe_table.hpp"
#include "survey.hpp"
#include "survey_list.hpp"

namespace probesim::payload {

namespace {

// PATH's bytes; a survey::ParseError names PATH.
std::vector<std::uint8_t> read_bytes(const std::string& path) {
  try {
    return survey::read_whole_file(path);
  } catch (const survey::ParseError& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

// The probes' code as ELF_PATH has it; throws unless it is the list's,
// at the list's file offsets.
std::vector<Code> code_in_elf(const std::string& elf_path,
                              const std::vector<Probe>& probes) {
  using survey::ParseError;
  const std::vector<std::uint8_t> bytes = read_bytes(elf_path);
  try {
    const survey::ElfImage image(bytes);
    std::vector<Code> code;
    for (const auto& p : probes) {
      if (image.code_word(p.addr) != p.word || image.file_offset(p.addr) != p.offset)
        throw ParseError("no word " + hex(p.word) + " at offset 0x" + hex(p.offset) +
                         " (address 0x" + hex(p.addr) + ") as the list has it");
      code.push_back({p.addr, p.word});
    }
    return code;
  } catch (const ParseError& e) {
    throw std::runtime_error(elf_path + ": " + e.what());
  }
}

}  // namespace

std::string write_probe_table(const std::string& elf_path,
                              const std::string& list_path,
                              const std::string& out_path) {
  Selection sel;
  try {
    const std::vector<std::uint8_t> list = read_bytes(list_path);
    sel = select_probes(std::string(list.begin(), list.end()));
  } catch (const ListError& e) {
    throw ListError(list_path + ": " + e.what());
  }
  if (sel.probes.empty())
    throw std::runtime_error(list_path + ": no function entry to probe");
  const std::vector<std::string> insns =
      disassemble(code_in_elf(elf_path, sel.probes));
  std::string table;
  try {
    table = render_probe_table(sel.probes, insns);
  } catch (const ListError& e) {
    throw ListError(list_path + ": " + e.what());
  }

  std::ofstream f(out_path, std::ios::binary);
  f << table;
  f.close();
  if (!f) throw std::runtime_error("cannot write " + out_path);
  return std::to_string(sel.probes.size()) + " probes, " +
         std::to_string(sel.skipped) + " entries skipped";
}

}  // namespace probesim::payload
