#include "elf_reader.hpp"

#include <algorithm>
#include <cstring>

namespace probesim::survey {

namespace {

constexpr std::uint32_t kNtStapsdt = 3;

std::string type_name(std::uint16_t type) {
  switch (type) {
    case ET_NONE: return "ET_NONE";
    case ET_REL: return "a relocatable object (ET_REL)";
    case ET_CORE: return "a core dump (ET_CORE)";
    default: return "ELF type " + std::to_string(type);
  }
}

// The n-byte little-endian number at p.
std::uint64_t load_le(const unsigned char* p, int n) {
  std::uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = (v << 8) | p[i];
  return v;
}

// The NUL-terminated string at p, which must end before end; p moves past
// it.
std::string take_string(const char*& p, const char* end) {
  const void* nul = std::memchr(p, 0, static_cast<std::size_t>(end - p));
  if (nul == nullptr) throw ParseError("corrupt .note.stapsdt: unterminated string");
  std::string s(p, static_cast<const char*>(nul));
  p = static_cast<const char*>(nul) + 1;
  return s;
}

// The stapsdt notes of a note section's or segment's data.
void read_stapsdt_notes(Elf_Data* data, const GElf_Shdr* base, std::vector<UsdtSite>& out) {
  if (data == nullptr) throw ParseError(elf_failure("unreadable notes"));
  const auto* bytes = static_cast<const char*>(data->d_buf);
  std::size_t offset = 0;
  // Bytes too few for a note header are padding.
  while (data->d_size - offset >= sizeof(GElf_Nhdr)) {
    GElf_Nhdr note;
    std::size_t name_at = 0, desc_at = 0;
    offset = gelf_getnote(data, offset, &note, &name_at, &desc_at);
    if (offset == 0) throw ParseError("corrupt .note.stapsdt: truncated note");
    if (note.n_type != kNtStapsdt || note.n_namesz != sizeof "stapsdt" ||
        std::memcmp(bytes + name_at, "stapsdt", sizeof "stapsdt") != 0)
      continue;
    // pc, .stapsdt.base as linked, semaphore; provider, name, arguments.
    const char* p = bytes + desc_at;
    const char* end = p + note.n_descsz;
    if (note.n_descsz < 24) throw ParseError("corrupt .note.stapsdt: short descriptor");
    const auto* words = reinterpret_cast<const unsigned char*>(p);
    UsdtSite site;
    site.pc = load_le(words, 8);
    const std::uint64_t linked_base = load_le(words + 8, 8);
    p += 24;
    site.provider = take_string(p, end);
    site.name = take_string(p, end);
    take_string(p, end);
    // The sdt.h convention: a recorded base of 0 means no .stapsdt.base.
    if (base != nullptr && linked_base != 0) site.pc += base->sh_addr - linked_base;
    out.push_back(std::move(site));
  }
}

}  // namespace

std::string elf_failure(std::string_view what) {
  const char* why = elf_errmsg(-1);
  return std::string(what) + ": " + (why ? why : "unknown libelf error");
}

std::string machine_name(std::uint16_t machine) {
  switch (machine) {
    case EM_386: return "i386";
    case EM_MIPS: return "MIPS";
    case EM_PPC: return "PowerPC";
    case EM_PPC64: return "PowerPC64";
    case EM_S390: return "s390";
    case EM_ARM: return "32-bit ARM";
    case EM_X86_64: return "x86-64";
    case EM_AARCH64: return "AArch64";
    case EM_RISCV: return "RISC-V";
    case 258: return "LoongArch";
    default: return "e_machine " + std::to_string(machine);
  }
}

ElfImage::ElfImage(Bytes data) : data_(data) {
  if (data.size() < SELFMAG || std::memcmp(data.data(), ELFMAG, SELFMAG) != 0)
    throw ParseError("not an ELF file (no \\x7fELF magic)");
  static const bool versioned = elf_version(EV_CURRENT) != EV_NONE;
  if (!versioned) throw ParseError(elf_failure("libelf"));
  // libelf only reads the image (ELF_C_READ_MMAP_PRIVATE copies on write).
  elf_ = elf_memory(const_cast<char*>(reinterpret_cast<const char*>(data.data())), data.size());
  if (elf_ == nullptr) throw ParseError(elf_failure("corrupt ELF"));
  const char* ident = elf_getident(elf_, nullptr);
  GElf_Ehdr ehdr;
  if (elf_kind(elf_) != ELF_K_ELF || ident == nullptr || gelf_getehdr(elf_, &ehdr) == nullptr) {
    elf_end(elf_);
    throw ParseError("corrupt or truncated ELF header");
  }
  // What fails to be arm64 is named before what fails to be surveyable.
  try {
    if (ehdr.e_machine != EM_AARCH64)
      throw ParseError("not an arm64 ELF file: machine is " + machine_name(ehdr.e_machine));
    if (ident[EI_CLASS] != ELFCLASS64)
      throw ParseError("not supported: 32-bit (ILP32) AArch64 ELF");
    if (ident[EI_DATA] != ELFDATA2LSB) throw ParseError("not supported: big-endian AArch64 ELF");
    if (ehdr.e_type != ET_EXEC && ehdr.e_type != ET_DYN)
      throw ParseError("not an executable or shared library: " + type_name(ehdr.e_type));
    std::size_t count = 0;
    if (elf_getshdrnum(elf_, &section_count_) != 0 || elf_getphdrnum(elf_, &count) != 0)
      throw ParseError(elf_failure("corrupt ELF header"));
    // libelf reads a header table that does not fit the file as empty.
    if ((ehdr.e_shoff != 0 && ehdr.e_shnum != 0 && section_count_ == 0) ||
        (ehdr.e_phoff != 0 && ehdr.e_phnum != 0 && count == 0))
      throw ParseError("truncated ELF: a header table extends past the end of the file");
    for (std::size_t i = 0; i < count; i++) {
      GElf_Phdr ph;
      if (gelf_getphdr(elf_, static_cast<int>(i), &ph) == nullptr)
        throw ParseError(elf_failure("corrupt program header"));
      // The bytes the survey reads must be in the file.
      if ((ph.p_type == PT_LOAD || ph.p_type == PT_GNU_EH_FRAME || ph.p_type == PT_NOTE) &&
          (ph.p_offset > data.size() || ph.p_filesz > data.size() - ph.p_offset))
        throw ParseError("truncated ELF: segment " + std::to_string(i) +
                         " extends past the end of the file");
      segments_.push_back(ph);
    }
  } catch (...) {
    elf_end(elf_);
    throw;
  }
}

ElfImage::~ElfImage() { elf_end(elf_); }

Elf_Scn* ElfImage::section(std::string_view name, GElf_Shdr& header) const {
  std::size_t names = 0;
  if (elf_getshdrstrndx(elf_, &names) != 0 || names == 0) return nullptr;
  for (Elf_Scn* scn = elf_nextscn(elf_, nullptr); scn != nullptr; scn = elf_nextscn(elf_, scn)) {
    if (gelf_getshdr(scn, &header) == nullptr)
      throw ParseError(elf_failure("corrupt section header"));
    const char* s = elf_strptr(elf_, names, header.sh_name);
    if (s == nullptr) throw ParseError(elf_failure("corrupt section name"));
    if (name == s) return scn;
  }
  return nullptr;
}

std::vector<FunctionSymbol> ElfImage::function_symbols() const {
  std::vector<FunctionSymbol> out;
  for (Elf_Scn* scn = elf_nextscn(elf_, nullptr); scn != nullptr; scn = elf_nextscn(elf_, scn)) {
    GElf_Shdr sh;
    if (gelf_getshdr(scn, &sh) == nullptr) throw ParseError(elf_failure("corrupt section header"));
    if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) continue;
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (data == nullptr) throw ParseError(elf_failure("corrupt symbol table"));
    const std::size_t count = data->d_size / gelf_fsize(elf_, ELF_T_SYM, 1, EV_CURRENT);
    for (std::size_t i = 0; i < count; i++) {
      GElf_Sym sym;
      if (gelf_getsym(data, static_cast<int>(i), &sym) == nullptr)
        throw ParseError(elf_failure("corrupt symbol"));
      // SHN_ABS and other reserved indices do not name code in the file.
      if (GELF_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_shndx == SHN_UNDEF || sym.st_value == 0 ||
          (sym.st_shndx >= SHN_LORESERVE && sym.st_shndx != SHN_XINDEX))
        continue;
      const char* name = elf_strptr(elf_, sh.sh_link, sym.st_name);
      if (name == nullptr) throw ParseError(elf_failure("corrupt symbol name"));
      out.push_back(FunctionSymbol{name, sym.st_value});
    }
  }
  return out;
}

