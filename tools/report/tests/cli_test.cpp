#include "cli.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace probesim::report {
namespace {

struct Parsed {
  Command command;
  std::string out, err;
};

Parsed parse(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  Command command = parse_arguments(args, out, err);
  return {std::move(command), out.str(), err.str()};
}

// The exit status a command line stops at, -1 if it does not.
int status(const Parsed& parsed) {
  const int* status = std::get_if<int>(&parsed.command);
  return status ? *status : -1;
}

TEST(ParseArguments, AllOptions) {
  const Parsed parsed = parse({"--console", "vm.log", "--label=gcc-6.1", "--allow", "allow.txt",
                               "--expect", "splat", "--totals=totals.txt"});
  const auto* options = std::get_if<Options>(&parsed.command);
  ASSERT_TRUE(options) << parsed.err;
  EXPECT_EQ(options->console_path, "vm.log");
  EXPECT_EQ(options->label, "gcc-6.1");
  EXPECT_EQ(options->allow_path, "allow.txt");
  EXPECT_EQ(options->expect, ExpectKind::Splat);
  EXPECT_EQ(options->totals_path, "totals.txt");
}

TEST(ParseArguments, Defaults) {
  const Parsed parsed = parse({"--label", "x", "--console", "vm.log"});
  const auto* options = std::get_if<Options>(&parsed.command);
  ASSERT_TRUE(options) << parsed.err;
  EXPECT_FALSE(options->allow_path);
  EXPECT_FALSE(options->expect);
  EXPECT_FALSE(options->totals_path);
}

TEST(ParseArguments, HelpAndVersion) {
  const Parsed bench_help = parse({"bench", "kernel", "--help"});
  EXPECT_EQ(status(bench_help), kExitPassed);
  EXPECT_NE(bench_help.out.find("--probes [NAME=]PROBES.TSV"), std::string::npos) << bench_help.out;

  std::ifstream in(PROBESIM_DKMS_CONF);
  const std::string prefix = "PACKAGE_VERSION=\"";
  std::string version;
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0)
      version = line.substr(prefix.size(), line.find('"', prefix.size()) - prefix.size());
  ASSERT_NE(version, "") << "no PACKAGE_VERSION line in " << PROBESIM_DKMS_CONF;
  const Parsed parsed = parse({"--version"});
  EXPECT_EQ(status(parsed), kExitPassed);
  EXPECT_EQ(parsed.out, "probesim-report " + version + "\n");
}

using Args = std::vector<std::string>;

// bench kernel's arguments, and probes.
Args kernel_with(const Args& probes) {
  Args args = {"bench", "kernel", "--console", "c.log", "--kver=7.3", "--out", "o"};
  args.insert(args.end(), probes.begin(), probes.end());
  return args;
}

TEST(ParseBenchArguments, ProbesPerGrepBinaryBookwormsFirst) {
  const struct {
    Args probes;
    std::vector<GrepProbesPath> want;
  } cases[] = {
      {{"--probes", "b.tsv"}, {{"bookworm", "b.tsv"}}},
      {{"--probes", "bookworm=b.tsv"}, {{"bookworm", "b.tsv"}}},
      {{"--probes", "trixie=t.tsv", "--probes", "b.tsv"},
       {{"bookworm", "b.tsv"}, {"trixie", "t.tsv"}}},
      {{"--probes=trixie=t.tsv", "--probes", "sid2=s=1.tsv", "--probes=b.tsv"},
       {{"bookworm", "b.tsv"}, {"trixie", "t.tsv"}, {"sid2", "s=1.tsv"}}},
  };
  for (const auto& c : cases) {
    const Parsed parsed = parse(kernel_with(c.probes));
    const auto* kernel = std::get_if<BenchKernelOptions>(&parsed.command);
    ASSERT_TRUE(kernel) << c.probes[1] << ": " << parsed.err;
    EXPECT_EQ(kernel->probes, c.want) << c.probes[1];
    EXPECT_EQ(kernel->console, "c.log");
    EXPECT_EQ(kernel->kver, "7.3");
    EXPECT_EQ(kernel->out, "o");
  }
}

TEST(ParseArguments, UsageErrors) {
  const struct {
    Args args;
    std::string error;
  } cases[] = {
      {{"--label", "x"},
       "probesim-report: --console is required\nRun with --help for more information.\n"},
      {{"--console", "vm.log"}, "--label is required"},
      {{"--console", "l", "--label", "x", "--expect", "oops"},
       "--expect: test-failure, splat or timeout, not 'oops'"},
      {{"--console", "l", "--label", "x", "--bogus"}, "--bogus"},
      {kernel_with({}), "--probes is required"},
      {kernel_with({"--probes", "a.tsv", "--probes", "bookworm=b.tsv"}),
       "--probes: two for bookworm's grep (the one without a name): a.tsv and b.tsv"},
      {kernel_with({"--probes", "b.tsv", "--probes", "dir/t=t.tsv"}),
       "--probes: dir/t=t.tsv: a grep binary's name is lowercase letters and digits, not 'dir/t'"},
      {kernel_with({"--probes", "b.tsv", "--probes", "trixie="}),
       "--probes: trixie=: no path after the name"},
      {kernel_with({"--probes", "trixie=t.tsv"}),
       "--probes: PROBES.TSV without a name (bookworm's grep) is required"},
      {{"bench"}, "A subcommand is required"},
      {{"bench", "merge", "--out", "o"}, "--plot is required"},
      {{"bench", "merge", "--out", "o", "--plot", "p", "--kver", "7.3"}, "--kver"},
      {{"bench", "docs", "--results", "b", "README.md"}, "--instructions is required"},
      {{"bench", "docs", "--instructions", "i.json", "README.md"}, "--results is required"},
      {{"bench", "docs", "--instructions", "i.json", "--results", "b"}, "docs is required"},
  };
  for (const auto& c : cases) {
    const Parsed parsed = parse(c.args);
    EXPECT_EQ(status(parsed), kExitUsageError) << c.error;
    EXPECT_NE(parsed.err.find(c.error), std::string::npos) << parsed.err;
  }
}

TEST(ParseBenchArguments, Merge) {
  const Parsed parsed = parse({"bench", "merge", "--plot", "p", "--out", "o"});
  const auto* merge = std::get_if<BenchMergeOptions>(&parsed.command);
  ASSERT_TRUE(merge) << parsed.err;
  EXPECT_EQ(merge->out, "o");
  EXPECT_EQ(merge->plot, "p");
}

TEST(ParseBenchArguments, Docs) {
  const Parsed parsed = parse({"bench", "docs", "--check", "--instructions", "i.json", "--results",
                               "bench", "README.md", "docs/speed.md"});
  const auto* docs = std::get_if<BenchDocsOptions>(&parsed.command);
  ASSERT_TRUE(docs) << parsed.err;
  EXPECT_EQ(docs->instructions, "i.json");
  EXPECT_EQ(docs->results, "bench");
  EXPECT_EQ(docs->docs, (std::vector<std::string>{"README.md", "docs/speed.md"}));
  EXPECT_TRUE(docs->check);
  const Parsed rewrite =
      parse({"bench", "docs", "--instructions", "i.json", "--results", "b", "README.md"});
  ASSERT_TRUE(std::get_if<BenchDocsOptions>(&rewrite.command)) << rewrite.err;
  EXPECT_FALSE(std::get<BenchDocsOptions>(rewrite.command).check);
}

}  // namespace
}  // namespace probesim::report
