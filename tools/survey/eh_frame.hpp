// .eh_frame: the call frame information every function that can be
// unwound through has, stripped binaries included. Each FDE's initial
// location is a function entry. Parsed from the bytes alone (CIE
// augmentations "z", "L", "P", "R", "S", "B", "G" and the old "eh";
// DW_EH_PE pointer encodings), with no help from libgcc or libdwarf.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bytes.hpp"

namespace probesim::survey {

// DW_EH_PE_* pointer encodings: a format in the low nibble, an
// application in bits 4-6, and the indirect flag.
namespace dw_eh_pe {
inline constexpr std::uint8_t kAbsptr = 0x00;
inline constexpr std::uint8_t kUleb128 = 0x01;
inline constexpr std::uint8_t kUdata2 = 0x02;
inline constexpr std::uint8_t kUdata4 = 0x03;
inline constexpr std::uint8_t kUdata8 = 0x04;
inline constexpr std::uint8_t kSleb128 = 0x09;
inline constexpr std::uint8_t kSdata2 = 0x0a;
inline constexpr std::uint8_t kSdata4 = 0x0b;
inline constexpr std::uint8_t kSdata8 = 0x0c;
inline constexpr std::uint8_t kPcrel = 0x10;
inline constexpr std::uint8_t kTextrel = 0x20;
inline constexpr std::uint8_t kDatarel = 0x30;
inline constexpr std::uint8_t kFuncrel = 0x40;
inline constexpr std::uint8_t kAligned = 0x50;
inline constexpr std::uint8_t kIndirect = 0x80;
inline constexpr std::uint8_t kOmit = 0xff;
}  // namespace dw_eh_pe

// One encoded pointer read at cursor. field_vaddr is the run-time address
// of the byte the cursor is at (for pcrel), data_base the one for datarel
// (0: unknown). Returns nullopt for an encoding whose base is unknown
// (textrel, funcrel, datarel without a base) or that is DW_EH_PE_omit; its
// bytes are consumed all the same. Indirect pointers are not followed.
// An unknown format raises ParseError.
std::optional<std::uint64_t> read_encoded_pointer(Cursor& cursor,
                                                  std::uint8_t encoding,
                                                  std::uint64_t field_vaddr,
                                                  std::uint64_t data_base = 0);

struct EhFrameEntries {
  std::vector<std::uint64_t> pcs;  // FDE initial locations, in file order
  std::size_t cies = 0;
  std::size_t fdes = 0;
  std::size_t skipped = 0;  // FDEs whose location could not be computed
  std::vector<std::string> notes;  // why FDEs were skipped, one per kind
};

// Parses the CIE/FDE list in data, which the program sees at vaddr. With
// known_size the list must fill data exactly (a section); without it
// (found through PT_GNU_EH_FRAME) the list ends at a zero terminator or
// wherever fewer than 4 bytes are left. A malformed list raises
// ParseError.
EhFrameEntries parse_eh_frame(Bytes data, std::uint64_t vaddr,
                              bool known_size);

// The address of .eh_frame named by an .eh_frame_hdr at hdr_vaddr.
std::uint64_t eh_frame_address_from_hdr(Bytes hdr, std::uint64_t hdr_vaddr);

}  // namespace probesim::survey
