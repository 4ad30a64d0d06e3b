#include "eh_frame.hpp"

#include <gtest/gtest.h>

#include "elf_builder.hpp"

namespace probesim::survey {
namespace {

using test::EhFrameWriter;

constexpr std::uint64_t kEh = 0x20000;

std::vector<std::uint64_t> pcs_of(EhFrameWriter& w) {
  return parse_eh_frame(w.bytes(), kEh, true).pcs;
}

// Every FDE pointer encoding GCC and LLVM emit, and a few more.
class Encoding : public ::testing::TestWithParam<std::uint8_t> {};

TEST_P(Encoding, FdeLocationRoundTrips) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec spec;
  spec.fde_encoding = GetParam();
  std::size_t cie = w.cie(spec);
  std::uint8_t format = GetParam() & 0x0f;
  bool pcrel = (GetParam() & 0x70) == 0x10;
  // Below .eh_frame, a pcrel offset is negative: unsigned 16/32-bit and
  // ULEB128 formats cannot hold it.
  bool negative_ok = !pcrel || format == 0x00 || format == 0x04 ||
                     format >= 0x09;
  std::vector<std::uint64_t> want = {kEh + 0x1234};
  if (negative_ok) want.push_back(kEh - 0x100);
  for (auto pc : want) w.fde(cie, pc, 8);
  w.terminator();
  auto r = parse_eh_frame(w.bytes(), kEh, true);
  EXPECT_EQ(r.cies, 1U);
  EXPECT_EQ(r.fdes, want.size());
  EXPECT_EQ(r.pcs, want);
}

INSTANTIATE_TEST_SUITE_P(
    DwEhPe, Encoding,
    ::testing::Values(0x1b /* pcrel|sdata4 */, 0x03 /* udata4 */,
                      0x1c /* pcrel|sdata8 */, 0x00 /* absptr */,
                      0x04 /* udata8 */, 0x0c /* sdata8 */, 0x0b /* sdata4 */,
                      0x13 /* pcrel|udata4 */, 0x14 /* pcrel|udata8 */,
                      0x01 /* uleb128 */, 0x09 /* sleb128 */,
                      0x1a /* pcrel|sdata2 */, 0x19 /* pcrel|sleb128 */));

TEST(EhFrame, PersonalityLsdaAndRAugmentation) {
  // "zPLR", as C++ code has: personality indirect|pcrel|sdata4.
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec spec;
  spec.augmentation = "zPLR";
  spec.personality = 0x30000;
  std::size_t cie = w.cie(spec);
  w.fde(cie, 0x4000, 64);
  w.fde(cie, 0x4040, 64);
  w.terminator();
  EXPECT_EQ(pcs_of(w), (std::vector<std::uint64_t>{0x4000, 0x4040}));
}

TEST(EhFrame, AbsolutePersonalityAndAArch64Letters) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec spec;
  spec.augmentation = "zPRSBG";  // signal frame, B key, MTE tagged
  spec.personality_encoding = 0x00;
  spec.personality = 0xdeadbeef;
  spec.fde_encoding = 0x03;
  std::size_t cie = w.cie(spec);
  w.fde(cie, 0x5000);
  EXPECT_EQ(pcs_of(w), (std::vector<std::uint64_t>{0x5000}));
}

TEST(EhFrame, SeveralCiesAndEmptyAugmentation) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec plain;
  plain.augmentation = "";  // absptr FDEs, no augmentation data
  std::size_t a = w.cie();
  std::size_t b = w.cie(plain);
  w.fde(b, 0x7000);
  w.fde(a, 0x6000);
  EXPECT_EQ(pcs_of(w), (std::vector<std::uint64_t>{0x7000, 0x6000}));
}

TEST(EhFrame, Version3AndDwarf64) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec v3;
  v3.version = 3;
  std::size_t a = w.cie(v3);
  EhFrameWriter::CieSpec wide;
  wide.dwarf64 = true;
  std::size_t b = w.cie(wide);
  w.fde(a, 0x100);
  w.fde(b, 0x200);
  auto r = parse_eh_frame(w.bytes(), kEh, true);
  EXPECT_EQ(r.pcs, (std::vector<std::uint64_t>{0x100, 0x200}));
}

TEST(EhFrame, ZeroTerminatorEndsTheList) {
  EhFrameWriter w(kEh);
  std::size_t cie = w.cie();
  w.fde(cie, 0x100);
  w.terminator();
  w.fde(cie, 0x200);  // after the terminator: not read
  EXPECT_EQ(pcs_of(w), (std::vector<std::uint64_t>{0x100}));
}

TEST(EhFrame, UnsizedListStopsAtTheEndOrTerminator) {
  EhFrameWriter w(kEh);
  std::size_t cie = w.cie();
  w.fde(cie, 0x100);
  w.bytes().push_back(0);  // fewer than 4 bytes left
  EXPECT_EQ(parse_eh_frame(w.bytes(), kEh, false).pcs.size(), 1U);
  EXPECT_THROW(parse_eh_frame(w.bytes(), kEh, true), ParseError);
}

