// Test helpers: build small arm64 ELF images and .eh_frame contents byte
// by byte, so each parser case is explicit and no binary is checked in.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace probesim::survey::test {

using Buffer = std::vector<std::uint8_t>;

void put_u16(Buffer& b, std::uint16_t v);
void put_u32(Buffer& b, std::uint32_t v);
void put_u64(Buffer& b, std::uint64_t v);
void put_uleb(Buffer& b, std::uint64_t v);
void put_sleb(Buffer& b, std::int64_t v);
void patch_u32(Buffer& b, std::size_t at, std::uint32_t v);

// Writes CIEs and FDEs for a section the program sees at vaddr.
class EhFrameWriter {
 public:
  explicit EhFrameWriter(std::uint64_t vaddr) : vaddr_(vaddr) {}

  struct CieSpec {
    std::string augmentation = "zR";
    std::uint8_t version = 1;
    std::uint8_t fde_encoding = 0x1b;  // pcrel | sdata4
    std::uint8_t personality_encoding = 0x9b;
    std::uint64_t personality = 0;     // 'P' target
    std::uint8_t lsda_encoding = 0x1b;
    bool dwarf64 = false;
  };
  // Returns the CIE's offset.
  std::size_t cie(const CieSpec& spec);
  std::size_t cie() { return cie(CieSpec{}); }
  // An FDE for [pc, pc + range) using cie's encoding and augmentation.
  std::size_t fde(std::size_t cie_offset, std::uint64_t pc,
                  std::uint64_t range = 16);
  void terminator() { put_u32(bytes_, 0); }
  // Encodes value with a DW_EH_PE encoding, as if at the current end.
  void pointer(std::uint8_t encoding, std::uint64_t value);

  Buffer& bytes() { return bytes_; }

 private:
  std::uint64_t vaddr_;
  Buffer bytes_;
  struct Known {
    std::size_t offset;
    CieSpec spec;
  };
  std::vector<Known> cies_;
};

struct Symbol {
  std::string name;
  std::uint64_t value;
  std::uint8_t type = 2;       // STT_FUNC
  std::uint16_t shndx = 1;     // .text
  bool dynamic = false;
  bool text_relative = true;  // value is an offset into .text
};

struct Note {
  std::string provider;
  std::string name;
  std::uint64_t pc;
  std::uint64_t base;  // recorded .stapsdt.base address (0: none)
};

struct ElfSpec {
  std::uint16_t machine = 183;  // EM_AARCH64
  std::uint8_t elf_class = 2;
  std::uint8_t data = 1;
  std::uint16_t type = 3;  // ET_DYN
  std::vector<std::uint32_t> text;  // instruction words
  // Called with (eh_frame vaddr, text vaddr); unset: no .eh_frame.
  std::function<Buffer(std::uint64_t, std::uint64_t)> eh_frame;
  bool eh_frame_hdr = false;    // add .eh_frame_hdr and PT_GNU_EH_FRAME
  bool section_headers = true;  // false: strip the section header table
  std::vector<Symbol> symbols;
  std::vector<Note> notes;
  std::optional<std::uint64_t> stapsdt_base;  // .stapsdt.base vaddr
};

struct BuiltElf {
  Buffer bytes;
  std::uint64_t text_vaddr;
  std::uint64_t eh_frame_vaddr;
};

BuiltElf build_elf(const ElfSpec& spec);

// A typical image: three functions with FDEs (pcrel|sdata4) and symbols.
ElfSpec typical_spec();

}  // namespace probesim::survey::test
