#include "bench_markdown.hpp"

#include <gtest/gtest.h>

#include "bench_fixture.hpp"
#include "console.hpp"

namespace probesim::report {
namespace {

using testing::BenchBoot;

GrepResult grep_of(const BenchBoot& boot) {
  std::string error;
  const auto probes = parse_probes(testing::kProbesTsv, error);
  std::vector<std::string> errors, warnings;
  const GrepRuns runs = parse_grep_runs(split_console(boot.console()), "bench-grep", errors);
  return *grep_results(runs, *probes, "7.3", errors, warnings);
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(SpreadText, MedianAndRange) {
  EXPECT_EQ(spread_text(Spread{1.78285, 1.4510, 2.9012}, 2), "1.78 (1.45-2.90)");
  EXPECT_EQ(spread_text(Spread{39.2, 31.8, 43.25}, 1), "39.2 (31.8-43.2)");
  EXPECT_EQ(spread_text(std::nullopt, 1), "-");
}

TEST(GrepMarkdown, RoundsTableWithTheirRatiosAndMedians) {
  const std::string md = grep_markdown(grep_of(BenchBoot()), "bookworm", "7.3", "");
  EXPECT_TRUE(
      md.starts_with("### grep, kernel 7.3\n\nDebian bookworm's arm64 grep (3.8-5), "
                     "`grep -r -n -e timer_flush` over 769 generated C-like files, 13.6 MB "
                     "(79 matching lines), 10 passes per timed run; 5 uprobes,"));
  EXPECT_TRUE(
      has_line(md, "| round | none | xol | sim | (xol-none)/(sim-none) | (xol-sim)/(xol-none) |"));
  EXPECT_TRUE(has_line(md, "| 1 | 1.000 | 3.000 | 1.500 | 4.00 | 75% |"));
  EXPECT_TRUE(has_line(md, "| 2 | 1.000 | 2.500 | 1.250 | 6.00 | 83% |"));
  EXPECT_TRUE(has_line(md,
                       "| **median (min-max)** | **1.000** | **3.000** | **1.500** | "
                       "**4.00 (2.00-6.00)** | **75% (50%-83%)** |"));
  EXPECT_TRUE(has_line(md,
                       "1000 hits per probed run (100 per pass) on 4 of 5 probes, identical in "
                       "the xol and sim runs of every round; 900 of them (90.0%) on probes that "
                       "probesim simulates on 7.3. Overhead per hit: xol 2000.0 (1500.0-2000.0) "
                       "µs, sim 500.0 (250.0-1000.0) µs; simulation saves 1388.9 "
                       "(1111.1-1666.7) µs per simulated hit."));
  EXPECT_TRUE(md.ends_with("\n</details>\n"));
}

// The heading names a binary other than bookworm's; the sentence after
// it, the Debian suite of grep-info, or else the binary's name.
TEST(GrepMarkdown, HeadingAndSuitePerBinary) {
  const struct {
    std::string binary;
    std::string suite;  // grep-info's suite line, if any
    std::string start;
  } cases[] = {
      {"bookworm", "", "### grep, kernel 7.3\n\nDebian bookworm's arm64 grep (3.8-5), "},
      {"bookworm", "suite bookworm",
       "### grep, kernel 7.3\n\nDebian bookworm's arm64 grep (3.8-5), "},
      {"trixie", "suite trixie",
       "### grep (trixie), kernel 7.3\n\nDebian trixie's arm64 grep (3.8-5), "},
      {"trixie", "", "### grep (trixie), kernel 7.3\n\nDebian trixie's arm64 grep (3.8-5), "},
      {"trixie", "suite ", "### grep (trixie), kernel 7.3\n\nDebian trixie's arm64 grep (3.8-5), "},
      {"sid2", "suite sid", "### grep (sid2), kernel 7.3\n\nDebian sid's arm64 grep (3.8-5), "},
  };
  for (const auto& c : cases) {
    BenchBoot boot;
    if (!c.suite.empty()) boot.info.push_back(c.suite);
    const std::string md = grep_markdown(grep_of(boot), c.binary, "7.3", "");
    EXPECT_TRUE(md.starts_with(c.start)) << c.binary << ", " << c.suite << ":\n"
                                         << md.substr(0, c.start.size());
  }
}

TEST(GrepMarkdown, ARoundWithoutHitsHasNoRatioOfItsOwn) {
  BenchBoot boot;
  BenchBoot::drop(boot.hits, "2 sim");
  const std::string md = grep_markdown(grep_of(boot), "bookworm", "7.3", "");
  EXPECT_TRUE(has_line(md, "| 2 | 1.000 | 2.500 | 1.250 | - | - |"));
  EXPECT_TRUE(has_line(md, "| 3 | 2.000 | 4.000 | 3.000 | 2.00 | 50% |"));
}

TEST(GrepMarkdown, ClassTablesAndProbes) {
  const std::string md = grep_markdown(grep_of(BenchBoot()), "bookworm", "7.3", "");
  EXPECT_TRUE(has_line(
      md, "| and (immediate) | logic_imm | xol | probesim-logic_imm | 1 | 1 | 600 | 60.0% |"));
  EXPECT_TRUE(has_line(
      md, "| stp x29, x30, [sp, #-N]! | stp-push | xol | probesim-stp | 2 | 1 | 300 | 30.0% |"));
  EXPECT_TRUE(has_line(md,
                       "Where the hits of the simulated run went, per survey class (round 1; "
                       "probesim's share from its `FAMILY_hits` counters, the rest from "
                       "`uprobe_profile`). Simulated run: `nop=Y stp=Y`; single-stepped run: "
                       "`nop=N stp=N`."));
  EXPECT_TRUE(has_line(md, "| other | - | 1 | 1 | 90 | 9.0% | 0 | 0 | 90 |"));
  EXPECT_TRUE(has_line(md, "| adr | - | 1 | 1 | 10 | 1.0% | 0 | 10 | 0 |"));
  EXPECT_TRUE(has_line(md, "| **all** |  | 5 | 4 | 1000 | 100% | 900 | 10 | **90 (9.0%)** |"));
  EXPECT_TRUE(has_line(md, "| 0x200 | `and w9, w2, #0xff` | probesim-logic_imm | 600 | 60.0% |"));
  EXPECT_TRUE(has_line(md, "| 0x400 | `adrp x0, 0x3b000` | adr | kernel-sim | 10 |"));
  // The probe with no hit is in the top ten, not among the probes hit.
  EXPECT_TRUE(has_line(md, "| 0xa00 | `stp x29, x30, [sp, #-16]!` | probesim-stp | 0 | 0.0% |"));
  EXPECT_EQ(md.find("| 0xa00 | `stp x29, x30, [sp, #-16]!` | stp-push"), std::string::npos);
}

TEST(GrepMarkdown, MismatchedRoundsAndTheTriggerSentence) {
  BenchBoot boot;
  BenchBoot::set(boot.hits, "3 sim f_300", "3 sim f_300 91");
  const std::string md = grep_markdown(grep_of(boot), "bookworm", "7.3", "For comparison, ...");
  EXPECT_NE(md.find(" probes, **differing between the xol and sim runs** of rounds 3; 900 of them"),
            std::string::npos);
  EXPECT_NE(md.find("per simulated hit.\n\nFor comparison, ...\n\nHits by the survey's class"),
            std::string::npos);
}

TEST(TriggerPerHit, CostsOfUprobePush) {
  const Json trigger = Json::parse(BenchBoot().trigger_json);
  EXPECT_EQ(
      trigger_per_hit(&trigger),
      "For comparison, the trigger benchmark's `uprobe-push` on this kernel costs 13.3 µs per "
      "hit single-stepped and 10.1 µs simulated (sim/xol rate 1.30).");
  const Json no_push = Json::parse(R"({"base": 1, "modes": {"uprobe-nop": {}}})");
  EXPECT_EQ(trigger_per_hit(&no_push), "");
  const Json list = Json::parse("[1]");
  EXPECT_EQ(trigger_per_hit(&list), "");
  EXPECT_EQ(trigger_per_hit(nullptr), "");
}

// Since the call path is part of a mode's name, the push through a
// pointer is uprobe-push-blr; the sentence is the same.
TEST(TriggerPerHit, CostsOfUprobePushBlr) {
  const Json old_name = Json::parse(BenchBoot().trigger_json);
  std::string renamed = BenchBoot().trigger_json;
  const std::size_t at = renamed.find("\"uprobe-push\"");
  ASSERT_NE(at, std::string::npos);
  renamed.replace(at, 13, "\"uprobe-push-blr\"");
  const Json trigger = Json::parse(renamed);
  EXPECT_NE(trigger_per_hit(&trigger), "");
  EXPECT_EQ(trigger_per_hit(&trigger), trigger_per_hit(&old_name));
}

TEST(KernelMarkdown, TriggerTableThenGrepThenErrors) {
  KernelPage page;
  page.kver = "6.1";
  page.table = {"mode xol", "base 1k"};
  page.errors = {"no trigger benchmark JSON in the console log"};
  page.warnings = {"grep round 2: odd"};
  const std::string md = kernel_markdown(page);
  EXPECT_TRUE(
      md.starts_with("## Kernel 6.1\n\nMeasured with `make bench KVER=6.1` under qemu TCG"));
  EXPECT_NE(md.find("\n### Trigger benchmark\n\n```\nmode xol\nbase 1k\n```\n\n**ERROR**: no "
                    "trigger benchmark JSON in the console log  \nwarning: grep round 2: odd\n"),
            std::string::npos);
  EXPECT_TRUE(md.ends_with("odd\n"));  // trailing whitespace dropped
}

TEST(EndWithNewline, DropsTrailingWhitespace) {
  EXPECT_EQ(end_with_newline("a  \n\n \t"), "a\n");
  EXPECT_EQ(end_with_newline(""), "\n");
}

}  // namespace
}  // namespace probesim::report
