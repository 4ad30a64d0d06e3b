#include "survey_list.hpp"

#include <gtest/gtest.h>

namespace probesim::payload {
namespace {

// From `probesim-survey --list` on Debian bookworm's arm64 grep.
constexpr std::string_view kGrepEntry =
    "func 000041c0 d10843ff addsub_imm 6.1=xol "
    "6.1+probesim=probesim-addsub_imm 6.12=xol "
    "6.12+probesim=probesim-addsub_imm 7.3=xol "
    "7.3+probesim=probesim-addsub_imm offset=0x41c0 [fde] \n";

constexpr std::string_view kVerdictsNop =
    "6.1=xol 6.1+probesim=probesim-nop 6.12=xol 6.12+probesim=probesim-nop "
    "7.3=kernel-sim 7.3+probesim=kernel-sim";

std::string entry(std::string_view addr, std::string_view rest) {
  return "func " + std::string(addr) + " d503201f nop " +
         std::string(kVerdictsNop) + " " + std::string(rest);
}

TEST(ParseListLine, EntryOfGrep) {
  const ListLine l = parse_list_line(kGrepEntry);
  ASSERT_EQ(l.kind, LineKind::kProbe);
  EXPECT_EQ(l.probe.offset, 0x41c0u);
  EXPECT_EQ(l.probe.addr, 0x41c0u);
  EXPECT_EQ(l.probe.word, 0xd10843ffu);
  EXPECT_EQ(l.probe.cls, "addsub_imm");
  const Verdicts expected = {
      {"6.1", "xol"},  {"6.1+probesim", "probesim-addsub_imm"},
      {"6.12", "xol"}, {"6.12+probesim", "probesim-addsub_imm"},
      {"7.3", "xol"},  {"7.3+probesim", "probesim-addsub_imm"}};
  EXPECT_EQ(l.probe.verdicts, expected);
}

// In a non-PIE executable the file offset is not the address.
TEST(ParseListLine, OffsetIsTheListsNotTheAddress) {
  const ListLine l =
      parse_list_line(entry("004001c0", "offset=0x1c0 [fde+sym] main"));
  ASSERT_EQ(l.kind, LineKind::kProbe);
  EXPECT_EQ(l.probe.addr, 0x4001c0u);
  EXPECT_EQ(l.probe.offset, 0x1c0u);
  EXPECT_EQ(l.probe.cls, "nop");
  EXPECT_EQ(l.probe.verdicts.size(), 6u);
}

TEST(ParseListLine, SkipsEntriesThatGetNoProbe) {
  // Only a symbol names it.
  EXPECT_EQ(parse_list_line(entry("00001000", "offset=0x1000 [sym] f")).kind,
            LineKind::kSkipped);
  // Not in executable code.
  EXPECT_EQ(parse_list_line("func 00020000 -------- (not in executable code) "
                            "offset=0x20000 [fde] ")
                .kind,
            LineKind::kSkipped);
  // A kernel refuses a uprobe there.
  EXPECT_EQ(parse_list_line("func 00001000 d4000001 other 6.1=rejected "
                            "6.1+probesim=rejected offset=0x1000 [fde] ")
                .kind,
            LineKind::kSkipped);
  // Not in the file (the survey prints no offset=); an offset= in the
  // name does not count.
  EXPECT_EQ(parse_list_line(entry("00001000", "[fde] ")).kind,
            LineKind::kSkipped);
  EXPECT_EQ(parse_list_line(entry("00001000", "[fde+sym] offset=0x10")).kind,
            LineKind::kSkipped);
}

TEST(ParseListLine, IgnoresLinesThatAreNotFunctionEntries) {
  for (std::string_view line :
       {"", "\n", "# /tmp/grep", "binary   FDEs  functions",
        "usdt 00001000 d503201f nop 6.1=xol offset=0x1000 [fde] p:n",
        "functions, cumulative; alu is logic_imm"})
    EXPECT_EQ(parse_list_line(line).kind, LineKind::kOther) << line;
}

TEST(ParseListLine, LaterVerdictReplacesTheEarlierInPlace) {
  const ListLine l = parse_list_line(
      "func 1000 d503201f nop 6.1=xol 7.3=xol 6.1=kernel-sim offset=0x1000 "
      "[fde] ");
  const Verdicts expected = {{"6.1", "kernel-sim"}, {"7.3", "xol"}};
  EXPECT_EQ(l.probe.verdicts, expected);
}

TEST(ParseListLine, MalformedEntriesThrow) {
  EXPECT_THROW(parse_list_line("func 1000"), ListError);
  EXPECT_THROW(parse_list_line(entry("00zz1000", "offset=0x1000 [fde] ")),
               ListError);
  EXPECT_THROW(parse_list_line("func 1000 1d503201f nop 6.1=xol "
                               "offset=0x1000 [fde] "),
               ListError);
  EXPECT_THROW(parse_list_line(entry("00001000", "offset=0x [fde] ")),
               ListError);
}

TEST(SelectProbes, CountsProbesAndSkippedEntries) {
  const std::string text = "# /tmp/grep\n" + std::string(kGrepEntry) +
                           entry("00001000", "offset=0x1000 [sym] f\n") +
                           entry("00002000", "offset=0x2000 [fde] \n") +
                           entry("00003000", "[fde] \n") +
                           "\nbinary  FDEs  functions\n";
  const Selection s = select_probes(text);
  ASSERT_EQ(s.probes.size(), 2u);
  EXPECT_EQ(s.probes[0].offset, 0x41c0u);
  EXPECT_EQ(s.probes[1].offset, 0x2000u);
  EXPECT_EQ(s.skipped, 2u);
}

TEST(SelectProbes, ErrorNamesTheLine) {
  try {
    select_probes("# x\nfunc 1000\n");
    FAIL() << "no ListError";
  } catch (const ListError& e) {
    EXPECT_STREQ(e.what(),
                 "line 2: a function entry needs an address, a word and a "
                 "class");
  }
}

}  // namespace
}  // namespace probesim::payload
