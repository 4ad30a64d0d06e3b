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

TEST(Spread, MedianAndRange) {
  EXPECT_EQ(spread({3.0, 1.0, 2.0}), (Spread{2.0, 1.0, 3.0}));
  EXPECT_EQ(spread({5.0}), (Spread{5.0, 5.0, 5.0}));
  EXPECT_FALSE(spread({}));
}

TEST(Spread, EvenCountTakesTheMeanOfTheMiddleTwo) {
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

TEST(GrepResults, FiguresOfCleanRuns) {
  const Outcome out = run(BenchBoot());
  EXPECT_EQ(out.errors, Strings{});
  EXPECT_EQ(out.warnings, Strings{});
  ASSERT_TRUE(out.grep);
  const GrepResult& g = *out.grep;
  EXPECT_EQ(g.variant, "7.3");
  EXPECT_EQ(g.rounds, 3);
  EXPECT_EQ(g.passes, 10);
  // Medians of the rounds' seconds: none 1, 1, 2; xol 3, 2.5, 4; sim 1.5, 1.25, 3.
  EXPECT_EQ(g.none, 1.0);
  EXPECT_EQ(g.xol, 3.0);
  EXPECT_EQ(g.sim, 1.5);
  EXPECT_EQ(g.times[2], (std::vector<std::optional<double>>{1.5, 1.25, 3.0}));
  EXPECT_EQ(g.ratio, (std::vector<double>{4.0, 6.0, 2.0}));
  EXPECT_EQ(spread(g.ratio), (Spread{4.0, 2.0, 6.0}));
  EXPECT_EQ(g.removed, (std::vector<double>{0.75, 1.25 / 1.5, 0.5}));
  // Per hit, µs: (xol - none) / 1000 hits, (sim - none) / 1000 hits.
  EXPECT_EQ(g.overhead_xol_us, (Spread{2.0 / 1000 * 1e6, 1.5 / 1000 * 1e6, 2.0 / 1000 * 1e6}));
  EXPECT_EQ(g.overhead_sim_us, (Spread{0.5 / 1000 * 1e6, 0.25 / 1000 * 1e6, 1.0 / 1000 * 1e6}));
  // (xol - sim) over the 900 simulated hits: 1.5, 1.25 and 1 s.
  EXPECT_EQ(g.saving_us, (Spread{1.25 / 900 * 1e6, 1.0 / 900 * 1e6, 1.5 / 900 * 1e6}));
  EXPECT_EQ(g.hits.total, 1000);
  EXPECT_EQ(g.hits.per_pass, 100);
  EXPECT_EQ(g.hits.probes, 5);
  EXPECT_EQ(g.hits.probes_hit, 4);
  EXPECT_EQ(g.hits.simulated, 900);
  EXPECT_EQ(g.mismatched_rounds, std::vector<std::int64_t>{});
  EXPECT_EQ(g.params_sim, "nop=Y stp=Y ");
}

TEST(GrepResults, ProbesRankedAndByOffset) {
  const GrepResult g = *run(BenchBoot()).grep;
  std::vector<std::string> offsets;
  for (const auto& [offset, n] : g.hits.per_probe) offsets.push_back(offset);
  EXPECT_EQ(offsets, (Strings{"100", "200", "300", "400", "a00"}));  // by address
  ASSERT_EQ(g.top.size(), 5u);
  EXPECT_EQ(g.top[0].offset, "200");
  EXPECT_EQ(g.top[0].insn, "and w9, w2, #0xff");
  EXPECT_EQ(g.top[0].verdict, "probesim-logic_imm");
  EXPECT_EQ(g.top[2].offset, "300");
  EXPECT_EQ(g.top[4].hits, 0);
  ASSERT_EQ(g.probes_hit.size(), 4u);  // not the one with no hit
  EXPECT_EQ(g.probes_hit[3].offset, "400");
}

TEST(GrepResults, ClassesGroupsAndBreakdown) {
  const GrepResult g = *run(BenchBoot()).grep;
  std::vector<std::string> classes;
  for (const auto& [cls, tally] : g.classes) classes.push_back(cls);
  EXPECT_EQ(classes, (Strings{"logic_imm", "stp-push", "other", "adr"}));
  const Tally& stp = g.classes.at("stp-push");
  EXPECT_EQ(stp.probes, 2);
  EXPECT_EQ(stp.probes_hit, 1);
  EXPECT_EQ(stp.hits, 300);
  EXPECT_EQ(stp.percent, 30.0);

  ASSERT_EQ(g.groups.size(), 4u);  // both pushes in one group
  EXPECT_EQ(g.groups[0].group, "and (immediate)");
  EXPECT_EQ(g.groups[1].group, "stp x29, x30, [sp, #-N]!");
  EXPECT_EQ(g.groups[1].tally.probes, 2);
  EXPECT_EQ(g.groups[2].group, "load (ldr)");
  EXPECT_EQ(g.groups[2].stock, "xol");
  EXPECT_EQ(g.groups[3].group, "adrp");

  EXPECT_EQ(g.breakdown_round, 1);
  ASSERT_EQ(g.breakdown.size(), 4u);
  EXPECT_EQ(g.breakdown[0].survey_class, "logic_imm");
  EXPECT_EQ(g.breakdown[0].families, Strings{"logic_imm"});
  EXPECT_EQ(g.breakdown[0].probesim_sim, 600);
  EXPECT_EQ(g.breakdown[2].survey_class, "other");
  EXPECT_EQ(g.breakdown[2].xol, 90);
  EXPECT_EQ(g.breakdown[3].kernel_sim, 10);
  EXPECT_EQ(g.breakdown[3].xol, 0);
  EXPECT_EQ(g.xol_hits, 90);

  // Families from the verdicts and from the counters (nop_patched), in
  // name order; the survey's count of each.
  std::vector<std::pair<std::string, std::int64_t>> expect(g.expected_patched.begin(),
                                                           g.expected_patched.end());
  EXPECT_EQ(expect, (std::vector<std::pair<std::string, std::int64_t>>{
                        {"logic_imm_patched", 1}, {"nop_patched", 0}, {"stp_patched", 2}}));
}

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

TEST(GrepChecks, AKernelTheSurveyHasNoRulesForEndsTheReport) {
  EXPECT_THROW(run(BenchBoot(), "6.12"), BenchFatal);
}

}  // namespace
}  // namespace probesim::report
