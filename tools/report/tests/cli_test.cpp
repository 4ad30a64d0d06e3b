#include "cli.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace probesim::report
