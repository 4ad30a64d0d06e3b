// One arm64 (AArch64, ELF64, little-endian) executable or shared library
// held in memory, read with elfutils' libelf: its segments, sections,
// function symbols and SystemTap SDT notes, and the instruction words at
// virtual addresses. Anything else (another machine, a relocatable
// object, a file that is not ELF, a corrupt or truncated one) raises
// ParseError.
#pragma once

#include <gelf.h>

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::survey {

using Bytes = std::span<const std::uint8_t>;

// A file that cannot be surveyed: the message says why, for the user.
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FunctionSymbol {
  std::string name;
  std::uint64_t value = 0;
};

// A USDT probe site of .note.stapsdt.
struct UsdtSite {
  std::string provider;
  std::string name;
  std::uint64_t pc = 0;  // already corrected with .stapsdt.base
};

// A short name for an e_machine value, for error messages.
std::string machine_name(std::uint16_t machine);

class ElfImage {
 public:
  // Checks the header. data must outlive the image.
  explicit ElfImage(Bytes data);
  ~ElfImage();
  ElfImage(const ElfImage&) = delete;
  ElfImage& operator=(const ElfImage&) = delete;

  Elf* elf() const { return elf_; }
  bool has_sections() const { return section_count_ != 0; }
  const std::vector<GElf_Phdr>& segments() const { return segments_; }

  // The first section of that name, nullptr if none.
  Elf_Scn* section(std::string_view name, GElf_Shdr& header) const;

  // Defined STT_FUNC symbols of .symtab and .dynsym, in section order.
  std::vector<FunctionSymbol> function_symbols() const;
  // The sites of the .note.stapsdt sections or, in a file without section
  // headers, of the PT_NOTE segments.
  std::vector<UsdtSite> usdt_sites() const;

  // File bytes from vaddr to the end of the PT_LOAD that holds vaddr in
  // its file image; empty if no PT_LOAD does.
  Bytes bytes_at(std::uint64_t vaddr) const;
  // The instruction word at vaddr if vaddr is 4-byte aligned and inside
  // the file image of an executable PT_LOAD (or, in a file without
  // PT_LOAD, of an SHF_EXECINSTR section).
  std::optional<std::uint32_t> code_word(std::uint64_t vaddr) const;
  // Where vaddr's byte is in the file, if a PT_LOAD's file image holds
  // it: what tracefs's uprobe_events takes instead of an address.
  std::optional<std::uint64_t> file_offset(std::uint64_t vaddr) const;

 private:
  // The first PT_LOAD (executable if asked) whose file image holds size
  // bytes at vaddr.
  const GElf_Phdr* load_segment(std::uint64_t vaddr, std::uint64_t size,
                                bool executable) const;

  Bytes data_;
  Elf* elf_ = nullptr;
  std::size_t section_count_ = 0;
  std::vector<GElf_Phdr> segments_;
};

// libelf's message for its last error, prefixed with what.
std::string elf_failure(std::string_view what);

}  // namespace probesim::survey
