#include "bench_merge.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "file_io.hpp"

namespace probesim::report {
namespace {

std::string read_results(const std::string& dir, const std::string& name) {
  std::string error;
  const auto text = read_file(dir + "/" + name, error);
  EXPECT_TRUE(text) << error;
  return text.value_or("");
}

// A file of bench/ of the repository.
std::string committed(const std::string& name) { return read_results(PROBESIM_BENCH_RESULTS, name); }

// Every kernel's results in @dir: bench/ of the repository by default,
// whose merge must come out as committed; the tests that check figures
// read a snapshot of it (data/bench_snapshot), which a new make bench
// does not change: the fields these tests read (of the trigger modes,
// uprobe-nop, uprobe-push, uprobe-bti-j and uprobe-ret), and each page's
// heading.
struct Committed {
  KernelResults results;
  std::vector<std::string> pages;

  explicit Committed(const std::string& dir = PROBESIM_BENCH_RESULTS) {
    for (const std::string& kver : kernels_in(dir)) {
      results.emplace_back(kver, Json::parse(read_results(dir, "results-" + kver + ".json")));
      pages.push_back(read_results(dir, "results-" + kver + ".md"));
    }
  }
};

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

// The table rows of text, the lines starting "| ".
std::size_t count_rows(const std::string& text) {
  std::size_t n = 0;
  for (std::size_t at = text.find("\n| "); at != std::string::npos; at = text.find("\n| ", at + 1))
    ++n;
  return n;
}

TEST(KernelsIn, ResultsFilesInVersionOrder) {
  EXPECT_EQ(kernels_in(PROBESIM_BENCH_RESULTS), (std::vector<std::string>{"6.1", "6.12", "7.3"}));
  EXPECT_EQ(kernels_in("/nonexistent/probesim"), std::vector<std::string>{});
}

TEST(BenchMerge, CommittedResultsGiveTheCommittedMergeByteForByte) {
  const Committed c;
  const MergeOutput out = bench_merge(c.results, c.pages, "/p/results.dat", "/b/results.svg");
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

TEST(UpstreamSection, UpstreamsFiguresAgainstOurs) {
  const Committed c(PROBESIM_BENCH_SNAPSHOT);
  const std::string text = upstream_section(c.results);
  EXPECT_TRUE(has_line(text,
                       "| upstream grep (hardware, 2024) | 2.165 | 15.314 | 2.216 | 7.07 | "
                       "1.02 | 258 | 99.6% | not given |  |  |  |"));
  EXPECT_TRUE(has_line(text,
                       "| ours, 7.3, qemu TCG | 4.201 | 39.108 | 22.357 | 9.31 | 5.32 | 1.78 | "
                       "44% | 911100 | 39.2 | 19.8 | 19.9 |"));
  // What upstream's grep run implies with its trigger benchmark's costs.
  EXPECT_NE(text.find("measured `uprobe-push` at 0.908 M hits/s single-stepped and 1.743 M/s "
                      "simulated: 1.10 µs and 0.57 µs per hit, about 1.9x."),
            std::string::npos);
  EXPECT_NE(text.find("so its 51 ms over the baseline allow at most 89k hits"), std::string::npos);
  EXPECT_NE(text.find("come to at least 148 µs per hit, 134x the trigger"), std::string::npos);
  EXPECT_NE(
      text.find("need 12 million hits, and those would make the simulated run at least 6.8 s"),
      std::string::npos);
  EXPECT_NE(text.find("a single step would cost at least 38 µs."), std::string::npos);
  EXPECT_NE(text.find("uprobe-push gives sim/xol 4.7/4.8/1.3 (per kernel)"), std::string::npos);
  EXPECT_EQ(mix_text(c.results),
            "89% of the hits are on probes that probesim simulates; 8% on `load (ldr)` (xol)");
  EXPECT_TRUE(has_line(text, "| 7.3 | our trigger benchmark, TCG (13.3 / 10.1 µs) | 1.28 | 22% |"));
  EXPECT_TRUE(has_line(text,
                       "| 6.1 | upstream's trigger benchmark, Kunpeng 916 (1.10 / 0.57 µs) | "
                       "1.74 | 43% |"));
  EXPECT_TRUE(has_line(text, "| 6.12 | measured (grep, TCG) | 3.60 | 72% |"));
  EXPECT_NE(text.find("would take some 43% off the uprobe overhead"), std::string::npos);
  EXPECT_TRUE(text.ends_with(" (the class tables below).\n\n"));
}

// 7.3's grep results as the trixie grep of 6.12: a row of its own after
// 6.12's wherever grep results have one, and nothing else changed.
TEST(BenchMerge, ASecondGrepBinaryAddsRowsOfItsOwn) {
  const Committed bookworm_only(PROBESIM_BENCH_SNAPSHOT);
  Committed c(PROBESIM_BENCH_SNAPSHOT);
  ASSERT_EQ(c.results[1].first, "6.12");
  c.results[1].second["grep_trixie"] = c.results[2].second.at("grep");
  const MergeOutput before =
      bench_merge(bookworm_only.results, bookworm_only.pages, "/p/results.dat", "/b/results.svg");
  const MergeOutput out = bench_merge(c.results, c.pages, "/p/results.dat", "/b/results.svg");

  // 6.12's rows, then 6.12 trixie's with 7.3's figures, then 7.3's.
  const std::string ours_7_3 =
      ", qemu TCG | 4.201 | 39.108 | 22.357 | 9.31 | 5.32 | 1.78 | 44% | 911100 | 39.2 | 19.8 | "
      "19.9 |\n";
  const std::size_t ours_6_12 = out.markdown.find("\n| ours, 6.12, qemu TCG | ");
  ASSERT_NE(ours_6_12, std::string::npos);
  EXPECT_EQ(out.markdown.find("\n| ours, 6.12 trixie" + ours_7_3 + "| ours, 7.3" + ours_7_3),
            out.markdown.find('\n', ours_6_12 + 1));
  // Its projection with 6.12's trigger benchmark, after 6.12's rows.
  const std::size_t trigger_6_12 = out.markdown.find("\n| 6.12 | our trigger benchmark, TCG (");
  const std::size_t measured_6_12 = out.markdown.find("\n| 6.12 | measured (grep, TCG) | ");
  ASSERT_NE(trigger_6_12, std::string::npos);
  ASSERT_NE(measured_6_12, std::string::npos);
  const std::size_t costs = out.markdown.find(" | our", trigger_6_12);
  const std::string trigger_costs =
      out.markdown.substr(costs, out.markdown.find(')', costs) + 1 - costs);
  EXPECT_EQ(out.markdown.find("\n| 6.12 trixie" + trigger_costs + " | "),
            out.markdown.find('\n', measured_6_12 + 1));
  EXPECT_TRUE(has_line(out.markdown, "| 6.12 trixie | measured (grep, TCG) | 1.78 | 44% |"));

  // Without the rows of 6.12 trixie, the merge is as before.
  std::string without;
  for (std::size_t from = 0; from < out.markdown.size();) {
    const std::size_t end = out.markdown.find('\n', from) + 1;
    const std::string line = out.markdown.substr(from, end - from);
    if (line.find(" 6.12 trixie") == std::string::npos) without += line;
    from = end;
  }
  EXPECT_EQ(count_rows(out.markdown) - count_rows(without), 4u);
  EXPECT_EQ(without, before.markdown);
  // The plot is of the trigger benchmark alone.
  EXPECT_EQ(out.plot_data, before.plot_data);
  EXPECT_EQ(out.plot_script, before.plot_script);

  const Json merged = Json::parse(out.json);
  const Json* trixie = at(&merged, {"kernels", "6.12", "grep_trixie"});
  ASSERT_TRUE(trixie);
  EXPECT_EQ(*trixie, c.results[2].second.at("grep"));
  EXPECT_TRUE(merged.contains("grep_trixie"));  // 6.12 leads
  EXPECT_FALSE(at(&merged, {"kernels", "7.3", "grep_trixie"}));
}

TEST(Plot, DataPerModeAndKernel) {
  const Committed c(PROBESIM_BENCH_SNAPSHOT);
  const auto modes = plot_modes(c.results);
  ASSERT_EQ(modes.size(), 4u);
  EXPECT_EQ(modes.front(), "uprobe-nop");
  // First in 6.12, before its uprobe-ret: after 6.1's modes, uprobe-ret among them.
  EXPECT_EQ(modes[3], "uprobe-bti-j");
  const std::string data = plot_data(c.results, modes);
  EXPECT_TRUE(data.starts_with(
      "# mode, then per kernel and ratio (sim_over_xol, sim_over_ret): median min max\n"
      "uprobe-nop 4.309 2.976 6.040 0.877 0.520 0.967 4.538 4.122 5.945 0.862 0.557 0.982 "
      "1.041 0.749 1.592 1.122 0.536 1.423\n"));
  EXPECT_TRUE(has_line(data,
                       "uprobe-bti-j NaN NaN NaN NaN NaN NaN 4.365 3.983 5.761 0.891 0.842 "
                       "0.915 1.370 0.968 1.798 0.871 0.423 0.978"));
}

TEST(Plot, ScriptReadsTheDataAndWritesTheSvg) {
  const Committed c(PROBESIM_BENCH_SNAPSHOT);
  const std::string script = plot_script(c.results, 12, "/plot/results.dat", "/bench/results.svg");
  EXPECT_TRUE(has_line(script, "set output '/bench/results.svg'"));
  EXPECT_TRUE(has_line(script, "set xrange [-0.6:11.6]"));
  EXPECT_TRUE(has_line(script,
                       "plot '/plot/results.dat' using 2:3:4:xtic(1) title '6.1', '' using "
                       "8:9:10:xtic(1) title '6.12', '' using 14:15:16:xtic(1) title '7.3'"));
  EXPECT_TRUE(has_line(script,
                       "plot '/plot/results.dat' using 5:6:7:xtic(1) title '6.1', '' using "
                       "11:12:13:xtic(1) title '6.12', '' using 17:18:19:xtic(1) title '7.3'"));
  EXPECT_TRUE(
      script.ends_with("\nset ylabel 'simulated / ret control hits/s'\n" +
                       std::string("plot '/plot/results.dat' using 5:6:7:xtic(1) title "
                                   "'6.1', '' using 11:12:13:xtic(1) title '6.12', '' "
                                   "using 17:18:19:xtic(1) title '7.3'\nunset multiplot\n")));
  EXPECT_NE(plot_script({}, 3, "d", "s").find("\nset xrange [-0.6:2.6]\n"), std::string::npos);
}

TEST(RunBenchMerge, NothingToMergeIsAnError) {
  const auto dir = std::filesystem::temp_directory_path() / "probesim-bench-merge-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ostringstream err;
  EXPECT_EQ(run_bench_merge({dir.string(), (dir / "plot").string()}, err), 1);
  EXPECT_EQ(err.str(), "error: no per-kernel results to merge\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "results.json"));
  std::filesystem::remove_all(dir);
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
