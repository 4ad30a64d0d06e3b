#include "eh_frame.hpp"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include <map>
#include <optional>
#include <set>

namespace probesim::survey {

namespace {

// Reads the bytes [p, end), which the program sees from vaddr on.
class Reader {
 public:
  Reader(const std::uint8_t* p, const std::uint8_t* end, std::uint64_t vaddr,
         const char* what)
      : p_(p), end_(end), vaddr_(vaddr), what_(what) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw ParseError("corrupt " + std::string(what_) + ": " + why);
  }

  std::uint8_t u8() { return static_cast<std::uint8_t>(little_endian(1)); }

  std::uint64_t little_endian(unsigned n) {
    if (static_cast<std::size_t>(end_ - p_) < n) fail("truncated");
    std::uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= std::uint64_t{p_[i]} << (8 * i);
    p_ += n;
    vaddr_ += n;
    return v;
  }

  std::uint64_t leb128(bool is_signed) {
    std::uint64_t v = 0;
    unsigned shift = 0;
    std::uint8_t b;
    do {
      b = u8();
      if (shift >= 64 && (b & 0x7f) != 0) fail("LEB128 value does not fit 64 bits");
      if (shift < 64) v |= std::uint64_t{b & 0x7fu} << shift;
      shift += 7;
    } while (b & 0x80);
    if (is_signed && shift < 64 && (b & 0x40)) v |= ~std::uint64_t{0} << shift;
    return v;
  }

  // A DW_EH_PE-encoded pointer; nullopt for DW_EH_PE_omit and for an
  // encoding whose base is unknown here (textrel, funcrel, datarel without
  // data_base), whose bytes are read all the same. Indirect pointers are
  // not followed.
  std::optional<std::uint64_t> pointer(std::uint8_t encoding,
                                       std::uint64_t data_base = 0) {
    if (encoding == DW_EH_PE_omit) return std::nullopt;
    const std::uint8_t application = encoding & 0x70;
    if (application == DW_EH_PE_aligned) little_endian((8 - vaddr_ % 8) % 8);
    const std::uint64_t at = vaddr_;
    std::uint64_t raw = 0;
    switch (encoding & 0x0f) {
      case DW_EH_PE_absptr:
      case DW_EH_PE_udata8:
      case DW_EH_PE_sdata8: raw = little_endian(8); break;
      case DW_EH_PE_udata4: raw = little_endian(4); break;
      case DW_EH_PE_sdata4:
        raw = static_cast<std::uint64_t>(std::int64_t{static_cast<std::int32_t>(little_endian(4))});
        break;
      case DW_EH_PE_udata2: raw = little_endian(2); break;
      case DW_EH_PE_sdata2:
        raw = static_cast<std::uint64_t>(std::int64_t{static_cast<std::int16_t>(little_endian(2))});
        break;
      case DW_EH_PE_uleb128: raw = leb128(false); break;
      case DW_EH_PE_sleb128: raw = leb128(true); break;
      default: fail("unknown pointer encoding " + std::to_string(encoding));
    }
    switch (application) {
      case DW_EH_PE_absptr:
      case DW_EH_PE_aligned: return raw;
      case DW_EH_PE_pcrel: return at + raw;  // wraps like the hardware does
      case DW_EH_PE_datarel:
        return data_base == 0 ? std::nullopt : std::optional(data_base + raw);
      default: return std::nullopt;
    }
  }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
  std::uint64_t vaddr_;
  const char* what_;
};

// What an FDE needs of its CIE: the encoding of its initial location, or
// why it cannot be decoded.
struct Cie {
  std::string why;  // empty: usable
  std::uint8_t fde_encoding = DW_EH_PE_absptr;
};

// The 'R' encoding in the augmentation data; aug_vaddr is where the
// program sees that data.
Cie read_cie(const Dwarf_CIE& entry, std::uint64_t aug_vaddr) {
  const std::string aug = entry.augmentation;
  // libdw has skipped the pointer of the old GCC "eh" augmentation.
  std::size_t i = aug.starts_with("eh") ? 2 : 0;
  Cie cie;
  if (i == aug.size()) return cie;
  const std::string unsupported = "CIE augmentation \"" + aug + "\"";
  if (aug[i] != 'z') return {unsupported};
  Reader r(entry.augmentation_data,
           entry.augmentation_data + entry.augmentation_data_size, aug_vaddr,
           ".eh_frame CIE augmentation");
  for (i++; i < aug.size(); i++) {
    switch (aug[i]) {
      case 'R': cie.fde_encoding = r.u8(); break;
      case 'L': r.u8(); break;  // the LSDA's encoding, for FDE data
      case 'P': r.pointer(r.u8()); break;  // the personality routine
      // Signal frame, AArch64 B-key return address signing, MTE tagged
      // frame: no data.
      case 'S':
      case 'B':
      case 'G': break;
      default:
        // The rest of the data cannot be located, but 'z' bounds it: fine
        // unless 'R' comes after this letter.
        if (aug.find('R', i) != std::string::npos) cie.why = unsupported;
        return cie;
    }
  }
  return cie;
}

// The CIEs and FDEs of data, which the program sees at vaddr.
void walk(Elf* elf, Elf_Data* data, std::uint64_t vaddr, EhFrameEntries& out) {
  const auto* ident = reinterpret_cast<const unsigned char*>(elf_getident(elf, nullptr));
  const auto* base = static_cast<const std::uint8_t*>(data->d_buf);
  auto vaddr_of = [&](const std::uint8_t* p) { return vaddr + (p - base); };
  auto next_entry = [&](Dwarf_Off offset, Dwarf_Off& next, Dwarf_CFI_Entry& entry) {
    const int rc = dwarf_next_cfi(ident, data, true, offset, &next, &entry);
    if (rc < 0)
      throw ParseError("corrupt .eh_frame at offset " + std::to_string(offset) +
                       ": " + dwarf_errmsg(-1));
    return rc == 0;
  };
  std::map<Dwarf_Off, Cie> cies;
  std::set<std::string> notes;
  Dwarf_CFI_Entry entry;
  for (Dwarf_Off offset = 0, next = 0; next_entry(offset, next, entry); offset = next) {
    if (dwarf_cfi_cie_p(&entry)) {
      out.cies++;
      continue;
    }
    out.fdes++;
    const Dwarf_Off cie_offset = entry.fde.CIE_pointer;
    const Dwarf_FDE fde = entry.fde;
    auto it = cies.find(cie_offset);
    if (it == cies.end()) {
      Dwarf_Off unused;
      if (!next_entry(cie_offset, unused, entry) || !dwarf_cfi_cie_p(&entry))
        throw ParseError("corrupt .eh_frame: an FDE's CIE pointer does not point to a CIE");
      it = cies.emplace(cie_offset, read_cie(entry.cie, vaddr_of(entry.cie.augmentation_data)))
               .first;
    }
    const Cie& cie = it->second;
    std::optional<std::uint64_t> pc;
    if (!cie.why.empty()) {
      notes.insert("unsupported " + cie.why);
    } else if (cie.fde_encoding & DW_EH_PE_indirect) {
      notes.insert("indirect FDE pointer encoding");
    } else {
      Reader r(fde.start, fde.end, vaddr_of(fde.start), ".eh_frame FDE");
      pc = r.pointer(cie.fde_encoding);
      const std::uint64_t range = r.pointer(cie.fde_encoding & 0x0f).value_or(0);
      if (!pc) {
        notes.insert("FDE pointer encoding without a known base");
      } else if (*pc == 0 && range == 0) {
        notes.insert("FDE for address 0 (discarded function)");
        pc.reset();
      }
    }
    if (pc)
      out.pcs.push_back(*pc);
    else
      out.skipped++;
  }
  out.notes.assign(notes.begin(), notes.end());
}

}  // namespace

