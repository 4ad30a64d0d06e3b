#include "bench_kernel.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <sstream>

#include "bench_fixture.hpp"
#include "bench_grep.hpp"
#include "text.hpp"

namespace probesim::report {
namespace {

using testing::BenchBoot;

std::string fixture(const std::string& name) {
  std::string error;
  const auto text = read_file(std::string(PROBESIM_BENCH_FIXTURES) + "/" + name, error);
  EXPECT_TRUE(text) << error;
  return text.value_or("");
}

Probes probes(const std::string& text) {
  std::string error;
  auto parsed = parse_probes(text, error);
  EXPECT_TRUE(parsed) << error;
  return parsed.value_or(Probes());
}

// Bookworm's grep alone, with the probes of text.
std::vector<GrepBinary> bookworm(const std::string& text) { return {{"bookworm", probes(text)}}; }

// A trimmed copy of the 7.3 benchmark boot (eight probes, three rounds;
// of the trigger benchmark's JSON and table, which the report copies, the
// uprobe-push mode and base it reads; of grep-info, the lines it reads;
// of probesim's counters, those it reads and finds other than a missing
// one, which reads as zero: every FAMILY_patched of the simulated runs,
// which name the families, and those that are not zero) and its
// results-7.3.json and .md.
TEST(BenchKernel, TheRealBootGivesItsResultsByteForByte) {
  const KernelOutput out =
      bench_kernel(fixture("console.log"), bookworm(fixture("probes.tsv")), "7.3");
  EXPECT_EQ(out.json, fixture("results-7.3.json"));
  EXPECT_EQ(out.markdown, fixture("results-7.3.md"));
  EXPECT_FALSE(out.failed);
  EXPECT_EQ(out.messages,
            std::vector<std::string>{"grep on 7.3: none 4.027 s, xol 41.132 s, sim 27.315 s; "
                                     "(xol-none)/(sim-none) 1.69 (1.45-2.01); 540950 hits"});
}

TEST(BenchKernel, ABrokenTriggerJsonIsAnErrorAndTheRestIsWritten) {
  BenchBoot boot;
  boot.trigger_json = "{\"kernel\": \"7.3.4\",}";
  const KernelOutput out = bench_kernel(boot.console(), bookworm(testing::kProbesTsv), "7.3");
  EXPECT_TRUE(out.failed);
  const std::string error =
      "trigger benchmark JSON: [json.exception.parse_error.101] parse error at line 1, column 20: "
      "syntax error while parsing object key";
  EXPECT_EQ(out.messages.front().rfind("error: " + error, 0), 0u) << out.messages.front();
  EXPECT_TRUE(out.json.starts_with("{\n  \"grep\": {\n"));
  EXPECT_NE(out.markdown.find("\n**ERROR**: " + error), std::string::npos);
  // Without trigger results there is no sentence comparing with them.
  EXPECT_EQ(out.markdown.find("For comparison"), std::string::npos);

  boot.trigger_json.clear();
  const KernelOutput none = bench_kernel(boot.console(), bookworm(testing::kProbesTsv), "7.3");
  EXPECT_EQ(none.messages.front(), "error: no trigger benchmark JSON in the console log");
}

// The member of value at path as JSON text, "null" where there is none.
std::string member(const Json& value, std::initializer_list<const char*> path) {
  const Json* member = at(&value, path);
  return member ? member->dump(2) : "null";
}

// bookworm's grep as BenchBoot has it, trixie's as trixie_boot().
std::vector<GrepBinary> both_binaries() {
  return {{"bookworm", probes(testing::kProbesTsv)}, {"trixie", probes(testing::kTrixieProbesTsv)}};
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(BenchKernel, ASecondGrepBinaryHasItsOwnMemberSectionAndSummary) {
  BenchBoot boot;
  boot.more = testing::trixie_boot().grep_sections("bench-grep-trixie");
  const KernelOutput out = bench_kernel(boot.console(), both_binaries(), "7.3");
  EXPECT_FALSE(out.failed) << out.messages.front();
  const Json result = Json::parse(out.json);
  std::vector<std::string> keys;
  for (const auto& [key, value] : result.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"kernel", "base", "modes", "grep", "grep_trixie",
                                            "errors", "warnings"}));
  // Each from its own sections and probes.
  EXPECT_EQ(member(result, {"grep", "ratio", "median"}), "4.0");
  EXPECT_EQ(member(result, {"grep_trixie", "ratio", "median"}), "3.0");
  EXPECT_EQ(member(result, {"grep", "hits", "simulated"}), "900");
  EXPECT_EQ(member(result, {"grep_trixie", "hits", "simulated"}), "800");
  EXPECT_EQ(member(result, {"grep_trixie", "workload", "suite"}), "\"trixie\"");
  EXPECT_EQ(member(result, {"grep_trixie", "hits", "per_probe"}),
            "{\n  \"110\": 500,\n  \"220\": 300,\n  \"330\": 200\n}");

