#include "probes.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "probe_table.hpp"
#include "survey_list.hpp"

namespace probesim::payload {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    throw std::runtime_error("cannot open " + path + ": " +
                             std::strerror(errno));
  std::ostringstream s;
  s << f.rdbuf();
  if (f.bad()) throw std::runtime_error("cannot read " + path);
  return s.str();
}

void check_elf64_le(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    throw std::runtime_error("cannot open " + path + ": " +
                             std::strerror(errno));
  char ident[6] = {};
  f.read(ident, sizeof ident);
  // EI_CLASS 2 is ELFCLASS64, EI_DATA 1 ELFDATA2LSB.
  if (f.gcount() != sizeof ident ||
      std::memcmp(ident,
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      ident[4] != 2 || ident[5] != 1)
    throw std::runtime_error(path + ": not a little-endian ELF64 file");
}

}  // namespace

std::string write_probe_table(const std::string& elf_path,
                              const std::string& list_path,
                              const std::string& out_path,
                              const Disassembler& disassemble) {
  check_elf64_le(elf_path);
  Selection sel;
  try {
    sel = select_probes(read_file(list_path));
  } catch (const ListError& e) {
    throw ListError(list_path + ": " + e.what());
  }
  if (sel.probes.empty())
    throw std::runtime_error(list_path + ": no function entry to probe");
  std::vector<std::uint32_t> words;
  for (const auto& p : sel.probes) words.push_back(p.word);
  const std::vector<std::string> insns = disassemble(words);
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