EhFrameEntries eh_frame_entries(const ElfImage& image) {
  EhFrameEntries out;
  GElf_Shdr sh;
  if (Elf_Scn* scn = image.section(".eh_frame", sh);
      scn != nullptr && sh.sh_type != SHT_NOBITS) {
    Elf_Data* data = elf_rawdata(scn, nullptr);
    if (data == nullptr) throw ParseError(elf_failure("corrupt .eh_frame"));
    out.source = ".eh_frame";
    walk(image.elf(), data, sh.sh_addr, out);
    return out;
  }
  if (image.has_sections()) return out;
  for (const auto& seg : image.segments()) {
    if (seg.p_type != PT_GNU_EH_FRAME) continue;
    Bytes hdr = image.bytes_at(seg.p_vaddr);
    Reader r(hdr.data(), hdr.data() + std::min<std::uint64_t>(hdr.size(), seg.p_filesz),
             seg.p_vaddr, ".eh_frame_hdr");
    if (const std::uint8_t version = r.u8(); version != 1)
      r.fail("version " + std::to_string(version) + ", expected 1");
    const std::uint8_t encoding = r.u8();
    r.little_endian(2);  // the encodings of the FDE count and table
    const std::optional<std::uint64_t> at = r.pointer(encoding, seg.p_vaddr);
    if (!at) r.fail("eh_frame_ptr has an unusable encoding");
    Bytes bytes = image.bytes_at(*at);
    if (bytes.empty())
      throw ParseError("corrupt .eh_frame_hdr: .eh_frame address is "
                       "outside the loaded segments");
    Elf_Data data{};
    data.d_buf = const_cast<std::uint8_t*>(bytes.data());
    data.d_size = bytes.size();
    data.d_type = ELF_T_BYTE;
    out.source = "PT_GNU_EH_FRAME";
    walk(image.elf(), &data, *at, out);
    return out;
  }
  return out;
}

}  // namespace probesim::survey