std::vector<UsdtSite> ElfImage::usdt_sites() const {
  std::vector<UsdtSite> out;
  if (has_sections()) {
    GElf_Shdr base_header;
    const GElf_Shdr* base = section(".stapsdt.base", base_header) ? &base_header : nullptr;
    std::size_t names = 0;
    if (elf_getshdrstrndx(elf_, &names) != 0) return out;
    for (Elf_Scn* scn = elf_nextscn(elf_, nullptr); scn != nullptr; scn = elf_nextscn(elf_, scn)) {
      GElf_Shdr sh;
      if (gelf_getshdr(scn, &sh) == nullptr || sh.sh_type != SHT_NOTE) continue;
      const char* name = elf_strptr(elf_, names, sh.sh_name);
      if (name != nullptr && std::strcmp(name, ".note.stapsdt") == 0)
        read_stapsdt_notes(elf_getdata(scn, nullptr), base, out);
    }
    return out;
  }
  // .note.stapsdt is not SHF_ALLOC, so without section headers it is only
  // found if a linker script put it into a PT_NOTE segment.
  for (const auto& seg : segments_)
    if (seg.p_type == PT_NOTE)
      read_stapsdt_notes(elf_getdata_rawchunk(elf_, static_cast<std::int64_t>(seg.p_offset),
                                              seg.p_filesz, ELF_T_NHDR),
                         nullptr, out);
  return out;
}

