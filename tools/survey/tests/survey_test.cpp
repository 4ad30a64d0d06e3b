// The survey of real arm64 objects: sample.c as the cross compiler builds
// it (tests/CMakeLists.txt), whose function entries, USDT site and words
// must all be found, and files that cannot be surveyed. What the samples'
// entries count up to is sample_check.cmake's.
#include "survey.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "test_files.hpp"

namespace probesim::survey {
namespace {

using probesim::test::sample;

#define NEED_SAMPLES() \
  if (sample("plain").empty()) GTEST_SKIP() << "no aarch64-linux-gnu-gcc: no samples"

std::string error_of(const std::vector<std::uint8_t>& bytes) {
  try {
    survey_image(bytes, "test");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

std::string error_of(const std::string& path) { return error_of(read_whole_file(path)); }

std::vector<std::uint64_t> addresses(const FileSurvey& s) {
  std::vector<std::uint64_t> out;
  for (const auto& e : s.entries) out.push_back(e.addr);
  return out;
}

TEST(Survey, FunctionEntriesAndUsdtSite) {
  NEED_SAMPLES();
  FileSurvey s = survey_file(sample("plain"));
  EXPECT_EQ(s.eh_frame_source, ".eh_frame");
  EXPECT_EQ(s.cies, 1U);
  EXPECT_EQ(s.fdes_skipped, 0U);
  EXPECT_EQ(s.symbols, 2U);
  EXPECT_EQ(s.symbol_only, 0U);
  EXPECT_EQ(s.unmapped, 0U);
  EXPECT_TRUE(s.notes.empty());
  ASSERT_EQ(s.entries.size(), 2U);
  // twice() starts with its USDT site's nop, main() with a frame push.
  const FunctionEntry& twice = s.entries[0];
  const FunctionEntry& main = s.entries[1];
  EXPECT_EQ(twice.name, "twice");
  EXPECT_EQ(main.name, "main");
  EXPECT_TRUE(twice.from_fde && twice.from_symbol);
  EXPECT_EQ(twice.word, 0xd503201fU);
  ASSERT_EQ(s.usdt.size(), 1U);
  EXPECT_EQ(s.usdt[0].site.provider, "sample");
  EXPECT_EQ(s.usdt[0].site.name, "twice");
  EXPECT_EQ(s.usdt[0].site.pc, twice.addr);
  EXPECT_EQ(s.usdt[0].word, 0xd503201fU);
}

// The offset is right when the file's own bytes there are the word.
TEST(Survey, FileOffsetsLeadToTheWords) {
  NEED_SAMPLES();
  const std::vector<std::uint8_t> bytes = read_whole_file(sample("plain"));
  FileSurvey s = survey_image(bytes, "plain");
  for (const auto& e : s.entries) {
    ASSERT_TRUE(e.file_offset.has_value());
    ASSERT_LE(*e.file_offset + 4, bytes.size());
    std::uint32_t word = 0;
    for (int i = 3; i >= 0; --i) word = (word << 8) | bytes[*e.file_offset + i];
    EXPECT_EQ(word, e.word.value());
  }
}

TEST(Survey, StrippedBinaryHasTheSameEntriesFromEhFrame) {
  NEED_SAMPLES();
  FileSurvey plain = survey_file(sample("plain"));
  FileSurvey stripped = survey_file(sample("stripped"));
  EXPECT_EQ(addresses(stripped), addresses(plain));
  EXPECT_TRUE(std::all_of(stripped.entries.begin(), stripped.entries.end(),
                          [](const FunctionEntry& e) { return e.name.empty(); }));
  EXPECT_EQ(stripped.usdt.size(), 1U);
}

// Without section headers (as sstrip leaves a file), .eh_frame is found
// through PT_GNU_EH_FRAME, and the notes are gone with the sections.
TEST(Survey, NoSectionHeadersUsesPtGnuEhFrame) {
  NEED_SAMPLES();
  std::vector<std::uint8_t> bytes = read_whole_file(sample("hdr"));
  const FileSurvey with = survey_image(bytes, "hdr");
  // e_shoff (8 bytes at 40), e_shnum and e_shstrndx (2 each at 60, 62).
  std::fill(bytes.begin() + 40, bytes.begin() + 48, 0);
  std::fill(bytes.begin() + 60, bytes.begin() + 64, 0);
  const FileSurvey without = survey_image(bytes, "hdr");
  EXPECT_EQ(with.eh_frame_source, ".eh_frame");
  EXPECT_EQ(without.eh_frame_source, "PT_GNU_EH_FRAME");
  EXPECT_EQ(without.fdes, 2U);
  EXPECT_EQ(addresses(without), addresses(with));
  EXPECT_TRUE(without.usdt.empty());
}

// --- Files that cannot be surveyed: a clear ParseError ---

TEST(BadInput, NotElf) {
  std::string text = "#!/bin/sh\necho hello\n";
  EXPECT_NE(error_of(std::vector<std::uint8_t>(text.begin(), text.end())).find("not an ELF file"),
            std::string::npos);
  EXPECT_NE(error_of(std::vector<std::uint8_t>{}).find("not an ELF file"), std::string::npos);
}

#ifndef __aarch64__
TEST(BadInput, OtherMachine) {
  // This test program, built for the host.
  EXPECT_EQ(error_of("/proc/self/exe").rfind("not an arm64 ELF file: machine is ", 0), 0U);
}
#endif

TEST(BadInput, RelocatableObject) {
  NEED_SAMPLES();
  EXPECT_EQ(error_of(sample("object")),
            "not an executable or shared library: a relocatable object (ET_REL)");
}

TEST(BadInput, NeitherSymbolsNorEhFrame) {
  NEED_SAMPLES();
  EXPECT_NE(error_of(sample("bare")).find("neither .eh_frame nor function symbols"),
            std::string::npos);
}

TEST(BadInput, TruncatedFiles) {
  NEED_SAMPLES();
  const std::vector<std::uint8_t> full = read_whole_file(sample("plain"));
  // The section header table is at the end: every cut loses some of it.
  for (std::size_t n : {std::size_t{4}, std::size_t{40}, full.size() / 2, full.size() - 1})
    EXPECT_NE(error_of(std::vector<std::uint8_t>(full.begin(), full.begin() + n)), "") << n;
}

TEST(ElfReader, MachineNames) {
  EXPECT_EQ(machine_name(62), "x86-64");
  EXPECT_EQ(machine_name(183), "AArch64");
  EXPECT_EQ(machine_name(9999), "e_machine 9999");
}

}  // namespace
}  // namespace probesim::survey
