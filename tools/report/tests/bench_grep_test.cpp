#include "bench_grep.hpp"

#include <gtest/gtest.h>

#include <ostream>

#include "bench_fixture.hpp"
#include "console.hpp"

namespace probesim::report {

// For gtest's messages.
void PrintTo(const Spread& s, std::ostream* out) {
  *out << "{median " << s.median << ", min " << s.min << ", max " << s.max << "}";
}

namespace {

// An even count takes the mean of the middle two.
TEST(Spread, MedianAndRange) {
  EXPECT_EQ(spread({3.0, 1.0, 2.0}), (Spread{2.0, 1.0, 3.0}));
  EXPECT_EQ(spread({5.0}), (Spread{5.0, 5.0, 5.0}));
  EXPECT_FALSE(spread({}));
  EXPECT_EQ(spread({4.0, 1.0, 3.0, 2.0}), (Spread{2.5, 1.0, 4.0}));
  // As statistics.median: (0.1 + 0.2) / 2, not 0.15.
  EXPECT_EQ(spread({0.2, 0.1})->median, 0.15000000000000002);
}

using testing::BenchBoot;

struct Outcome {
  std::optional<GrepResult> grep;
  std::vector<std::string> errors;
  std::vector<std::string> warnings;
};

Outcome run(const BenchBoot& boot, std::string_view kver = "7.3") {
  std::string error;
  const auto probes = parse_probes(testing::kProbesTsv, error);
  EXPECT_TRUE(probes) << error;
  Outcome out;
  const ConsoleLog log = split_console(boot.console());
  const GrepRuns runs = parse_grep_runs(log, "bench-grep", out.errors);
  out.grep = grep_results(runs, *probes, kver, out.errors, out.warnings);
  return out;
}

using Strings = std::vector<std::string>;

TEST(GrepChecks, AMissingTimeOrMissingHitsSkipTheRound) {
  BenchBoot boot;
  BenchBoot::drop(boot.times, "2 sim");
  BenchBoot::drop(boot.hits, "3 xol");
  const Outcome out = run(boot);
  EXPECT_EQ(out.errors, (Strings{"grep round 2: no time for sim", "grep round 3: hits missing"}));
  ASSERT_TRUE(out.grep);
  EXPECT_EQ(out.grep->rounds, 3);
  EXPECT_EQ(out.grep->times[2][1], std::nullopt);
  EXPECT_EQ(out.grep->ratio, std::vector<double>{4.0});
  // Round 3 has every time, so it still has a saving.
  EXPECT_EQ(out.grep->saving_us->max, 1.5 / 900 * 1e6);
}

TEST(GrepChecks, HitsThatDifferBetweenXolAndSim) {
  BenchBoot boot;
  BenchBoot::set(boot.hits, "2 sim f_300", "2 sim f_300 91");
  BenchBoot::drop(boot.hits, "2 xol f_a00");
  const Outcome out = run(boot);
  EXPECT_EQ(
      out.errors,
      (Strings{"grep round 2: uprobe_profile's probes differ from the 5 probes of the payload",
               "grep round 2: hits differ between xol and sim on 2 probes: "
               "f_300 xol=90 sim=91, f_a00 xol=None sim=0"}));
  EXPECT_EQ(out.warnings,
            Strings{"grep round 2: hits differ from round 1's (the workload should be the same)"});
  EXPECT_EQ(out.grep->mismatched_rounds, std::vector<std::int64_t>{2});
}

// Of the probes whose hits differ, the message lists the first ten.
TEST(GrepChecks, HitsThatDifferAreListedUpToTen) {
  BenchBoot boot;
  std::string listed;
  for (int i = 10; i < 21; ++i) {
    const std::string event = "f_b" + std::to_string(i);
    boot.hits.push_back("2 sim " + event + " 1");
    if (i < 20) listed += (listed.empty() ? "" : ", ") + event + " xol=None sim=1";
  }
  const Outcome out = run(boot);
  ASSERT_EQ(out.errors.size(), 2u);
  EXPECT_EQ(out.errors[1], "grep round 2: hits differ between xol and sim on 11 probes: " + listed);
}

TEST(GrepChecks, CountersThatDisagreeWithTheSurvey) {
  BenchBoot boot;
  BenchBoot::set(boot.stats, "1 xol stp_patched", "1 xol stp_patched 2");
  BenchBoot::set(boot.stats, "1 sim logic_imm_patched", "1 sim logic_imm_patched 0");
  BenchBoot::drop(boot.stats, "1 sim stp_hits");
  BenchBoot::set(boot.stats, "1 sim stp_faults", "1 sim stp_faults 3");
  BenchBoot::set(boot.stats, "2 sim stp_refused", "2 sim stp_refused 1");
  const Outcome out = run(boot);
  EXPECT_EQ(out.errors,
            (Strings{"grep round 1 sim: logic_imm_patched +0, the survey expects 1 (7.3+probesim)",
                     "grep round 1 xol: stp_patched +2, expected 0 with every family off",
                     "grep round 1 sim: stp_hits +None, uprobe_profile has 300 on stp probes",
                     "grep round 1 sim: stp_faults +3",
                     // stp_refused counts only outside the xol run
                     "grep round 2 sim: stp_refused +1"}));
}

TEST(GrepChecks, SimNotSlowerThanNoneHasNoRatio) {
  BenchBoot boot;
  BenchBoot::set(boot.times, "1 sim", "1 sim 900000000");
  const Outcome out = run(boot);
  EXPECT_EQ(out.warnings,
            Strings{"grep round 1: sim not slower than none (0.900 s vs 1.000 s): no ratio"});
  EXPECT_EQ(out.grep->ratio, (std::vector<double>{6.0, 2.0}));
  EXPECT_EQ(out.grep->removed.size(), 3u);
}

TEST(GrepChecks, NothingToReport) {
  BenchBoot boot;
  boot.times.clear();
  Outcome out = run(boot);
  EXPECT_FALSE(out.grep);
  EXPECT_EQ(out.errors, Strings{"grep: no timed runs in the console log"});

  boot = BenchBoot();
  boot.hits.clear();
  out = run(boot);
  EXPECT_FALSE(out.grep);
  EXPECT_EQ(out.errors.back(), "grep: no complete round");
  EXPECT_EQ(out.errors.size(), 4u);
}

}  // namespace
}  // namespace probesim::report
