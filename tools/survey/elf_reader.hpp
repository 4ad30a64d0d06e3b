// A read-only view of one arm64 (AArch64, ELF64, little-endian) executable
// or shared library held in memory: its segments, sections and function
// symbols, and the instruction words at virtual addresses. Anything else
// (another machine, a relocatable object, a file that is not ELF, a
// truncated or corrupt header or table) raises ParseError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bytes.hpp"

namespace probesim::survey {

struct Segment {
  std::uint32_t type = 0;
  std::uint32_t flags = 0;
  std::uint64_t offset = 0;
  std::uint64_t vaddr = 0;
  std::uint64_t filesz = 0;
  std::uint64_t memsz = 0;
};

struct Section {
  std::string name;
  std::uint32_t type = 0;
  std::uint64_t flags = 0;
  std::uint64_t addr = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::uint32_t link = 0;
  std::uint64_t entsize = 0;
};

struct FunctionSymbol {
  std::string name;
  std::uint64_t value = 0;
  bool dynamic = false;  // from .dynsym rather than .symtab
};

// ELF constants the survey needs.
inline constexpr std::uint16_t kEmAarch64 = 183;
inline constexpr std::uint32_t kPtLoad = 1;
inline constexpr std::uint32_t kPtNote = 4;
inline constexpr std::uint32_t kPtGnuEhFrame = 0x6474e550;
inline constexpr std::uint32_t kPfX = 1;
inline constexpr std::uint32_t kShtProgbits = 1;
inline constexpr std::uint32_t kShtSymtab = 2;
inline constexpr std::uint32_t kShtNote = 7;
inline constexpr std::uint32_t kShtNobits = 8;
inline constexpr std::uint32_t kShtDynsym = 11;
inline constexpr std::uint64_t kShfExecinstr = 4;

// A short name for an e_machine value, for error messages.
std::string machine_name(std::uint16_t machine);

class ElfImage {
 public:
  // Validates the header and the program and section header tables.
  // data must outlive the image.
  explicit ElfImage(Bytes data);

  Bytes data() const { return data_; }
  std::uint16_t type() const { return type_; }
  const std::vector<Segment>& segments() const { return segments_; }
  const std::vector<Section>& sections() const { return sections_; }

  // The first section of that name, if any.
  const Section* section(std::string_view name) const;
  // A section's bytes in the file (empty for SHT_NOBITS).
  Bytes section_bytes(const Section& s) const;
  // A segment's bytes in the file.
  Bytes segment_bytes(const Segment& s) const;

  // Defined STT_FUNC symbols of .symtab and .dynsym.
  std::vector<FunctionSymbol> function_symbols() const;
  bool has_symbol_tables() const;

  // File bytes from vaddr to the end of the PT_LOAD that holds vaddr in
  // its file image; empty if no PT_LOAD does.
  Bytes bytes_at(std::uint64_t vaddr) const;
  // The instruction word at vaddr if vaddr is 4-byte aligned and inside
  // the file image of an executable PT_LOAD (or, in a file without
  // program headers, of an SHF_EXECINSTR section).
  std::optional<std::uint32_t> code_word(std::uint64_t vaddr) const;
  // Where vaddr's byte is in the file, if a PT_LOAD's file image holds
  // it: what tracefs's uprobe_events takes instead of an address.
  std::optional<std::uint64_t> file_offset(std::uint64_t vaddr) const;

 private:
  void read_segments(std::uint64_t phoff, std::uint16_t phentsize,
                     std::uint32_t phnum);
  void read_sections(std::uint64_t shoff, std::uint16_t shentsize,
                     std::uint32_t shnum, std::uint32_t shstrndx);
  void read_symbols(const Section& table, bool dynamic,
                    std::vector<FunctionSymbol>& out) const;

  Bytes data_;
  std::uint16_t type_ = 0;
  std::vector<Segment> segments_;
  std::vector<Section> sections_;
};

}  // namespace probesim::survey
