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
  EXPECT_EQ(parsed.kernel->probes, "probes.tsv");
  EXPECT_EQ(parsed.kernel->out, "bench");
  EXPECT_FALSE(parsed.merge);
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
  EXPECT_NE(usage().find("probesim-report bench merge --out DIR --plot PLOTDIR"),
            std::string::npos);
}

}  // namespace
}  // namespace probesim::report
