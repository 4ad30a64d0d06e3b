#include "bench_cli.hpp"

#include <gtest/gtest.h>

#include "cli.hpp"

namespace probesim::report {
namespace {

TEST(ParseBenchArguments, Kernel) {
  const auto parsed = parse_bench_arguments({"kernel", "--console", "bench.log", "--kver=7.3",
                                             "--probes", "probes.tsv", "--out", "bench"});
  ASSERT_TRUE(parsed.kernel) << parsed.error;
  EXPECT_EQ(parsed.kernel->console, "bench.log");
  EXPECT_EQ(parsed.kernel->kver, "7.3");
  EXPECT_EQ(parsed.kernel->probes, (std::vector<GrepProbesPath>{{"bookworm", "probes.tsv"}}));
  EXPECT_EQ(parsed.kernel->out, "bench");
  EXPECT_FALSE(parsed.merge);
}

using Args = std::vector<std::string>;

// The arguments of bench kernel but --probes, which each case adds.
Args kernel_with(const Args& probes) {
  Args args = {"kernel", "--console", "c.log", "--kver", "7.3", "--out", "o"};
  args.insert(args.end(), probes.begin(), probes.end());
  return args;
}

TEST(ParseBenchArguments, ProbesPerGrepBinaryBookwormsFirst) {
  const struct {
    Args probes;
    std::vector<GrepProbesPath> want;
  } cases[] = {
      {{"--probes", "b.tsv"}, {{"bookworm", "b.tsv"}}},
      {{"--probes=b.tsv"}, {{"bookworm", "b.tsv"}}},
      {{"--probes", "bookworm=b.tsv"}, {{"bookworm", "b.tsv"}}},
      {{"--probes", "trixie=t.tsv", "--probes", "b.tsv"},
       {{"bookworm", "b.tsv"}, {"trixie", "t.tsv"}}},
      {{"--probes=trixie=t.tsv", "--probes", "sid2=s=1.tsv", "--probes=b.tsv"},
       {{"bookworm", "b.tsv"}, {"trixie", "t.tsv"}, {"sid2", "s=1.tsv"}}},
  };
  for (const auto& c : cases) {
    const auto parsed = parse_bench_arguments(kernel_with(c.probes));
    ASSERT_TRUE(parsed.kernel) << c.probes[0] << ": " << parsed.error;
    EXPECT_EQ(parsed.kernel->probes, c.want) << c.probes[0];
  }
}

TEST(ParseBenchArguments, ProbesErrors) {
  const struct {
    Args probes;
    std::string error;
  } cases[] = {
      {{}, "bench kernel: --probes is required"},
      {{"--probes", "a.tsv", "--probes", "b.tsv"},
       "bench kernel: two --probes for bookworm's grep (the one without a name): a.tsv and b.tsv"},
      {{"--probes", "a.tsv", "--probes", "bookworm=b.tsv"},
       "bench kernel: two --probes for bookworm's grep (the one without a name): a.tsv and b.tsv"},
      {{"--probes", "b.tsv", "--probes", "trixie=t.tsv", "--probes", "trixie=u.tsv"},
       "bench kernel: two --probes for trixie's grep: t.tsv and u.tsv"},
      {{"--probes", "b.tsv", "--probes", "Trixie=t.tsv"},
       "bench kernel: --probes Trixie=t.tsv: a grep binary's name is lowercase letters and "
       "digits, not 'Trixie'"},
      {{"--probes", "b.tsv", "--probes", "dir/t=t.tsv"},
       "bench kernel: --probes dir/t=t.tsv: a grep binary's name is lowercase letters and "
       "digits, not 'dir/t'"},
      {{"--probes", "b.tsv", "--probes", "=t.tsv"},
       "bench kernel: --probes =t.tsv: a grep binary's name is lowercase letters and digits, "
       "not ''"},
      {{"--probes", "b.tsv", "--probes", "trixie="},
       "bench kernel: --probes trixie=: no path after the name"},
      {{"--probes", "trixie=t.tsv"},
       "bench kernel: --probes PROBES.TSV without a name (bookworm's grep) is required"},
  };
  for (const auto& c : cases) {
    const auto parsed = parse_bench_arguments(kernel_with(c.probes));
    EXPECT_FALSE(parsed.kernel);
    EXPECT_EQ(parsed.error, c.error);
  }
}

TEST(ParseBenchArguments, OtherOptionsTheLastOneCounts) {
  const auto parsed = parse_bench_arguments(kernel_with({"--kver", "6.12", "--probes", "b.tsv"}));
  ASSERT_TRUE(parsed.kernel) << parsed.error;
  EXPECT_EQ(parsed.kernel->kver, "6.12");
}

TEST(ParseBenchArguments, Merge) {
  const auto parsed = parse_bench_arguments({"merge", "--plot", "p", "--out", "o"});
  ASSERT_TRUE(parsed.merge) << parsed.error;
  EXPECT_EQ(parsed.merge->out, "o");
  EXPECT_EQ(parsed.merge->plot, "p");
}

TEST(ParseBenchArguments, Errors) {
  EXPECT_EQ(parse_bench_arguments({}).error, "bench needs a command: kernel or merge");
  EXPECT_EQ(parse_bench_arguments({"plot"}).error,
            "bench: unknown command 'plot' (kernel or merge)");
  EXPECT_EQ(parse_bench_arguments({"merge", "--out", "o"}).error,
            "bench merge: --plot is required");
  EXPECT_EQ(parse_bench_arguments({"merge", "--out", "o", "--kver", "7.3"}).error,
            "bench merge: unknown argument '--kver'");
  EXPECT_EQ(parse_bench_arguments({"kernel", "--console"}).error,
            "bench kernel: --console needs a value");
  EXPECT_TRUE(parse_bench_arguments({"merge", "--help"}).help);
}

TEST(Usage, DocumentsTheBenchCommands) {
  EXPECT_NE(
      usage().find("probesim-report bench kernel --console LOG --kver KVER --probes PROBES.TSV"),
      std::string::npos);
  EXPECT_NE(usage().find("[--probes NAME=PROBES.TSV ...] --out DIR"), std::string::npos);
  EXPECT_NE(usage().find("probesim-report bench merge --out DIR --plot PLOTDIR"),
            std::string::npos);
}

}  // namespace
}  // namespace probesim::report
