#include "cli.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "test_files.hpp"

namespace probesim::payload {
namespace {

using test::TempDir;

struct Result {
  int status;
  std::string out, err;
};

Result run_tool(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int status = run(args, out, err);
  return {status, out.str(), err.str()};
}

TEST(ParseMegabytes, MebibytesRoundedDown) {
  EXPECT_EQ(parse_megabytes("13"), 13u * 1024 * 1024);
  EXPECT_EQ(parse_megabytes("0.1"), 104857u);
  EXPECT_EQ(parse_megabytes("+2.5"), 2621440u);
  EXPECT_EQ(parse_megabytes("1e-6"), 1u);
  EXPECT_EQ(parse_megabytes("0"), 0u);
  EXPECT_EQ(parse_megabytes("-1"), 0u);
}

TEST(ParseMegabytes, RejectsWhatIsNotAFiniteNumber) {
  for (std::string_view bad : {"", "13MB", "x", "inf", "nan", "1e300"})
    EXPECT_FALSE(parse_megabytes(bad)) << bad;
}

TEST(ParseSeed, IntegersModulo2To64) {
  EXPECT_EQ(parse_seed("1"), 1u);
  EXPECT_EQ(parse_seed("+7"), 7u);
  EXPECT_EQ(parse_seed("-1"), 0xffffffffffffffffu);
  EXPECT_EQ(parse_seed("18446744073709551617"), 1u);
  for (std::string_view bad : {"", "-", "0x10", "1.0", "one"})
    EXPECT_FALSE(parse_seed(bad)) << bad;
}

TEST(Run, UsageErrors) {
  const std::vector<std::vector<std::string>> cases = {
      {}, {"corpus", "d", "1"}, {"probe", "a", "b", "c"}, {"corpus", "d", "1", "2", "3"}};
  for (const auto& args : cases) {
    const Result r = run_tool(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(r.err.starts_with("probesim-grep-payload: ")) << r.err;
  }
}

TEST(Run, HelpAndVersion) {
  const Result help = run_tool({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage: probesim-grep-payload"), std::string::npos) << help.out;
  const Result corpus_help = run_tool({"corpus", "--help"});
  EXPECT_EQ(corpus_help.status, 0);
  EXPECT_NE(corpus_help.out.find("MEGABYTES"), std::string::npos) << corpus_help.out;
  const Result version = run_tool({"--version"});
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out,
            std::string("probesim-grep-payload ") + PROBESIM_VERSION + "\n");
}

TEST(Run, CorpusPrintsItsTotals) {
  TempDir tmp;
  const Result r = run_tool({"corpus", tmp / "c", "0.1", "1"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "5 files, 107758 bytes\n");
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(std::filesystem::is_regular_file(
      tmp.path() / "c/include/desc7/flag_port_0.c"));
  // A negative SEED is a number, not an option.
  EXPECT_EQ(run_tool({"corpus", tmp / "n", "0.01", "-1"}).status, 0);

  const Result again = run_tool({"corpus", tmp / "c", "0.1", "1"});
  EXPECT_EQ(again.status, 1);
  EXPECT_EQ(again.err,
            "probesim-grep-payload: " + (tmp / "c") + ": already exists\n");
}

TEST(Run, CorpusWithBadNumbers) {
  TempDir tmp;
  const Result r = run_tool({"corpus", tmp / "c", "13", "x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.err.starts_with("probesim-grep-payload: SEED: an integer, not 'x'\n")) << r.err;
  EXPECT_EQ(run_tool({"corpus", tmp / "c", "inf", "1"}).status, 2);
  EXPECT_FALSE(std::filesystem::exists(tmp / "c"));
}

TEST(Run, ProbesFailureIsStatusOne) {
  TempDir tmp;
  const Result r = run_tool({"probes", tmp / "none", tmp / "probes.tsv"});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(r.err.starts_with("probesim-grep-payload: " + (tmp / "none") + ": cannot open: "))
      << r.err;
}

}  // namespace
}  // namespace probesim::payload
