#include <gtest/gtest.h>

#include "bench_fixture.hpp"
#include "bench_kernel.hpp"
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

// The heading names a binary other than bookworm's (whose heading the
// trimmed 7.3 boot's results-7.3.md has); the sentence after it, the
// Debian suite of grep-info, or else the binary's name.
TEST(GrepMarkdown, HeadingAndSuitePerBinary) {
  const struct {
    std::string binary;
    std::string suite;  // grep-info's suite line, if any
    std::string start;
  } cases[] = {
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

TEST(GrepMarkdown, MismatchedRoundsAndTheTriggerSentence) {
  BenchBoot boot;
  BenchBoot::set(boot.hits, "3 sim f_300", "3 sim f_300 91");
  const std::string md = grep_markdown(grep_of(boot), "bookworm", "7.3", "For comparison, ...");
  EXPECT_NE(md.find(" probes, **differing between the xol and sim runs** of rounds 3; 900 of them"),
            std::string::npos);
  EXPECT_NE(md.find("per simulated hit.\n\nFor comparison, ...\n\nHits by the survey's class"),
            std::string::npos);
}

// Since the call path is part of a mode's name, the push through a
// pointer is uprobe-push-blr; the sentence is the same.
TEST(TriggerPerHit, CostsOfUprobePushOrUprobePushBlr) {
  std::string text = BenchBoot().trigger_json;
  const Json push = Json::parse(text);
  text.replace(text.find("\"uprobe-push\""), 13, "\"uprobe-push-blr\"");
  const Json push_blr = Json::parse(text);
  EXPECT_EQ(
      trigger_per_hit(&push),
      "For comparison, the trigger benchmark's `uprobe-push` on this kernel costs 13.3 µs per "
      "hit single-stepped and 10.1 µs simulated (sim/xol rate 1.30).");
  EXPECT_EQ(trigger_per_hit(&push_blr), trigger_per_hit(&push));
  const Json no_push = Json::parse(R"({"base": 1, "modes": {"uprobe-nop": {}}})");
  EXPECT_EQ(trigger_per_hit(&no_push), "");
  const Json list = Json::parse("[1]");
  EXPECT_EQ(trigger_per_hit(&list), "");
  EXPECT_EQ(trigger_per_hit(nullptr), "");
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
