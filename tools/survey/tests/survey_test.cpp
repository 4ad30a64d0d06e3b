// The ELF reader, the USDT notes and the survey of whole images, good and
// bad.
#include "survey.hpp"

#include <gtest/gtest.h>

#include "elf_builder.hpp"
#include "elf_reader.hpp"

namespace probesim::survey {
namespace {

using test::build_elf;
using test::ElfSpec;
using test::typical_spec;

std::string error_of(const std::vector<std::uint8_t>& bytes) {
  try {
    survey_image(bytes, "test");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(Survey, TypicalImage) {
  auto elf = build_elf(typical_spec());
  FileSurvey s = survey_image(elf.bytes, "typical");
  EXPECT_EQ(s.eh_frame_source, ".eh_frame");
  EXPECT_EQ(s.fdes, 3U);
  EXPECT_EQ(s.cies, 1U);
  EXPECT_EQ(s.symbols, 3U);
  EXPECT_EQ(s.symbol_only, 0U);
  ASSERT_EQ(s.entries.size(), 3U);
  EXPECT_EQ(s.entries[0].addr, elf.text_vaddr);
  EXPECT_EQ(s.entries[0].name, "entry_stp");
  EXPECT_TRUE(s.entries[0].from_fde && s.entries[0].from_symbol);
  EXPECT_EQ(s.entries[1].word, 0xd503201fU);
  EXPECT_EQ(s.functions.total, 3U);
  EXPECT_EQ(s.functions.raw[index(RawClass::kStpPush)], 1U);
  EXPECT_EQ(s.functions.raw[index(RawClass::kNop)], 1U);
  EXPECT_EQ(s.functions.shapes[index(Shape::kSubSp)], 1U);
  EXPECT_EQ(s.functions.raw[index(RawClass::kAddSubImm)], 1U);  // sub sp
  EXPECT_EQ(s.functions.simulated(Variant::k6_12), 0U);
  EXPECT_EQ(s.functions.simulated(Variant::k6_12ProbesimStp), 3U);
  EXPECT_EQ(s.functions.by_step(Variant::k6_12ProbesimStp, Step::kAlu), 1U);
  // 7.3 simulates the nop itself; with probesim it gets as far as 6.12
  // with probesim, the nop counted as the kernel's.
  EXPECT_EQ(s.functions.simulated(Variant::k7_3), 1U);
  EXPECT_EQ(s.functions.simulated(Variant::k7_3ProbesimStp), 3U);
  EXPECT_EQ(s.functions.by_step(Variant::k7_3ProbesimStp, Step::kKernel), 1U);
  EXPECT_EQ(s.functions.by_step(Variant::k7_3ProbesimStp, Step::kNop), 0U);
  EXPECT_EQ(s.functions.by_step(Variant::k6_12ProbesimStp, Step::kNop), 1U);
  // At probesim's defaults (stp=0) the stp push is single-stepped: one
  // entry fewer than with stp=1, on every kernel.
  const std::size_t stp_pushes = s.functions.raw[index(RawClass::kStpPush)];
  for (BaseKernel k : {BaseKernel::k6_1, BaseKernel::k6_12, BaseKernel::k7_3}) {
    const Variant defaults = variant_of(k, Probesim::kDefaults);
    EXPECT_EQ(s.functions.simulated(defaults),
              s.functions.simulated(variant_of(k, Probesim::kStp)) - stp_pushes);
    EXPECT_EQ(s.functions.by_step(defaults, Step::kStp), 0U);
  }
}

TEST(Survey, SymbolsAddEntriesWithoutFdes) {
  ElfSpec spec = typical_spec();
  spec.symbols.push_back({"no_fde", 16});                  // paciasp
  spec.symbols.push_back({"dyn_no_fde", 28, 2, 1, true});  // ret, .dynsym
  spec.symbols.push_back({"object", 4, 1});                // STT_OBJECT
  spec.symbols.push_back({"undefined", 8, 2, 0});          // SHN_UNDEF
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  EXPECT_EQ(s.symbols, 5U);
  EXPECT_EQ(s.symbol_only, 2U);
  EXPECT_EQ(s.functions.total, 5U);
  EXPECT_EQ(s.functions.raw[index(RawClass::kPac)], 1U);
  EXPECT_EQ(s.functions.raw[index(RawClass::kBranch)], 1U);
}

TEST(Survey, SymbolsOnly) {
  ElfSpec spec = typical_spec();
  spec.eh_frame = nullptr;
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  EXPECT_EQ(s.eh_frame_source, "none");
  EXPECT_EQ(s.functions.total, 3U);
}

TEST(Survey, EhFrameOnly) {
  ElfSpec spec = typical_spec();
  spec.symbols.clear();
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  EXPECT_EQ(s.functions.total, 3U);
  EXPECT_TRUE(s.entries[0].name.empty());
}

TEST(Survey, NoSectionHeadersUsesPtGnuEhFrame) {
  ElfSpec spec = typical_spec();
  spec.symbols.clear();
  spec.eh_frame_hdr = true;
  spec.section_headers = false;
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  EXPECT_EQ(s.eh_frame_source, "PT_GNU_EH_FRAME");
  EXPECT_EQ(s.functions.total, 3U);
}

TEST(Survey, EntriesOutsideCodeAreCountedNotClassified) {
  ElfSpec spec = typical_spec();
  spec.symbols.push_back({"far_away", 0x900000, 2, 1, false, false});
  spec.symbols.push_back({"misaligned", 2});
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  EXPECT_EQ(s.unmapped, 2U);
  EXPECT_EQ(s.functions.total, 3U);
}

TEST(Survey, UsdtSitesWithBaseCorrection) {
  ElfSpec spec = typical_spec();
  auto probe = build_elf(spec);
  std::uint64_t nop = probe.text_vaddr + 12;
  // Recorded base 0x500 but .stapsdt.base is at 0x600: pcs move by 0x100.
  spec.notes = {{"libc", "setjmp", nop - 0x100, 0x500},
                {"app", "start", 0x900000, 0x500}};
  spec.stapsdt_base = 0x600;
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  ASSERT_EQ(s.usdt.size(), 2U);
  EXPECT_EQ(s.usdt[0].site.provider, "libc");
  EXPECT_EQ(s.usdt[0].site.name, "setjmp");
  EXPECT_EQ(s.usdt[0].site.pc, nop);
  EXPECT_EQ(s.usdt[0].word, 0xd503201fU);
  EXPECT_EQ(s.probes.total, 1U);  // the second is outside the file
  EXPECT_EQ(s.usdt_unmapped, 1U);
  EXPECT_EQ(s.probes.raw[index(RawClass::kNop)], 1U);
}

TEST(Survey, UsdtWithoutBaseSection) {
  ElfSpec spec = typical_spec();
  auto probe = build_elf(spec);
  spec.notes = {{"p", "n", probe.text_vaddr + 12, 0x500}};
  FileSurvey s = survey_image(build_elf(spec).bytes, "t");
  ASSERT_EQ(s.usdt.size(), 1U);
  EXPECT_EQ(s.usdt[0].site.pc, probe.text_vaddr + 12);
}

TEST(Survey, CorruptNoteIsAnError) {
  std::vector<std::uint8_t> notes;
  test::put_u32(notes, 8);
  test::put_u32(notes, 100);  // descriptor longer than the section
  test::put_u32(notes, 3);
  for (char ch : std::string("stapsdt")) notes.push_back(static_cast<std::uint8_t>(ch));
  notes.push_back(0);
  EXPECT_THROW(parse_stapsdt_notes(notes, 0, false), ParseError);
}

TEST(Survey, OtherNotesAreIgnored) {
  std::vector<std::uint8_t> notes;
  test::put_u32(notes, 4);
  test::put_u32(notes, 4);
  test::put_u32(notes, 1);  // NT_GNU_ABI_TAG
  for (char ch : std::string("GNU")) notes.push_back(static_cast<std::uint8_t>(ch));
  notes.push_back(0);
  test::put_u32(notes, 0);
  EXPECT_TRUE(parse_stapsdt_notes(notes, 0, false).empty());
}

// --- Bad input: a clear ParseError, never a crash ---

TEST(BadInput, NotElf) {
  std::string text = "#!/bin/sh\necho hello\n";
  EXPECT_NE(error_of({text.begin(), text.end()}).find("not an ELF file"),
            std::string::npos);
  EXPECT_NE(error_of({}).find("not an ELF file"), std::string::npos);
}

TEST(BadInput, OtherMachine) {
  ElfSpec spec = typical_spec();
  spec.machine = 62;
  EXPECT_EQ(error_of(build_elf(spec).bytes),
            "not an arm64 ELF file: machine is x86-64");
  spec.machine = 40;
  spec.elf_class = 1;
  EXPECT_EQ(error_of(build_elf(spec).bytes),
            "not an arm64 ELF file: machine is 32-bit ARM");
}

TEST(BadInput, UnsupportedArm64Flavours) {
  ElfSpec spec = typical_spec();
  spec.elf_class = 1;
  EXPECT_NE(error_of(build_elf(spec).bytes).find("ILP32"), std::string::npos);
  spec = typical_spec();
  spec.data = 2;
  auto be = build_elf(spec).bytes;
  std::swap(be[18], be[19]);  // e_machine in big-endian order
  EXPECT_NE(error_of(be).find("big-endian"), std::string::npos);
  spec = typical_spec();
  spec.type = 1;
  EXPECT_NE(error_of(build_elf(spec).bytes).find("relocatable"),
            std::string::npos);
}

TEST(BadInput, NeitherSymbolsNorEhFrame) {
  ElfSpec spec = typical_spec();
  spec.eh_frame = nullptr;
  spec.symbols.clear();
  EXPECT_NE(error_of(build_elf(spec).bytes)
                .find("neither .eh_frame nor function symbols"),
            std::string::npos);
}

TEST(BadInput, EveryTruncationIsAnErrorOrFine) {
  // Cut a complete image at every length: each prefix either surveys (if
  // the cut only lost bytes nobody needs) or raises ParseError.
  ElfSpec spec = typical_spec();
  spec.notes = {{"p", "n", 0x10000, 0}};
  auto full = build_elf(spec).bytes;
  std::size_t errors = 0;
  for (std::size_t n = 0; n < full.size(); n++) {
    std::vector<std::uint8_t> cut(full.begin(), full.begin() + n);
    if (!error_of(cut).empty()) errors++;
  }
  // The section header table is at the end, so every cut breaks something.
  EXPECT_EQ(errors, full.size());
  EXPECT_NE(error_of({full.begin(), full.begin() + 40}).find("truncated"),
            std::string::npos);
  EXPECT_NE(error_of({full.begin(), full.end() - 1}).find("truncated"),
            std::string::npos);
}

TEST(BadInput, CorruptHeaders) {
  auto good = build_elf(typical_spec()).bytes;
  auto with = [&](std::size_t at, std::uint8_t v) {
    auto b = good;
    b[at] = v;
    return error_of(b);
  };
  EXPECT_NE(with(54, 40).find("e_phentsize"), std::string::npos);
  EXPECT_NE(with(58, 40).find("e_shentsize"), std::string::npos);
  EXPECT_NE(with(62, 200).find("e_shstrndx"), std::string::npos);
  EXPECT_NE(with(5, 7).find("data encoding"), std::string::npos);
  EXPECT_NE(with(4, 9).find("class"), std::string::npos);
  EXPECT_NE(with(41, 0x7f).find("truncated"), std::string::npos);  // e_shoff
}

TEST(BadInput, CorruptEhFrame) {
  ElfSpec spec = typical_spec();
  spec.eh_frame = [](std::uint64_t eh, std::uint64_t text) {
    test::EhFrameWriter w(eh);
    std::size_t cie = w.cie();
    w.fde(cie, text);
    test::patch_u32(w.bytes(), 0, 0x7fff0000);
    return w.bytes();
  };
  EXPECT_NE(error_of(build_elf(spec).bytes).find(".eh_frame"),
            std::string::npos);
}

TEST(ElfReader, MachineNames) {
  EXPECT_EQ(machine_name(62), "x86-64");
  EXPECT_EQ(machine_name(183), "AArch64");
  EXPECT_EQ(machine_name(9999), "e_machine 9999");
}

// The offset is right when the file's own bytes there are the word that
// code_word() reads at the address.
TEST(ElfReader, FileOffsetLeadsToTheSameBytes) {
  auto elf = build_elf(typical_spec());
  ElfImage image(elf.bytes);
  std::optional<std::uint64_t> off = image.file_offset(elf.text_vaddr);
  ASSERT_TRUE(off.has_value());
  ASSERT_LE(*off + 4, elf.bytes.size());
  std::uint32_t word = 0;
  for (int i = 3; i >= 0; --i) word = (word << 8) | elf.bytes[*off + i];
  EXPECT_EQ(word, image.code_word(elf.text_vaddr).value());
  EXPECT_FALSE(image.file_offset(0).has_value());
  EXPECT_FALSE(image.file_offset(~std::uint64_t{0}).has_value());
}

TEST(ElfReader, CodeWordsOnlyFromExecutableSegments) {
  auto elf = build_elf(typical_spec());
  ElfImage image(elf.bytes);
  EXPECT_EQ(image.code_word(elf.text_vaddr), 0xa9bf7bfdU);
  EXPECT_FALSE(image.code_word(elf.text_vaddr + 1).has_value());
  EXPECT_FALSE(image.code_word(0).has_value());
  EXPECT_FALSE(image.code_word(~std::uint64_t{3}).has_value());
  EXPECT_NE(image.section(".eh_frame"), nullptr);
  EXPECT_EQ(image.section(".nope"), nullptr);
}

}  // namespace
}  // namespace probesim::survey
