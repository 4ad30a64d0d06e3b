#include "elf_builder.hpp"

#include <cstring>

namespace probesim::survey::test {

void put_u16(Buffer& b, std::uint16_t v) {
  for (int i = 0; i < 2; i++) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void put_u32(Buffer& b, std::uint32_t v) {
  for (int i = 0; i < 4; i++) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void put_u64(Buffer& b, std::uint64_t v) {
  for (int i = 0; i < 8; i++) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void put_uleb(Buffer& b, std::uint64_t v) {
  do {
    std::uint8_t byte = v & 0x7f;
    v >>= 7;
    if (v) byte |= 0x80;
    b.push_back(byte);
  } while (v);
}
void put_sleb(Buffer& b, std::int64_t v) {
  bool more = true;
  while (more) {
    std::uint8_t byte = v & 0x7f;
    v >>= 7;
    if ((v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40)))
      more = false;
    else
      byte |= 0x80;
    b.push_back(byte);
  }
}
void patch_u32(Buffer& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; i++) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

void EhFrameWriter::pointer(std::uint8_t enc, std::uint64_t value) {
  std::uint64_t here = vaddr_ + bytes_.size();
  if ((enc & 0x70) == 0x10) value -= here;
  switch (enc & 0x0f) {
    case 0x00: case 0x04: case 0x0c: put_u64(bytes_, value); break;
    case 0x01: put_uleb(bytes_, value); break;
    case 0x09: put_sleb(bytes_, static_cast<std::int64_t>(value)); break;
    case 0x02: case 0x0a: put_u16(bytes_, static_cast<std::uint16_t>(value)); break;
    case 0x03: case 0x0b: put_u32(bytes_, static_cast<std::uint32_t>(value)); break;
    default: break;
  }
}

std::size_t EhFrameWriter::cie(const CieSpec& spec) {
  std::size_t start = bytes_.size();
  std::size_t len_at;
  if (spec.dwarf64) {
    put_u32(bytes_, 0xffffffffU);
    len_at = bytes_.size();
    put_u64(bytes_, 0);
    put_u64(bytes_, 0);  // CIE id
  } else {
    len_at = bytes_.size();
    put_u32(bytes_, 0);
    put_u32(bytes_, 0);  // CIE id
  }
  bytes_.push_back(spec.version);
  for (char ch : spec.augmentation) bytes_.push_back(static_cast<std::uint8_t>(ch));
  bytes_.push_back(0);
  put_uleb(bytes_, 4);    // code alignment
  put_sleb(bytes_, -8);   // data alignment
  if (spec.version == 1)
    bytes_.push_back(30);  // return address: x30
  else
    put_uleb(bytes_, 30);
  if (!spec.augmentation.empty() && spec.augmentation[0] == 'z') {
    // Augmentation data: written to a scratch writer to learn its size.
    Buffer data;
    EhFrameWriter scratch(0);
    for (char ch : spec.augmentation.substr(1)) {
      if (ch == 'R') data.push_back(spec.fde_encoding);
      if (ch == 'L') data.push_back(spec.lsda_encoding);
      if (ch == 'P') data.push_back(spec.personality_encoding);
      if (ch == 'P') {
        // The pointer's position depends on the uleb length before it;
        // all test data is < 128 bytes, so that length is one byte.
        scratch.vaddr_ = vaddr_ + bytes_.size() + 1 + data.size();
        scratch.bytes_.clear();
        scratch.pointer(spec.personality_encoding, spec.personality);
        data.insert(data.end(), scratch.bytes_.begin(), scratch.bytes_.end());
      }
    }
    put_uleb(bytes_, data.size());
    bytes_.insert(bytes_.end(), data.begin(), data.end());
  }
  // DW_CFA_def_cfa sp, 0 and padding to 8 bytes.
  bytes_.push_back(0x0c);
  bytes_.push_back(31);
  bytes_.push_back(0);
  while ((bytes_.size() - start) % 8 != 0) bytes_.push_back(0);  // DW_CFA_nop
  if (spec.dwarf64) {
    std::uint64_t len = bytes_.size() - len_at - 8;
    for (int i = 0; i < 8; i++)
      bytes_[len_at + i] = static_cast<std::uint8_t>(len >> (8 * i));
  } else {
    patch_u32(bytes_, len_at, static_cast<std::uint32_t>(bytes_.size() - len_at - 4));
  }
  cies_.push_back({start, spec});
  return start;
}

std::size_t EhFrameWriter::fde(std::size_t cie_offset, std::uint64_t pc,
                               std::uint64_t range) {
  const CieSpec* spec = nullptr;
  for (const auto& k : cies_)
    if (k.offset == cie_offset) spec = &k.spec;
  CieSpec plain;
  plain.augmentation = "";
  plain.fde_encoding = 0;
  if (spec == nullptr) spec = &plain;  // tests of bad CIE pointers
  std::size_t start = bytes_.size();
  std::size_t len_at = start;
  if (spec->dwarf64) {
    put_u32(bytes_, 0xffffffffU);
    len_at = bytes_.size();
    put_u64(bytes_, 0);
    put_u64(bytes_, bytes_.size() - cie_offset);
  } else {
    put_u32(bytes_, 0);
    put_u32(bytes_, static_cast<std::uint32_t>(bytes_.size() - cie_offset));
  }
  std::uint8_t enc = spec->augmentation.find('R') != std::string::npos
                         ? spec->fde_encoding
                         : 0;
  pointer(enc, pc);
  pointer(enc & 0x0f, range);
  if (!spec->augmentation.empty() && spec->augmentation[0] == 'z') {
    if (spec->augmentation.find('L') != std::string::npos) {
      Buffer lsda;
      std::size_t before = bytes_.size();
      bytes_.push_back(0);  // length placeholder (one byte)
      pointer(spec->lsda_encoding, 0x20000);
      bytes_[before] = static_cast<std::uint8_t>(bytes_.size() - before - 1);
    } else {
      put_uleb(bytes_, 0);
    }
  }
  while ((bytes_.size() - start) % 8 != 0) bytes_.push_back(0);
  if (spec->dwarf64) {
    std::uint64_t len = bytes_.size() - len_at - 8;
    for (int i = 0; i < 8; i++)
      bytes_[len_at + i] = static_cast<std::uint8_t>(len >> (8 * i));
  } else {
    patch_u32(bytes_, len_at, static_cast<std::uint32_t>(bytes_.size() - len_at - 4));
  }
  return start;
}

namespace {

void align(Buffer& b, std::size_t a) {
  while (b.size() % a) b.push_back(0);
}

struct Shdr {
  std::string name;
  std::uint32_t type;
  std::uint64_t flags, addr, offset, size;
  std::uint32_t link = 0, info = 0;
  std::uint64_t addralign = 1, entsize = 0;
};

}  // namespace

BuiltElf build_elf(const ElfSpec& spec) {
  constexpr std::uint64_t kBase = 0x10000;  // vaddr of file offset 0
  Buffer b(64 + 3 * 56, 0);
  std::vector<Shdr> shdrs;
  shdrs.push_back({"", 0, 0, 0, 0, 0});

  align(b, 16);
  std::uint64_t text_off = b.size();
  std::uint64_t text_vaddr = kBase + text_off;
  for (auto w : spec.text) put_u32(b, w);
  shdrs.push_back({".text", 1, 6, text_vaddr, text_off, b.size() - text_off});

  std::uint64_t eh_vaddr = 0, eh_off = 0, eh_size = 0;
  if (spec.eh_frame) {
    align(b, 8);
    eh_off = b.size();
    eh_vaddr = kBase + eh_off;
    Buffer eh = spec.eh_frame(eh_vaddr, text_vaddr);
    b.insert(b.end(), eh.begin(), eh.end());
    eh_size = eh.size();
    shdrs.push_back({".eh_frame", 1, 2, eh_vaddr, eh_off, eh_size});
  }
  std::uint64_t hdr_off = 0, hdr_size = 0;
  if (spec.eh_frame_hdr) {
    align(b, 4);
    hdr_off = b.size();
    b.push_back(1);     // version
    b.push_back(0x1b);  // eh_frame_ptr: pcrel | sdata4
    b.push_back(0xff);  // no FDE count
    b.push_back(0xff);  // no table
    put_u32(b, static_cast<std::uint32_t>(eh_vaddr - (kBase + b.size())));
    hdr_size = b.size() - hdr_off;
    shdrs.push_back({".eh_frame_hdr", 1, 2, kBase + hdr_off, hdr_off, hdr_size});
  }
  if (spec.stapsdt_base) {
    // .stapsdt.base is one byte at a fixed address; it is not loaded
    // from this file offset (tests only look at sh_addr).
    std::uint64_t off = b.size();
    b.push_back(0);
    shdrs.push_back({".stapsdt.base", 1, 2, *spec.stapsdt_base, off, 1});
  }
  if (!spec.notes.empty()) {
    align(b, 4);
    std::uint64_t off = b.size();
    for (const auto& n : spec.notes) {
      Buffer desc;
      put_u64(desc, n.pc);
      put_u64(desc, n.base);
      put_u64(desc, 0);
      for (const auto* s : {&n.provider, &n.name}) {
        desc.insert(desc.end(), s->begin(), s->end());
        desc.push_back(0);
      }
      const std::string args = "-4@x0";
      desc.insert(desc.end(), args.begin(), args.end());
      desc.push_back(0);
      put_u32(b, 8);
      put_u32(b, static_cast<std::uint32_t>(desc.size()));
      put_u32(b, 3);
      for (char ch : std::string("stapsdt")) b.push_back(static_cast<std::uint8_t>(ch));
      b.push_back(0);
      b.insert(b.end(), desc.begin(), desc.end());
      align(b, 4);
    }
    shdrs.push_back({".note.stapsdt", 7, 0, 0, off, b.size() - off});
  }
  for (int dynamic = 0; dynamic < 2; dynamic++) {
    Buffer strtab(1, 0), symtab(24, 0);
    bool any = false;
    for (const auto& s : spec.symbols) {
      if (s.dynamic != (dynamic == 1)) continue;
      any = true;
      put_u32(symtab, static_cast<std::uint32_t>(strtab.size()));
      strtab.insert(strtab.end(), s.name.begin(), s.name.end());
      strtab.push_back(0);
      symtab.push_back(static_cast<std::uint8_t>(0x10 | s.type));  // GLOBAL
      symtab.push_back(0);
      put_u16(symtab, s.shndx);
      put_u64(symtab, s.text_relative ? text_vaddr + s.value : s.value);
      put_u64(symtab, 4);
    }
    if (!any) continue;
    align(b, 8);
    std::uint64_t sym_off = b.size();
    b.insert(b.end(), symtab.begin(), symtab.end());
    std::uint64_t str_off = b.size();
    b.insert(b.end(), strtab.begin(), strtab.end());
    auto link = static_cast<std::uint32_t>(shdrs.size() + 1);
    Shdr sym{dynamic ? ".dynsym" : ".symtab", dynamic ? 11u : 2u, 0, 0,
             sym_off, symtab.size(), link, 1, 8, 24};
    shdrs.push_back(sym);
    shdrs.push_back({dynamic ? ".dynstr" : ".strtab", 3, 0, 0, str_off,
                     strtab.size()});
  }
  // .shstrtab
  Buffer names(1, 0);
  std::vector<std::uint32_t> name_off;
  shdrs.push_back({".shstrtab", 3, 0, 0, 0, 0});
  for (const auto& s : shdrs) {
    if (s.name.empty()) {
      name_off.push_back(0);
      continue;
    }
    name_off.push_back(static_cast<std::uint32_t>(names.size()));
    names.insert(names.end(), s.name.begin(), s.name.end());
    names.push_back(0);
  }
  shdrs.back().offset = b.size();
  shdrs.back().size = names.size();
  b.insert(b.end(), names.begin(), names.end());

  std::uint64_t shoff = 0;
  if (spec.section_headers) {
    align(b, 8);
    shoff = b.size();
    for (std::size_t i = 0; i < shdrs.size(); i++) {
      const auto& s = shdrs[i];
      put_u32(b, name_off[i]);
      put_u32(b, s.type);
      put_u64(b, s.flags);
      put_u64(b, s.addr);
      put_u64(b, s.offset);
      put_u64(b, s.size);
      put_u32(b, s.link);
      put_u32(b, s.info);
      put_u64(b, s.addralign);
      put_u64(b, s.entsize);
    }
  }

  // Program headers: one R+X PT_LOAD of the whole file, PT_GNU_EH_FRAME.
  Buffer ph;
  std::uint16_t phnum = 1;
  put_u32(ph, 1);
  put_u32(ph, 5);
  put_u64(ph, 0);
  put_u64(ph, kBase);
  put_u64(ph, kBase);
  put_u64(ph, b.size());
  put_u64(ph, b.size());
  put_u64(ph, 0x10000);
  if (spec.eh_frame_hdr) {
    phnum++;
    put_u32(ph, 0x6474e550);
    put_u32(ph, 4);
    put_u64(ph, hdr_off);
    put_u64(ph, kBase + hdr_off);
    put_u64(ph, kBase + hdr_off);
    put_u64(ph, hdr_size);
    put_u64(ph, hdr_size);
    put_u64(ph, 4);
  }
  std::memcpy(b.data() + 64, ph.data(), ph.size());

  Buffer eh(64, 0);
  const std::uint8_t ident[] = {0x7f, 'E', 'L', 'F', spec.elf_class, spec.data, 1};
  std::memcpy(eh.data(), ident, sizeof ident);
  Buffer rest;
  put_u16(rest, spec.type);
  put_u16(rest, spec.machine);
  put_u32(rest, 1);
  put_u64(rest, text_vaddr);
  put_u64(rest, 64);
  put_u64(rest, shoff);
  put_u32(rest, 0);
  put_u16(rest, 64);
  put_u16(rest, 56);
  put_u16(rest, phnum);
  put_u16(rest, 64);
  put_u16(rest, spec.section_headers ? static_cast<std::uint16_t>(shdrs.size()) : 0);
  put_u16(rest, spec.section_headers ? static_cast<std::uint16_t>(shdrs.size() - 1) : 0);
  std::memcpy(eh.data() + 16, rest.data(), rest.size());
  std::memcpy(b.data(), eh.data(), 64);
  return {b, text_vaddr, eh_vaddr};
}

ElfSpec typical_spec() {
  ElfSpec spec;
  spec.text = {
      0xa9bf7bfdU,  // stp x29, x30, [sp, #-16]!
      0x910003fdU,  // mov x29, sp
      0xd65f03c0U,  // ret
      0xd503201fU,  // nop
      0xd503233fU,  // paciasp
      0xd65f03c0U,  // ret
      0xd10043ffU,  // sub sp, sp, #16
      0xd65f03c0U,  // ret
  };
  spec.eh_frame = [](std::uint64_t eh, std::uint64_t text) {
    EhFrameWriter w(eh);
    std::size_t cie = w.cie();
    w.fde(cie, text, 12);
    w.fde(cie, text + 12, 12);
    w.fde(cie, text + 24, 8);
    w.terminator();
    return w.bytes();
  };
  spec.symbols = {{"entry_stp", 0}, {"entry_nop", 12}, {"entry_sub", 24}};
  return spec;
}

}  // namespace probesim::survey::test