  // bookworm's section first, as it was; then trixie's, the same but
  // for its heading and its suite.
  const std::size_t bookworm = out.markdown.find(
      "\n### grep, kernel 7.3\n\nDebian bookworm's arm64 grep (3.8-5), `grep -r -n -e "
      "timer_flush` over 769 generated C-like files, 13.6 MB (79 matching lines), 10 passes per "
      "timed run; 5 uprobes,");
  const std::size_t trixie = out.markdown.find(
      "\n### grep (trixie), kernel 7.3\n\nDebian trixie's arm64 grep (3.11-4), `grep -r -n -e "
      "timer_flush` over 769 generated C-like files, 13.6 MB (79 matching lines), 10 passes per "
      "timed run; 3 uprobes,");
  ASSERT_NE(bookworm, std::string::npos);
  ASSERT_NE(trixie, std::string::npos);
  EXPECT_LT(bookworm, trixie);
  EXPECT_NE(out.markdown.find("| 0x110 | `paciasp` | probesim-pac | 500 | 50.0% |", trixie),
            std::string::npos);
  EXPECT_EQ(count_of(out.markdown, "For comparison, the trigger benchmark's `uprobe-push`"), 2u);
  EXPECT_EQ(out.markdown.find("bookworm", trixie), std::string::npos);

  EXPECT_EQ(out.messages,
            (std::vector<std::string>{
                "grep on 7.3: none 1.000 s, xol 3.000 s, sim 1.500 s; (xol-none)/(sim-none) 4.00 "
                "(2.00-6.00); 1000 hits",
                "grep (trixie) on 7.3: none 1.000 s, xol 4.000 s, sim 2.000 s; "
                "(xol-none)/(sim-none) 3.00 (3.00-4.00); 1000 hits"}));
}

// Without sections of its own, a grep binary has a null member and no
// section on the page.
TEST(BenchKernel, TheErrorsOfASecondGrepBinarySayWhoseTheyAre) {
  const struct {
    std::string what;
    std::string trixie;  // its sections
    std::string error;
    bool measured = true;
  } cases[] = {
      {"bookworm's name", testing::trixie_boot().grep_sections("bench-grep-bookworm"),
       "trixie: grep: no timed runs in the console log", false},
      {"a counter off",
       [] {
         BenchBoot trixie = testing::trixie_boot();
         BenchBoot::set(trixie.stats, "2 sim pac_hits", "2 sim pac_hits 499");
         return trixie.grep_sections("bench-grep-trixie");
       }(),
       "trixie: grep round 2 sim: pac_hits +499, uprobe_profile has 500 on pac probes"},
  };
  for (const auto& c : cases) {
    BenchBoot boot;
    boot.more = c.trixie;
    const KernelOutput out = bench_kernel(boot.console(), both_binaries(), "7.3");
    EXPECT_TRUE(out.failed) << c.what;
    ASSERT_FALSE(out.messages.empty()) << c.what;
    EXPECT_EQ(out.messages.front(), "error: " + c.error) << c.what;
    const Json result = Json::parse(out.json);
    EXPECT_EQ(result.at("errors"), Json::array({c.error})) << c.what;
    EXPECT_NE(out.markdown.find("\n**ERROR**: " + c.error), std::string::npos) << c.what;
    EXPECT_EQ(result.at("grep_trixie").is_null(), !c.measured) << c.what;
    EXPECT_EQ(out.markdown.find("### grep (trixie)") != std::string::npos, c.measured) << c.what;
    // bookworm's results are what they are without trixie's.
    EXPECT_EQ(member(result, {"grep", "ratio", "median"}), "4.0") << c.what;
  }
}

TEST(RunBenchKernel, WritesBothFilesAndFailsOnAFailedCheck) {
  const auto dir = std::filesystem::temp_directory_path() / "probesim-bench-kernel-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  BenchBoot boot;
  BenchBoot::set(boot.stats, "2 sim stp_faults", "2 sim stp_faults 1");
  boot.more = testing::trixie_boot().grep_sections("bench-grep-trixie");
  std::string error;
  ASSERT_TRUE(write_file((dir / "console.log").string(), boot.console(), error)) << error;
  ASSERT_TRUE(write_file((dir / "probes.tsv").string(), testing::kProbesTsv, error)) << error;
  ASSERT_TRUE(write_file((dir / "trixie.tsv").string(), testing::kTrixieProbesTsv, error)) << error;
  BenchKernelOptions options{
      (dir / "console.log").string(),
      "7.3",
      {{"bookworm", (dir / "probes.tsv").string()}, {"trixie", (dir / "trixie.tsv").string()}},
      (dir / "out").string()};
  std::ostringstream err;
  EXPECT_EQ(run_bench_kernel(options, err), 1);
  EXPECT_TRUE(err.str().starts_with("error: grep round 2 sim: stp_faults +1\ngrep on 7.3: "));
  // The probes of every grep binary are read.
  EXPECT_NE(err.str().find("\ngrep (trixie) on 7.3: none 1.000 s,"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "results-7.3.md"));
  const auto json = read_file((dir / "out" / "results-7.3.json").string(), error);
  ASSERT_TRUE(json) << error;
  EXPECT_EQ(member(Json::parse(*json), {"grep_trixie", "hits", "total"}), "1000");

  std::ostringstream err2;
  EXPECT_EQ(run_bench_kernel({options.console, "6.12", options.probes, options.out}, err2), 1);
  EXPECT_EQ(err2.str(),
            "probesim-report: the survey has no rules for kernel 6.12 "
            "(tools/survey/kernel_rules.cpp)\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "results-6.12.json"));

  options.probes[1].path = (dir / "missing.tsv").string();
  std::ostringstream err4;
  EXPECT_EQ(run_bench_kernel(options, err4), 2);
  EXPECT_NE(err4.str().find("cannot open '" + options.probes[1].path + "'"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace probesim::report