const GElf_Phdr* ElfImage::load_segment(std::uint64_t vaddr, std::uint64_t size,
                                        bool executable) const {
  for (const auto& s : segments_)
    if (s.p_type == PT_LOAD && (!executable || (s.p_flags & PF_X)) && vaddr >= s.p_vaddr &&
        vaddr - s.p_vaddr < s.p_filesz && size <= s.p_filesz - (vaddr - s.p_vaddr))
      return &s;
  return nullptr;
}

Bytes ElfImage::bytes_at(std::uint64_t vaddr) const {
  const GElf_Phdr* s = load_segment(vaddr, 1, false);
  if (s == nullptr) return {};
  return data_.subspan(s->p_offset + (vaddr - s->p_vaddr), s->p_filesz - (vaddr - s->p_vaddr));
}

std::optional<std::uint64_t> ElfImage::file_offset(std::uint64_t vaddr) const {
  const GElf_Phdr* s = load_segment(vaddr, 1, false);
  if (s == nullptr) return std::nullopt;
  return s->p_offset + (vaddr - s->p_vaddr);
}

std::optional<std::uint32_t> ElfImage::code_word(std::uint64_t vaddr) const {
  if (vaddr % 4 != 0) return std::nullopt;
  std::optional<std::uint64_t> offset;
  if (const GElf_Phdr* s = load_segment(vaddr, 4, true)) {
    offset = s->p_offset + (vaddr - s->p_vaddr);
  } else if (std::none_of(segments_.begin(), segments_.end(),
                          [](const GElf_Phdr& s) { return s.p_type == PT_LOAD; })) {
    // Without program headers, the code sections' addresses.
    for (Elf_Scn* scn = elf_nextscn(elf_, nullptr); scn != nullptr && !offset;
         scn = elf_nextscn(elf_, scn)) {
      GElf_Shdr sh;
      if (gelf_getshdr(scn, &sh) != nullptr && sh.sh_type == SHT_PROGBITS &&
          (sh.sh_flags & SHF_EXECINSTR) && vaddr >= sh.sh_addr && vaddr - sh.sh_addr < sh.sh_size &&
          sh.sh_size - (vaddr - sh.sh_addr) >= 4)
        offset = sh.sh_offset + (vaddr - sh.sh_addr);
    }
  }
  if (!offset) return std::nullopt;
  if (*offset > data_.size() || data_.size() - *offset < 4)
    throw ParseError("truncated ELF: a code section extends past the end of the file");
  return static_cast<std::uint32_t>(load_le(data_.data() + *offset, 4));
}

}  // namespace probesim::survey
