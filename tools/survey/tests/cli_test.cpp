// The command line: options, exit status, what goes to stdout and stderr.
#include "cli.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "elf_builder.hpp"

namespace probesim::survey {
namespace {

// The version as dkms.conf has it: the PACKAGE_VERSION="X" line.
std::string dkms_conf_version() {
  std::ifstream in(PROBESIM_DKMS_CONF);
  const std::string prefix = "PACKAGE_VERSION=\"";
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0)
      return line.substr(prefix.size(), line.find('"', prefix.size()) - prefix.size());
  return "";
}

TEST(ParseArguments, Version) {
  ParsedArguments p = parse_arguments({"--version"});
  EXPECT_TRUE(p.version);
  EXPECT_FALSE(p.help);
  EXPECT_EQ(p.error, "");
  // Wins over files and other options, as --help does.
  EXPECT_TRUE(parse_arguments({"--json", "--version", "a.out"}).version);
  // After "--" it is a file name.
  ParsedArguments file = parse_arguments({"--", "--version"});
  EXPECT_FALSE(file.version);
  ASSERT_TRUE(file.ok);
  EXPECT_EQ(file.options.files, std::vector<std::string>{"--version"});
}

TEST(ParseArguments, HelpAndErrors) {
  EXPECT_TRUE(parse_arguments({"-h"}).help);
  EXPECT_TRUE(parse_arguments({"x", "--help"}).help);
  EXPECT_EQ(parse_arguments({}).error, "no FILE given");
  EXPECT_EQ(parse_arguments({"--bogus", "x"}).error, "unknown option --bogus");
  ParsedArguments p = parse_arguments({"--markdown", "--list", "a", "b"});
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.options.mode, OutputMode::kMarkdown);
  EXPECT_TRUE(p.options.list);
  EXPECT_EQ(p.options.files, (std::vector<std::string>{"a", "b"}));
}

TEST(VersionLine, IsDkmsConfsPackageVersion) {
  const std::string version = dkms_conf_version();
  ASSERT_NE(version, "") << "no PACKAGE_VERSION line in " << PROBESIM_DKMS_CONF;
  EXPECT_EQ(version_line(), "probesim-survey " + version + "\n");
}

class Cli : public ::testing::Test {
 protected:
  // One directory per test: ctest runs the tests of this fixture as
  // processes of their own, side by side, and each writes its "good".
  std::string dir_ = ::testing::TempDir() + "/probesim_survey_cli_" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name();
  void SetUp() override { std::filesystem::create_directories(dir_); }
  std::string write(const std::string& name, const std::vector<std::uint8_t>& b) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(b.data()),
               static_cast<std::streamsize>(b.size()));
    return path;
  }
  int run_cli(std::vector<std::string> args) {
    out_.str("");
    err_.str("");
    return run(args, out_, err_);
  }
  std::ostringstream out_, err_;
};

TEST_F(Cli, GoodFile) {
  std::string good = write("good", test::build_elf(test::typical_spec()).bytes);
  EXPECT_EQ(run_cli({good}), 0);
  EXPECT_NE(out_.str().find("prologue shapes"), std::string::npos);
  EXPECT_EQ(err_.str(), "");
  EXPECT_EQ(run_cli({"--json", good}), 0);
  EXPECT_EQ(out_.str().rfind("{\"tool\": \"probesim-survey\"", 0), 0U);
  EXPECT_EQ(run_cli({"--list", "--markdown", good}), 0);
  EXPECT_NE(out_.str().find("func "), std::string::npos);
}

TEST_F(Cli, BadFilesFailWithAMessage) {
  std::string good = write("good", test::build_elf(test::typical_spec()).bytes);
  std::string text = write("text", {'h', 'i', '\n'});
  EXPECT_EQ(run_cli({good, text, dir_ + "/missing", dir_}), 1);
  EXPECT_NE(err_.str().find("text: not an ELF file"), std::string::npos);
  EXPECT_NE(err_.str().find("missing: cannot open"), std::string::npos);
  EXPECT_NE(err_.str().find(": is a directory"), std::string::npos);
  EXPECT_NE(out_.str().find("good"), std::string::npos);  // still reported
}

TEST_F(Cli, Usage) {
  EXPECT_EQ(run_cli({}), 2);
  EXPECT_NE(err_.str().find("usage:"), std::string::npos);
  EXPECT_EQ(run_cli({"--bogus", "x"}), 2);
  EXPECT_EQ(run_cli({"--help"}), 0);
  EXPECT_NE(out_.str().find("usage:"), std::string::npos);
}

TEST_F(Cli, Version) {
  EXPECT_EQ(run_cli({"--version"}), 0);
  EXPECT_EQ(out_.str(), version_line());
  EXPECT_EQ(err_.str(), "");
}

TEST_F(Cli, HelpNamesEveryOption) {
  EXPECT_EQ(run_cli({"--help"}), 0);
  for (const char* option : {"--json", "--markdown", "--list", "--version", "--help"})
    EXPECT_NE(out_.str().find(option), std::string::npos) << option;
}

}  // namespace
}  // namespace probesim::survey
