#include "bench_merge.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "text.hpp"

namespace probesim::report {
namespace {

std::string read_results(const std::string& dir, const std::string& name) {
  std::string error;
  const auto text = read_file(dir + "/" + name, error);
  EXPECT_TRUE(text) << error;
  return text.value_or("");
}

// A file of bench/ of the repository.
std::string committed(const std::string& name) {
  return read_results(PROBESIM_BENCH_RESULTS, name);
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(KernelsIn, ResultsFilesInVersionOrder) {
  EXPECT_EQ(kernels_in(PROBESIM_BENCH_RESULTS), (std::vector<std::string>{"6.1", "6.12", "7.3"}));
  EXPECT_EQ(kernels_in("/nonexistent/probesim"), std::vector<std::string>{});
}

TEST(BenchMerge, CommittedResultsGiveTheCommittedMergeByteForByte) {
  KernelResults results;
  std::vector<std::string> pages;
  for (const std::string& kver : kernels_in(PROBESIM_BENCH_RESULTS)) {
    results.emplace_back(kver, Json::parse(committed("results-" + kver + ".json")));
    pages.push_back(committed("results-" + kver + ".md"));
  }
  const MergeOutput out = bench_merge(results, pages, "/p/results.dat", "/b/results.svg");
  EXPECT_EQ(out.json, committed("results.json"));
  EXPECT_EQ(out.markdown, committed("results.md"));
}

TEST(BenchMerge, TheDefaultKernelLeadsEveryKernelUnderKernels) {
  KernelResults results = {{"6.1", Json::parse(R"({"kernel": "6.1.0", "modes": {}})")},
                           {"7.3", Json::parse(R"({"kernel": "7.3.4", "grep": null})")}};
  // Without 6.12 the last kernel leads.
  const MergeOutput out = bench_merge(results, {"## Kernel 6.1\n", "## Kernel 7.3\n"}, "/d", "/s");
  EXPECT_TRUE(
      out.json.starts_with("{\n  \"kernel\": \"7.3.4\",\n  \"grep\": null,\n  \"kernels\": {\n"
                           "    \"6.1\": {\n      \"kernel\": \"6.1.0\",\n      \"modes\": {}\n"));
  EXPECT_TRUE(out.markdown.ends_with("\n## Kernel 6.1\n\n## Kernel 7.3\n"));
  EXPECT_NE(out.markdown.find("results-KVER.json` is here: 6.1, 7.3.\n"), std::string::npos);
  // No kernel with grep results: nothing to project.
  EXPECT_NE(out.markdown.find("the ratio is set by the hit mix: ?. Projected"), std::string::npos);
  EXPECT_NE(out.markdown.find("would take some ? off"), std::string::npos);
}

// Two kernels' trigger ratios: 6.1 lacks mode b and a minimum, 7.3's b
// has no figures.
const KernelResults kTriggerRatios = {{"6.1", Json::parse(R"({"modes": {"a": {
        "sim_over_xol": {"median": 4.3092, "min": 2.9757, "max": 6.0405},
        "sim_over_ret": {"median": 0.8766, "max": 1}}}})")},
                                      {"7.3", Json::parse(R"({"modes": {"b": {}, "a": {
        "sim_over_xol": {"median": 2, "min": 1.5, "max": 2.5},
        "sim_over_ret": {"median": 1, "min": 1, "max": 1}}}})")}};

TEST(Plot, DataPerModeAndKernel) {
  const auto modes = plot_modes(kTriggerRatios);
  EXPECT_EQ(modes, (std::vector<std::string>{"a", "b"}));  // in the order kernels first have them
  EXPECT_EQ(plot_data(kTriggerRatios, modes),
            "# mode, then per kernel and ratio (sim_over_xol, sim_over_ret): median min max\n"
            "a 4.309 2.976 6.040 0.877 nan 1.000 2.000 1.500 2.500 1.000 1.000 1.000\n"
            "b NaN NaN NaN NaN NaN NaN NaN NaN NaN NaN NaN NaN\n");
}

TEST(Plot, ScriptReadsTheDataAndWritesTheSvg) {
  const std::string script =
      plot_script(kTriggerRatios, 12, "/plot/results.dat", "/bench/results.svg");
  EXPECT_TRUE(has_line(script, "set output '/bench/results.svg'"));
  EXPECT_TRUE(has_line(script, "set xrange [-0.6:11.6]"));
  EXPECT_TRUE(has_line(script,
                       "plot '/plot/results.dat' using 2:3:4:xtic(1) title '6.1', '' using "
                       "8:9:10:xtic(1) title '7.3'"));
  EXPECT_TRUE(
      script.ends_with("\nset ylabel 'simulated / ret control hits/s'\n"
                       "plot '/plot/results.dat' using 5:6:7:xtic(1) title '6.1', '' using "
                       "11:12:13:xtic(1) title '7.3'\nunset multiplot\n"));
  EXPECT_NE(plot_script({}, 3, "d", "s").find("\nset xrange [-0.6:2.6]\n"), std::string::npos);
}

TEST(RunBenchMerge, WritesTheFourFiles) {
  const auto dir = std::filesystem::temp_directory_path() / "probesim-bench-merge-test2";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string error;
  for (const char* name : {"results-7.3.json", "results-7.3.md"})
    ASSERT_TRUE(write_file((dir / name).string(), committed(name), error)) << error;
  std::ostringstream err;
  EXPECT_EQ(run_bench_merge({dir.string(), (dir / "plot").string()}, err), 0) << err.str();
  for (const char* name : {"results.json", "results.md", "plot/results.gp", "plot/results.dat"})
    EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
  const auto script = read_file((dir / "plot" / "results.gp").string(), error);
  EXPECT_NE(script->find("set output '" + (dir / "results.svg").string() + "'\n"),
            std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace probesim::report
