#include "elf_reader.hpp"

#include <algorithm>
#include <cstring>

namespace probesim::survey {

namespace {

constexpr std::uint8_t kElfClass32 = 1;
constexpr std::uint8_t kElfClass64 = 2;
constexpr std::uint8_t kElfData2Lsb = 1;
constexpr std::uint8_t kElfData2Msb = 2;
constexpr std::uint16_t kEtExec = 2;
constexpr std::uint16_t kEtDyn = 3;
constexpr std::uint16_t kPnXnum = 0xffff;
constexpr std::uint16_t kShnXindex = 0xffff;
constexpr std::uint16_t kShnUndef = 0;
constexpr std::uint16_t kShnLoreserve = 0xff00;
constexpr std::uint8_t kSttFunc = 2;
constexpr std::size_t kEhdrSize = 64;
constexpr std::size_t kPhdrSize = 56;
constexpr std::size_t kShdrSize = 64;
constexpr std::size_t kSymSize = 24;

std::string type_name(std::uint16_t type) {
  switch (type) {
    case 0: return "ET_NONE";
    case 1: return "a relocatable object (ET_REL)";
    case 4: return "a core dump (ET_CORE)";
    default: return "ELF type " + std::to_string(type);
  }
}

bool contains(std::uint64_t start, std::uint64_t size, std::uint64_t addr,
              std::uint64_t len) {
  return addr >= start && addr - start <= size && len <= size - (addr - start);
}

// What tells the program header table from the section header table.
struct HeaderTable {
  std::size_t entry_size;     // the one ELF64 defines
  const char* entsize_field;  // the ELF header field that gives it
  const char* entries;        // what the entries are called
};

constexpr HeaderTable kProgramHeaders{kPhdrSize, "e_phentsize",
                                      "program headers"};
constexpr HeaderTable kSectionHeaders{kShdrSize, "e_shentsize",
                                      "section headers"};

// The first count entries of a header table at offset, named what: the
// header must give ELF64's entry size and the entries must fit the file.
Bytes header_table(Bytes data, const HeaderTable& table, std::uint64_t offset,
                   std::uint16_t entsize, std::uint32_t count,
                   std::string_view what) {
  if (entsize != table.entry_size)
    throw ParseError("corrupt ELF header: " + std::string(table.entsize_field) +
                     " " + std::to_string(entsize));
  if (count > data.size() / table.entry_size)
    throw ParseError("truncated ELF: " + std::to_string(count) + " " +
                     table.entries + " cannot fit the file");
  return slice(data, offset, std::uint64_t{count} * table.entry_size, what);
}

}  // namespace

std::string machine_name(std::uint16_t machine) {
  switch (machine) {
    case 3: return "i386";
    case 8: return "MIPS";
    case 20: return "PowerPC";
    case 21: return "PowerPC64";
    case 22: return "s390";
    case 40: return "32-bit ARM";
    case 62: return "x86-64";
    case kEmAarch64: return "AArch64";
    case 243: return "RISC-V";
    case 258: return "LoongArch";
    default: return "e_machine " + std::to_string(machine);
  }
}

ElfImage::ElfImage(Bytes data) : data_(data) {
  static const std::uint8_t kMagic[4] = {0x7f, 'E', 'L', 'F'};
  if (data.size() < 4 || std::memcmp(data.data(), kMagic, 4) != 0)
    throw ParseError("not an ELF file (no \\x7fELF magic)");
  if (data.size() < 20)
    throw ParseError("truncated ELF: " + std::to_string(data.size()) +
                     " bytes, shorter than the ELF header");
  std::uint8_t elf_class = data[4];
  std::uint8_t elf_data = data[5];
  if (elf_data != kElfData2Lsb && elf_data != kElfData2Msb)
    throw ParseError("corrupt ELF header: unknown data encoding " +
                     std::to_string(elf_data));
  // e_machine sits at the same offset in both classes.
  std::uint16_t machine =
      elf_data == kElfData2Lsb
          ? read_u16(data, 18, "e_machine")
          : static_cast<std::uint16_t>((data[18] << 8) | data[19]);
  if (machine != kEmAarch64)
    throw ParseError("not an arm64 ELF file: machine is " +
                     machine_name(machine));
  if (elf_class == kElfClass32)
    throw ParseError("not supported: 32-bit (ILP32) AArch64 ELF");
  if (elf_class != kElfClass64)
    throw ParseError("corrupt ELF header: unknown class " +
                     std::to_string(elf_class));
  if (elf_data != kElfData2Lsb)
    throw ParseError("not supported: big-endian AArch64 ELF");
  if (data.size() < kEhdrSize)
    throw ParseError("truncated ELF: " + std::to_string(data.size()) +
                     " bytes, shorter than the 64-byte ELF header");

  type_ = read_u16(data, 16, "e_type");
  if (type_ != kEtExec && type_ != kEtDyn)
    throw ParseError("not an executable or shared library: " +
                     type_name(type_));

  std::uint64_t phoff = read_u64(data, 32, "e_phoff");
  std::uint64_t shoff = read_u64(data, 40, "e_shoff");
  std::uint16_t ehsize = read_u16(data, 52, "e_ehsize");
  std::uint16_t phentsize = read_u16(data, 54, "e_phentsize");
  std::uint32_t phnum = read_u16(data, 56, "e_phnum");
  std::uint16_t shentsize = read_u16(data, 58, "e_shentsize");
  std::uint32_t shnum = read_u16(data, 60, "e_shnum");
  std::uint32_t shstrndx = read_u16(data, 62, "e_shstrndx");
  if (ehsize < kEhdrSize)
    throw ParseError("corrupt ELF header: e_ehsize " + std::to_string(ehsize));

  // Section 0 holds the real counts when they do not fit the header.
  if (shoff != 0 && (shnum == 0 || shstrndx == kShnXindex || phnum == kPnXnum)) {
    Bytes s0 = header_table(data, kSectionHeaders, shoff, shentsize, 1,
                            "section header 0");
    if (shnum == 0) {
      std::uint64_t n = read_u64(s0, 32, "sh_size");
      if (n > data.size() / kShdrSize)
        throw ParseError("corrupt ELF: section count " + std::to_string(n));
      shnum = static_cast<std::uint32_t>(n);
    }
    if (shstrndx == kShnXindex) shstrndx = read_u32(s0, 40, "sh_link");
    if (phnum == kPnXnum) phnum = read_u32(s0, 44, "sh_info");
  }

  if (phnum != 0) read_segments(phoff, phentsize, phnum);
  if (shoff != 0 && shnum != 0)
    read_sections(shoff, shentsize, shnum, shstrndx);
}

void ElfImage::read_segments(std::uint64_t phoff, std::uint16_t phentsize,
                             std::uint32_t phnum) {
  Bytes table = header_table(data_, kProgramHeaders, phoff, phentsize, phnum,
                             "program header table");
  segments_.reserve(phnum);
  for (std::uint32_t i = 0; i < phnum; i++) {
    Bytes ph = table.subspan(i * kPhdrSize, kPhdrSize);
    Segment s;
    s.type = read_u32(ph, 0, "p_type");
    s.flags = read_u32(ph, 4, "p_flags");
    s.offset = read_u64(ph, 8, "p_offset");
    s.vaddr = read_u64(ph, 16, "p_vaddr");
    s.filesz = read_u64(ph, 32, "p_filesz");
    s.memsz = read_u64(ph, 40, "p_memsz");
    if (s.type == kPtLoad || s.type == kPtGnuEhFrame || s.type == kPtNote) {
      // The bytes the survey reads must be in the file.
      slice(data_, s.offset, s.filesz,
            "segment " + std::to_string(i) + " (program header " +
                std::to_string(i) + ")");
    }
    segments_.push_back(s);
  }
}

void ElfImage::read_sections(std::uint64_t shoff, std::uint16_t shentsize,
                             std::uint32_t shnum, std::uint32_t shstrndx) {
  Bytes table = header_table(data_, kSectionHeaders, shoff, shentsize, shnum,
                             "section header table");
  std::vector<std::uint32_t> name_offsets;
  sections_.reserve(shnum);
  for (std::uint32_t i = 0; i < shnum; i++) {
    Bytes sh = table.subspan(i * kShdrSize, kShdrSize);
    Section s;
    name_offsets.push_back(read_u32(sh, 0, "sh_name"));
    s.type = read_u32(sh, 4, "sh_type");
    s.flags = read_u64(sh, 8, "sh_flags");
    s.addr = read_u64(sh, 16, "sh_addr");
    s.offset = read_u64(sh, 24, "sh_offset");
    s.size = read_u64(sh, 32, "sh_size");
    s.link = read_u32(sh, 40, "sh_link");
    s.entsize = read_u64(sh, 56, "sh_entsize");
    if (s.type != kShtNobits && i != 0)
      slice(data_, s.offset, s.size, "section " + std::to_string(i));
    sections_.push_back(s);
  }
  if (shstrndx == 0) return;  // no section names
  if (shstrndx >= shnum)
    throw ParseError("corrupt ELF header: e_shstrndx " +
                     std::to_string(shstrndx) + " >= " +
                     std::to_string(shnum) + " sections");
  Bytes names = section_bytes(sections_[shstrndx]);
  for (std::uint32_t i = 1; i < shnum; i++)
    sections_[i].name = read_cstring(names, name_offsets[i], "section name");
}

const Section* ElfImage::section(std::string_view name) const {
  for (const auto& s : sections_)
    if (s.name == name) return &s;
  return nullptr;
}

Bytes ElfImage::section_bytes(const Section& s) const {
  if (s.type == kShtNobits) return {};
  return slice(data_, s.offset, s.size, "section " + s.name);
}

Bytes ElfImage::segment_bytes(const Segment& s) const {
  return slice(data_, s.offset, s.filesz, "segment");
}

bool ElfImage::has_symbol_tables() const {
  return std::any_of(sections_.begin(), sections_.end(), [](const Section& s) {
    return s.type == kShtSymtab || s.type == kShtDynsym;
  });
}

std::vector<FunctionSymbol> ElfImage::function_symbols() const {
  std::vector<FunctionSymbol> out;
  for (const auto& s : sections_) {
    if (s.type == kShtSymtab) read_symbols(s, false, out);
    if (s.type == kShtDynsym) read_symbols(s, true, out);
  }
  return out;
}

void ElfImage::read_symbols(const Section& table, bool dynamic,
                            std::vector<FunctionSymbol>& out) const {
  if (table.entsize != kSymSize)
    throw ParseError("corrupt ELF: symbol table " + table.name +
                     " has entry size " + std::to_string(table.entsize));
  if (table.link == 0 || table.link >= sections_.size())
    throw ParseError("corrupt ELF: symbol table " + table.name +
                     " links to section " + std::to_string(table.link));
  Bytes syms = section_bytes(table);
  Bytes strings = section_bytes(sections_[table.link]);
  for (std::size_t off = 0; off + kSymSize <= syms.size(); off += kSymSize) {
    Bytes sym = syms.subspan(off, kSymSize);
    std::uint8_t info = sym[4];
    std::uint16_t shndx = read_u16(sym, 6, "st_shndx");
    std::uint64_t value = read_u64(sym, 8, "st_value");
    if ((info & 0xf) != kSttFunc || shndx == kShnUndef || value == 0)
      continue;
    // SHN_ABS and other reserved indices do not name code in the file.
    if (shndx >= kShnLoreserve && shndx != kShnXindex) continue;
    out.push_back(FunctionSymbol{
        read_cstring(strings, read_u32(sym, 0, "st_name"), "symbol name"),
        value, dynamic});
  }
}

Bytes ElfImage::bytes_at(std::uint64_t vaddr) const {
  for (const auto& s : segments_) {
    if (s.type != kPtLoad) continue;
    if (vaddr >= s.vaddr && vaddr - s.vaddr < s.filesz)
      return segment_bytes(s).subspan(vaddr - s.vaddr);
  }
  return {};
}

std::optional<std::uint64_t> ElfImage::file_offset(std::uint64_t vaddr) const {
  for (const auto& s : segments_) {
    if (s.type == kPtLoad && vaddr >= s.vaddr && vaddr - s.vaddr < s.filesz)
      return s.offset + (vaddr - s.vaddr);
  }
  return std::nullopt;
}

std::optional<std::uint32_t> ElfImage::code_word(std::uint64_t vaddr) const {
  if (vaddr % 4 != 0) return std::nullopt;
  bool have_load = false;
  for (const auto& s : segments_) {
    if (s.type != kPtLoad) continue;
    have_load = true;
    if ((s.flags & kPfX) && contains(s.vaddr, s.filesz, vaddr, 4))
      return read_u32(segment_bytes(s), vaddr - s.vaddr, "instruction");
  }
  if (have_load) return std::nullopt;
  for (const auto& s : sections_) {
    if (s.type == kShtProgbits && (s.flags & kShfExecinstr) &&
        contains(s.addr, s.size, vaddr, 4))
      return read_u32(section_bytes(s), vaddr - s.addr, "instruction");
  }
  return std::nullopt;
}

}  // namespace probesim::survey
