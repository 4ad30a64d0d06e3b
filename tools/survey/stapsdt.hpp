// USDT probe sites from the SystemTap SDT notes (.note.stapsdt): each
// note gives the probe's address, the link-time address of .stapsdt.base
// (to correct for prelinking), a semaphore, and provider, name and
// argument strings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "elf_reader.hpp"

namespace probesim::survey {

struct UsdtSite {
  std::string provider;
  std::string name;
  std::uint64_t pc = 0;  // already corrected with .stapsdt.base
};

// The notes of one SHT_NOTE section or PT_NOTE segment's bytes. base_delta
// is added to each note's pc only when the note's recorded base is not 0
// (the sdt.h convention: base 0 means no .stapsdt.base).
std::vector<UsdtSite> parse_stapsdt_notes(Bytes notes,
                                          std::uint64_t stapsdt_base_addr,
                                          bool have_base_section);

// All USDT sites of an image: .note.stapsdt sections, or PT_NOTE segments
// in a file without section headers.
std::vector<UsdtSite> usdt_sites(const ElfImage& image);

}  // namespace probesim::survey
