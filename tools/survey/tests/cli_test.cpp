// The command line: options, exit status, what goes to stdout and stderr.
#include "cli.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "test_files.hpp"

namespace probesim::survey {
namespace {

class Cli : public ::testing::Test {
 protected:
  int run_cli(std::vector<std::string> args) {
    out_.str("");
    err_.str("");
    return run(args, out_, err_);
  }
  std::ostringstream out_, err_;
};

TEST_F(Cli, GoodFile) {
  const std::string good = probesim::test::sample("plain");
  if (good.empty()) GTEST_SKIP() << "no aarch64-linux-gnu-gcc: no sample";
  EXPECT_EQ(run_cli({good}), 0);
  EXPECT_NE(out_.str().find("prologue shapes"), std::string::npos);
  EXPECT_EQ(err_.str(), "");
  EXPECT_EQ(run_cli({"--json", good}), 0);
  EXPECT_EQ(nlohmann::json::parse(out_.str()).at("tool"), "probesim-survey");
  EXPECT_EQ(run_cli({"--list", "--markdown", good}), 0);
  EXPECT_NE(out_.str().find("func "), std::string::npos);
}

TEST_F(Cli, BadFilesFailWithAMessage) {
  const std::string good = probesim::test::sample("plain");
  if (good.empty()) GTEST_SKIP() << "no aarch64-linux-gnu-gcc: no sample";
  const probesim::test::TempDir dir;
  probesim::test::spill(dir / "text", "hi\n");
  EXPECT_EQ(run_cli({good, dir / "text", dir / "missing", dir.path()}), 1);
  EXPECT_NE(err_.str().find("text: not an ELF file"), std::string::npos);
  EXPECT_NE(err_.str().find("missing: cannot open"), std::string::npos);
  EXPECT_NE(err_.str().find(": is a directory"), std::string::npos);
  EXPECT_NE(out_.str().find("sample-plain"), std::string::npos);  // still reported
}

TEST_F(Cli, Usage) {
  EXPECT_EQ(run_cli({}), 2);
  EXPECT_EQ(err_.str(),
            "probesim-survey: FILE is required\n"
            "Run with --help for more information.\n");
  EXPECT_EQ(run_cli({"--bogus", "x"}), 2);
  EXPECT_NE(err_.str().find("--bogus"), std::string::npos);
  EXPECT_EQ(run_cli({"--json", "--markdown", "x"}), 2);
  EXPECT_NE(err_.str().find("--json excludes --markdown"), std::string::npos) << err_.str();
  EXPECT_EQ(run_cli({"--help"}), 0);
  EXPECT_NE(out_.str().find("Usage: probesim-survey"), std::string::npos);
  EXPECT_EQ(err_.str(), "");
}

}  // namespace
}  // namespace probesim::survey
