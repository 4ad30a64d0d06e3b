#include "eh_frame.hpp"

#include <map>
#include <set>

namespace probesim::survey {

namespace {

struct Cie {
  bool usable = false;  // false: its FDEs cannot be decoded
  std::string why;      // when not usable
  std::uint8_t fde_encoding = dw_eh_pe::kAbsptr;
  bool has_z = false;   // FDEs carry an augmentation data length
};

struct Entry {
  std::size_t start = 0;     // offset of the length field
  std::size_t id_pos = 0;    // offset of the CIE id / CIE pointer
  std::size_t end = 0;       // offset one past the entry
  bool is64 = false;         // 64-bit DWARF format
  std::uint64_t id = 0;
};

// Reads the entry header at cursor. Returns false at a terminator.
bool read_entry(Cursor& c, bool known_size, Entry& e) {
  e.start = c.pos();
  if (!known_size && c.remaining() < 4) return false;
  std::uint64_t length = c.u32();
  if (length == 0) return false;
  e.is64 = length == 0xffffffffU;
  if (e.is64) length = c.u64();
  e.id_pos = c.pos();
  if (length > c.remaining())
    c.fail("entry length " + std::to_string(length) + " runs past the end (" +
           std::to_string(c.remaining()) + " bytes left)");
  e.end = c.pos() + static_cast<std::size_t>(length);
  if (length < (e.is64 ? 8u : 4u)) c.fail("entry too short for its id");
  e.id = e.is64 ? c.u64() : c.u32();
  return true;
}

Cie parse_cie(Bytes data, std::uint64_t vaddr, std::size_t offset) {
  Cursor c(data, ".eh_frame CIE");
  c.seek(offset);
  Entry e;
  if (!read_entry(c, true, e) || e.id != 0)
    c.fail("an FDE's CIE pointer does not point to a CIE");
  Cursor body(data.subspan(0, e.end), ".eh_frame CIE");
  body.seek(c.pos());

  Cie cie;
  std::uint8_t version = body.u8();
  if (version != 1 && version != 3 && version != 4) {
    cie.why = "CIE version " + std::to_string(version);
    return cie;
  }
  std::string aug = body.cstring();
  std::size_t i = 0;
  if (aug.compare(0, 2, "eh") == 0) {
    body.skip(8);  // the old GCC exception table pointer
    i = 2;
  }
  if (version == 4) body.skip(2);  // address_size, segment_selector_size
  body.uleb128();                  // code alignment factor
  body.sleb128();                  // data alignment factor
  if (version == 1)
    body.u8();                     // return address register
  else
    body.uleb128();
  if (i < aug.size() && aug[i] == 'z') {
    cie.has_z = true;
    std::uint64_t aug_len = body.uleb128();
    if (aug_len > body.remaining())
      body.fail("augmentation data runs past the CIE");
    std::size_t aug_end = body.pos() + static_cast<std::size_t>(aug_len);
    Cursor aug_data(data.subspan(0, aug_end), ".eh_frame CIE augmentation");
    aug_data.seek(body.pos());
    for (i++; i < aug.size(); i++) {
      char ch = aug[i];
      if (ch == 'R') {
        cie.fde_encoding = aug_data.u8();
      } else if (ch == 'L') {
        aug_data.u8();  // LSDA encoding: only FDE augmentation data uses it
      } else if (ch == 'P') {
        std::uint8_t enc = aug_data.u8();
        read_encoded_pointer(aug_data, enc, vaddr + aug_data.pos());
      } else if (ch == 'S' || ch == 'B' || ch == 'G') {
        // signal frame, AArch64 B-key return address signing, MTE tagged
        // frame: no data
      } else {
        // The rest of the data cannot be located, but the 'z' length
        // still bounds it: fine unless 'R' came after this letter.
        if (aug.find('R', i) != std::string::npos) {
          cie.why = "CIE augmentation \"" + aug + "\"";
          return cie;
        }
        break;
      }
    }
  } else if (i < aug.size()) {
    cie.why = "CIE augmentation \"" + aug + "\"";
    return cie;
  }
  cie.usable = true;
  return cie;
}

}  // namespace

std::optional<std::uint64_t> read_encoded_pointer(Cursor& c,
                                                  std::uint8_t encoding,
                                                  std::uint64_t field_vaddr,
                                                  std::uint64_t data_base) {
  using namespace dw_eh_pe;
  if (encoding == kOmit) return std::nullopt;
  std::uint8_t application = encoding & 0x70;
  if (application == kAligned) {
    std::size_t pad = (8 - (field_vaddr % 8)) % 8;
    c.skip(pad);
    field_vaddr += pad;
  }
  std::uint64_t raw = 0;
  switch (encoding & 0x0f) {
    case kAbsptr: raw = c.u64(); break;
    case kUleb128: raw = c.uleb128(); break;
    case kUdata2: raw = c.u16(); break;
    case kUdata4: raw = c.u32(); break;
    case kUdata8: raw = c.u64(); break;
    case kSleb128: raw = static_cast<std::uint64_t>(c.sleb128()); break;
    case kSdata2: raw = static_cast<std::uint64_t>(std::int64_t{c.s16()}); break;
    case kSdata4: raw = static_cast<std::uint64_t>(std::int64_t{c.s32()}); break;
    case kSdata8: raw = c.u64(); break;
    default:
      c.fail("unknown pointer encoding " + std::to_string(encoding));
  }
  switch (application) {
    case 0:
    case kAligned: return raw;
    case kPcrel: return field_vaddr + raw;  // wraps like the hardware does
    case kDatarel:
      if (data_base == 0) return std::nullopt;
      return data_base + raw;
    default: return std::nullopt;  // textrel, funcrel: base unknown here
  }
}

EhFrameEntries parse_eh_frame(Bytes data, std::uint64_t vaddr,
                              bool known_size) {
  EhFrameEntries out;
  std::map<std::size_t, Cie> cies;
  std::set<std::string> notes;
  Cursor c(data, ".eh_frame");
  while (!c.at_end()) {
    Entry e;
    if (!read_entry(c, known_size, e)) break;
    if (e.id == 0) {
      out.cies++;
    } else {
      out.fdes++;
      // The CIE pointer counts back from its own field.
      if (e.id > e.id_pos) c.fail("CIE pointer points before .eh_frame");
      std::size_t cie_offset = e.id_pos - static_cast<std::size_t>(e.id);
      auto it = cies.find(cie_offset);
      if (it == cies.end())
        it = cies.emplace(cie_offset, parse_cie(data, vaddr, cie_offset)).first;
      const Cie& cie = it->second;
      if (!cie.usable) {
        out.skipped++;
        notes.insert("unsupported " + cie.why);
      } else if ((cie.fde_encoding & dw_eh_pe::kIndirect) != 0) {
        out.skipped++;
        notes.insert("indirect FDE pointer encoding");
      } else {
        Cursor fde(data.subspan(0, e.end), ".eh_frame FDE");
        fde.seek(c.pos());
        auto pc = read_encoded_pointer(fde, cie.fde_encoding,
                                       vaddr + fde.pos());
        auto range = read_encoded_pointer(
            fde, static_cast<std::uint8_t>(cie.fde_encoding & 0x0f), 0);
        if (!pc) {
          out.skipped++;
          notes.insert("FDE pointer encoding without a known base");
        } else if (*pc == 0 && range.value_or(0) == 0) {
          out.skipped++;  // the FDE of a function the linker discarded
          notes.insert("FDE for address 0 (discarded function)");
        } else {
          out.pcs.push_back(*pc);
        }
      }
    }
    c.seek(e.end);
  }
  out.notes.assign(notes.begin(), notes.end());
  return out;
}

std::uint64_t eh_frame_address_from_hdr(Bytes hdr, std::uint64_t hdr_vaddr) {
  Cursor c(hdr, ".eh_frame_hdr");
  std::uint8_t version = c.u8();
  if (version != 1)
    c.fail("version " + std::to_string(version) + ", expected 1");
  std::uint8_t ptr_enc = c.u8();
  c.u8();  // fde_count_enc
  c.u8();  // table_enc
  auto addr = read_encoded_pointer(c, ptr_enc, hdr_vaddr + c.pos(), hdr_vaddr);
  if (!addr) c.fail("eh_frame_ptr has an unusable encoding");
  return *addr;
}

}  // namespace probesim::survey
