// .eh_frame: the call frame information every function that can be
// unwound through has, stripped binaries included. Each FDE's initial
// location is a function entry. libdw (dwarf_next_cfi) walks the CIEs and
// FDEs; libdw has no call for the pointer encodings of .eh_frame, so the
// initial locations are decoded here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "elf_reader.hpp"

namespace probesim::survey {

struct EhFrameEntries {
  std::string source = "none";  // ".eh_frame", "PT_GNU_EH_FRAME" or "none"
  std::vector<std::uint64_t> pcs;  // FDE initial locations, in file order
  std::size_t cies = 0;
  std::size_t fdes = 0;
  std::size_t skipped = 0;  // FDEs whose location could not be computed
  std::vector<std::string> notes;  // why FDEs were skipped, one per kind
};

// The FDEs of the .eh_frame section or, in a file without section
// headers, of the .eh_frame that PT_GNU_EH_FRAME's .eh_frame_hdr names.
// A malformed .eh_frame raises ParseError.
EhFrameEntries eh_frame_entries(const ElfImage& image);

}  // namespace probesim::survey
