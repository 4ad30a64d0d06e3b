#include "cli.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace probesim::report {
namespace {

TEST(ParseArguments, AllOptions) {
  const auto parsed =
      parse_arguments({"--console", "vm.log", "--label=gcc-6.1", "--allow", "allow.txt",
                       "--expect", "splat", "--totals=totals.txt", "--verbose"});
  ASSERT_TRUE(parsed.options) << parsed.error;
  const Options& options = *parsed.options;
  EXPECT_EQ(options.console_path, "vm.log");
  EXPECT_EQ(options.label, "gcc-6.1");
  EXPECT_EQ(options.allow_path, "allow.txt");
  EXPECT_EQ(options.expect, ExpectKind::Splat);
  EXPECT_EQ(options.totals_path, "totals.txt");
  EXPECT_TRUE(options.verbose);
}

TEST(ParseArguments, MinimalOptions) {
  const auto parsed = parse_arguments({"--label", "x", "--console", "vm.log"});
  ASSERT_TRUE(parsed.options) << parsed.error;
  EXPECT_FALSE(parsed.options->allow_path);
  EXPECT_FALSE(parsed.options->expect);
  EXPECT_FALSE(parsed.options->totals_path);
  EXPECT_FALSE(parsed.options->verbose);
}

TEST(ParseArguments, Errors) {
  EXPECT_EQ(parse_arguments({"--label", "x"}).error, "--console is required");
  EXPECT_EQ(parse_arguments({"--console", "vm.log"}).error, "--label is required");
  EXPECT_EQ(parse_arguments({"--console"}).error, "--console needs a value");
  EXPECT_EQ(parse_arguments({"--bogus"}).error, "unknown argument '--bogus'");
  const auto bad_expect = parse_arguments({"--console", "l", "--label", "x", "--expect", "oops"});
  EXPECT_FALSE(bad_expect.options);
  EXPECT_NE(bad_expect.error.find("--expect"), std::string::npos);
}

TEST(ParseArguments, Help) {
  const auto parsed = parse_arguments({"--console", "l", "--help"});
  EXPECT_TRUE(parsed.help);
  EXPECT_FALSE(parsed.options);
}

TEST(ParseArguments, Version) {
  const auto parsed = parse_arguments({"--version"});
  EXPECT_TRUE(parsed.version);
  EXPECT_FALSE(parsed.help);
  EXPECT_FALSE(parsed.options);
  EXPECT_TRUE(parse_arguments({"--console", "l", "--version"}).version);
  // As the value of an option it is just a value.
  const auto label = parse_arguments({"--console", "l", "--label", "--version"});
  EXPECT_FALSE(label.version);
  ASSERT_TRUE(label.options) << label.error;
  EXPECT_EQ(label.options->label, "--version");
}

TEST(VersionLine, IsDkmsConfsPackageVersion) {
  std::ifstream in(PROBESIM_DKMS_CONF);
  const std::string prefix = "PACKAGE_VERSION=\"";
  std::string version;
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0)
      version = line.substr(prefix.size(), line.find('"', prefix.size()) - prefix.size());
  ASSERT_NE(version, "") << "no PACKAGE_VERSION line in " << PROBESIM_DKMS_CONF;
  EXPECT_EQ(version_line(), "probesim-report " + version + "\n");
}

}  // namespace
}  // namespace probesim::report