TEST(EhFrame, DiscardedFunctionIsSkipped) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec abs;
  abs.fde_encoding = 0x03;
  std::size_t cie = w.cie(abs);
  w.fde(cie, 0, 0);
  w.fde(cie, 0x400);
  auto r = parse_eh_frame(w.bytes(), kEh, true);
  EXPECT_EQ(r.pcs, (std::vector<std::uint64_t>{0x400}));
  EXPECT_EQ(r.skipped, 1U);
}

TEST(EhFrame, UnknownAugmentationSkipsItsFdes) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec odd;
  odd.augmentation = "zXR";  // X has data of unknown size before R
  std::size_t bad = w.cie(odd);
  std::size_t good = w.cie();
  w.fde(bad, 0x100);
  w.fde(good, 0x200);
  auto r = parse_eh_frame(w.bytes(), kEh, true);
  EXPECT_EQ(r.pcs, (std::vector<std::uint64_t>{0x200}));
  EXPECT_EQ(r.skipped, 1U);
  ASSERT_EQ(r.notes.size(), 1U);
  EXPECT_NE(r.notes[0].find("zXR"), std::string::npos);
}

TEST(EhFrame, TextrelAndIndirectFdesAreSkipped) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec textrel;
  textrel.fde_encoding = 0x23;
  EhFrameWriter::CieSpec indirect;
  indirect.fde_encoding = 0x9b;
  w.fde(w.cie(textrel), 0x100);
  w.fde(w.cie(indirect), 0x100);
  auto r = parse_eh_frame(w.bytes(), kEh, true);
  EXPECT_TRUE(r.pcs.empty());
  EXPECT_EQ(r.skipped, 2U);
}

TEST(EhFrame, LengthPastTheEndIsCorrupt) {
  EhFrameWriter w(kEh);
  std::size_t cie = w.cie();
  w.fde(cie, 0x100);
  test::patch_u32(w.bytes(), 0, 0x1000);
  EXPECT_THROW(parse_eh_frame(w.bytes(), kEh, true), ParseError);
}

TEST(EhFrame, CiePointerToAnFdeIsCorrupt) {
  EhFrameWriter w(kEh);
  std::size_t cie = w.cie();
  std::size_t fde = w.fde(cie, 0x100);
  w.fde(fde, 0x200);  // points at the first FDE, not a CIE
  EXPECT_THROW(parse_eh_frame(w.bytes(), kEh, true), ParseError);
}

TEST(EhFrame, CiePointerBeforeTheSectionIsCorrupt) {
  EhFrameWriter w(kEh);
  std::size_t cie = w.cie();
  std::size_t fde = w.fde(cie, 0x100);
  test::patch_u32(w.bytes(), fde + 4, 0x7fffffff);
  EXPECT_THROW(parse_eh_frame(w.bytes(), kEh, true), ParseError);
}

TEST(EhFrame, UnknownPointerFormatIsCorrupt) {
  EhFrameWriter w(kEh);
  EhFrameWriter::CieSpec odd;
  odd.fde_encoding = 0x07;  // no such format
  w.fde(w.cie(odd), 0x100);
  EXPECT_THROW(parse_eh_frame(w.bytes(), kEh, true), ParseError);
}

TEST(EhFrame, EntryTooShortForItsIdIsCorrupt) {
  std::vector<std::uint8_t> d = {2, 0, 0, 0, 0, 0};
  EXPECT_THROW(parse_eh_frame(d, kEh, true), ParseError);
}

TEST(EhFrame, HeaderNamesTheSection) {
  std::vector<std::uint8_t> hdr = {1, 0x1b, 0x03, 0x3b};
  test::put_u32(hdr, static_cast<std::uint32_t>(-0x100 - 4));
  EXPECT_EQ(eh_frame_address_from_hdr(hdr, 0x9000), 0x9000U - 0x100U);
  hdr[0] = 2;
  EXPECT_THROW(eh_frame_address_from_hdr(hdr, 0x9000), ParseError);
  std::vector<std::uint8_t> short_hdr = {1, 0x1b};
  EXPECT_THROW(eh_frame_address_from_hdr(short_hdr, 0x9000), ParseError);
}

TEST(EhFrame, EncodedPointerApplications) {
  std::vector<std::uint8_t> d;
  test::put_u32(d, 0x10);
  Cursor c(d, "p");
  EXPECT_EQ(read_encoded_pointer(c, 0x33, 0x1000, 0x8000), 0x8010U);  // datarel
  Cursor c2(d, "p");
  EXPECT_FALSE(read_encoded_pointer(c2, 0x33, 0x1000, 0).has_value());
  Cursor c3(d, "p");
  EXPECT_FALSE(read_encoded_pointer(c3, 0xff, 0x1000).has_value());  // omit
  EXPECT_EQ(c3.pos(), 0U);
}

}  // namespace
}  // namespace probesim::survey
