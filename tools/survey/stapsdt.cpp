#include "stapsdt.hpp"

#include <algorithm>

namespace probesim::survey {

namespace {

constexpr std::uint32_t kNtStapsdt = 3;

std::uint64_t align4(std::uint64_t n) { return (n + 3) & ~std::uint64_t{3}; }

}  // namespace

std::vector<UsdtSite> parse_stapsdt_notes(Bytes notes,
                                          std::uint64_t stapsdt_base_addr,
                                          bool have_base_section) {
  std::vector<UsdtSite> out;
  Cursor c(notes, ".note.stapsdt");
  while (c.remaining() >= 12) {
    std::uint32_t namesz = c.u32();
    std::uint32_t descsz = c.u32();
    std::uint32_t type = c.u32();
    if (align4(namesz) > c.remaining()) c.fail("note name runs past the end");
    Bytes name = notes.subspan(c.pos(), namesz);
    c.skip(align4(namesz));
    if (align4(descsz) > c.remaining())
      c.fail("note descriptor runs past the end");
    Bytes desc = notes.subspan(c.pos(), descsz);
    c.skip(align4(descsz));

    static const std::uint8_t kOwner[] = {'s', 't', 'a', 'p', 's', 'd', 't', 0};
    if (type != kNtStapsdt || namesz != sizeof kOwner ||
        !std::equal(name.begin(), name.end(), kOwner))
      continue;
    Cursor d(desc, "stapsdt note descriptor");
    UsdtSite site;
    site.pc = d.u64();
    std::uint64_t base = d.u64();
    d.u64();  // semaphore
    site.provider = d.cstring();
    site.name = d.cstring();
    d.cstring();  // argument format
    if (have_base_section && base != 0) site.pc += stapsdt_base_addr - base;
    out.push_back(std::move(site));
  }
  return out;
}

std::vector<UsdtSite> usdt_sites(const ElfImage& image) {
  const Section* base = image.section(".stapsdt.base");
  std::uint64_t base_addr = base ? base->addr : 0;
  std::vector<UsdtSite> out;
  auto add = [&](Bytes notes) {
    auto sites = parse_stapsdt_notes(notes, base_addr, base != nullptr);
    out.insert(out.end(), sites.begin(), sites.end());
  };
  if (!image.sections().empty()) {
    for (const auto& s : image.sections())
      if (s.type == kShtNote && s.name == ".note.stapsdt")
        add(image.section_bytes(s));
    return out;
  }
  // .note.stapsdt is not SHF_ALLOC, so without section headers it is only
  // found if a linker script put it into a PT_NOTE segment.
  for (const auto& seg : image.segments())
    if (seg.type == kPtNote) add(image.segment_bytes(seg));
  return out;
}

}  // namespace probesim::survey
