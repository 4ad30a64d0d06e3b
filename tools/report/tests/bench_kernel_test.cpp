#include "bench_kernel.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "bench_fixture.hpp"
#include "bench_grep.hpp"
#include "file_io.hpp"
#include "json.hpp"

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

// A trimmed copy of the 7.3 benchmark boot (eight probes, three rounds).
// results-7.3.json is what the removed tools/bench/bench_report.py wrote
// for it; results-7.3.md is the script's Markdown but for the tables'
// alignment rows and empty cells, which are Table::markdown()'s.
TEST(BenchKernel, TheRealBootGivesTheScriptsJsonByteForByte) {
  const KernelOutput out =
      bench_kernel(fixture("console.log"), probes(fixture("probes.tsv")), "7.3");
  EXPECT_EQ(out.json, fixture("results-7.3.json"));
  EXPECT_EQ(out.markdown, fixture("results-7.3.md"));
  EXPECT_FALSE(out.failed);
  EXPECT_EQ(out.messages,
            std::vector<std::string>{"grep on 7.3: none 4.027 s, xol 41.132 s, sim 27.315 s; "
                                     "(xol-none)/(sim-none) 1.69 (1.45-2.01); 540950 hits"});
}

TEST(BenchKernel, TriggerResultsFirstThenGrepErrorsWarnings) {
  const KernelOutput out = bench_kernel(BenchBoot().console(), probes(testing::kProbesTsv), "7.3");
  const Json result = parse_json(out.json);
  std::vector<std::string> keys;
  for (const auto& [key, value] : *result.object()) keys.push_back(key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"kernel", "base", "modes", "grep", "errors", "warnings"}));
  // The trigger results as the guest printed them, in Python's number forms.
  EXPECT_NE(out.json.find("\n  \"base\": 33228100.0,\n"), std::string::npos);
  EXPECT_EQ(*result.get("grep")->get("ratio")->get("median")->floating(), 4.0);
  EXPECT_TRUE(out.json.ends_with("\n  \"errors\": [],\n  \"warnings\": []\n}\n"));
}

TEST(BenchKernel, ABrokenTriggerJsonIsAnErrorAndTheRestIsWritten) {
  BenchBoot boot;
  boot.trigger_json = "{\"kernel\": \"7.3.4\",}";
  const KernelOutput out = bench_kernel(boot.console(), probes(testing::kProbesTsv), "7.3");
  EXPECT_TRUE(out.failed);
  EXPECT_EQ(out.messages.front(),
            "error: trigger benchmark JSON: Expecting property name enclosed in double quotes: "
            "line 1 column 20 (char 19)");
  EXPECT_TRUE(out.json.starts_with("{\n  \"grep\": {\n"));
  EXPECT_NE(out.markdown.find("\n**ERROR**: trigger benchmark JSON: Expecting property name"),
            std::string::npos);
  // Without trigger results there is no sentence comparing with them.
  EXPECT_EQ(out.markdown.find("For comparison"), std::string::npos);

  boot.trigger_json.clear();
  const KernelOutput none = bench_kernel(boot.console(), probes(testing::kProbesTsv), "7.3");
  EXPECT_EQ(none.messages.front(), "error: no trigger benchmark JSON in the console log");
}

TEST(BenchKernel, NoGrepRunsGiveANullGrep) {
  BenchBoot boot;
  boot.times.clear();
  const KernelOutput out = bench_kernel(boot.console(), probes(testing::kProbesTsv), "7.3");
  EXPECT_TRUE(out.failed);
  EXPECT_NE(out.json.find("\n  \"grep\": null,\n  \"errors\": [\n    \"grep: no timed runs in the "
                          "console log\"\n  ],\n"),
            std::string::npos);
  EXPECT_EQ(out.messages,
            std::vector<std::string>{"error: grep: no timed runs in the console log"});
}

TEST(RunBenchKernel, WritesBothFilesAndFailsOnAFailedCheck) {
  const auto dir = std::filesystem::temp_directory_path() / "probesim-bench-kernel-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  BenchBoot boot;
  BenchBoot::set(boot.stats, "2 sim stp_faults", "2 sim stp_faults 1");
  std::string error;
  ASSERT_TRUE(write_file((dir / "console.log").string(), boot.console(), error)) << error;
  ASSERT_TRUE(write_file((dir / "probes.tsv").string(), testing::kProbesTsv, error)) << error;
  const BenchKernelOptions options{(dir / "console.log").string(), "7.3",
                                   (dir / "probes.tsv").string(), (dir / "out").string()};
  std::ostringstream err;
  EXPECT_EQ(run_bench_kernel(options, err), 1);
  EXPECT_TRUE(err.str().starts_with("error: grep round 2 sim: stp_faults +1\ngrep on 7.3: "));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "results-7.3.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "out" / "results-7.3.md"));

  std::ostringstream err2;
  EXPECT_EQ(run_bench_kernel({options.console, "6.12", options.probes, options.out}, err2), 1);
  EXPECT_EQ(err2.str(),
            "probesim-report: the survey has no rules for kernel 6.12 "
            "(tools/survey/kernel_rules.cpp)\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "out" / "results-6.12.json"));

  std::ostringstream err3;
  EXPECT_EQ(
      run_bench_kernel({(dir / "missing.log").string(), "7.3", options.probes, options.out}, err3),
      2);
  EXPECT_NE(err3.str().find("cannot open"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace probesim::report
