#include "output.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "synthetic_survey.hpp"
#include "table.hpp"

namespace probesim::survey {
namespace {

using Json = nlohmann::ordered_json;
using nlohmann::literals::operator""_json_pointer;

std::vector<FileSurvey> two_files() {
  return {test::typical_survey("a/one"), test::typical_survey("b/two")};
}

TEST(Output, Percent) {
  EXPECT_EQ(percent(1, 3), "33.3%");
  EXPECT_EQ(percent(0, 5), "0.0%");
  EXPECT_EQ(percent(5, 5), "100.0%");
  EXPECT_EQ(percent(1, 0), "-");
  EXPECT_EQ(percent(-1, 4), "-25.0%");  // the report subtracts counts
  EXPECT_EQ(percent_text(64.5), "64.5%");
}

TEST(Output, TotalsAddUp) {
  const FileSurvey t = totals(two_files());
  EXPECT_EQ(t.fdes, 6U);
  EXPECT_EQ(t.functions.total, 6U);
  EXPECT_EQ(t.functions.raw[index(RawClass::kNop)], 2U);
  for (std::size_t v = 0; v < kVariantCount; v++) {
    std::size_t sum = 0;
    for (auto n : t.functions.kernels[v]) sum += n;
    EXPECT_EQ(sum, 6U) << v;  // the per-kernel classes are disjoint
  }
}

TEST(Output, JsonHasTheDocumentedShape) {
  const Json json = Json::parse(render_json(two_files(), {{"bad", "not an \"ELF\""}}));
  // The first six as they always were, probesim's defaults after.
  const Json variants = Json::parse(R"(["6.1", "6.1+probesim", "6.12", "6.12+probesim", "7.3",
      "7.3+probesim", "6.1+probesim-defaults", "6.12+probesim-defaults", "7.3+probesim-defaults"])");
  EXPECT_EQ(json.at("variants"), variants);
  EXPECT_EQ(json.at("/variant_params/6.1"_json_pointer), nullptr);
  EXPECT_EQ(json.at("/variant_params/6.1+probesim"_json_pointer), "nop=1 alu=1 bti=1 pac=1 stp=1");
  EXPECT_EQ(json.at("/variant_params/6.12+probesim-defaults"_json_pointer),
            "nop=1 alu=1 bti=1 pac=1 stp=0");

  const Json& one = json.at("files").at(0);
  EXPECT_EQ(one.at("path"), "a/one");
  EXPECT_EQ(one.at("functions"), 3);
  EXPECT_EQ(one.at("usdt"), 0);
  EXPECT_EQ(one.at("/classes/nop"_json_pointer), 1);
  Json kernels = Json::array();
  for (const auto& [name, counts] : one.at("kernels").items()) kernels.push_back(name);
  EXPECT_EQ(kernels, variants);
  // Each variant's counts are VariantsOutput's.
  EXPECT_TRUE(one.contains("usdt_kernels"));

  EXPECT_EQ(json.at("/total/files"_json_pointer), 2);
  EXPECT_EQ(json.at("/total/functions"_json_pointer), 6);
  EXPECT_EQ(json.at("errors"), Json::parse(R"([{"path": "bad", "error": "not an \"ELF\""}])"));
}

TEST(Output, JsonOfAPathThatIsNotUtf8) {
  // A file name is bytes: what is not UTF-8 in it becomes U+FFFD.
  const Json json = Json::parse(render_json({}, {{"caf\xe9", "cannot open"}}));
  EXPECT_EQ(json.at("/errors/0/path"_json_pointer), "caf\xef\xbf\xbd");
}

TEST(Output, List) {
  std::string list = render_list(two_files()[0]);
  EXPECT_NE(list.find("a9bf7bfd stp-push 6.1=xol 6.1+probesim=probesim-stp"), std::string::npos);
  // Each entry's file offset (4 * I: synthetic_survey()), as tracefs
  // wants it, before its name.
  for (const char* want :
       {"offset=0x0 [fde+sym] f0\n", "offset=0x4 [fde+sym] f1\n", "offset=0x8 [fde+sym] f2\n"})
    EXPECT_NE(list.find(want), std::string::npos) << want;
  // The list keeps its six variants (tools/payload (probesim-grep-payload) reads it).
  EXPECT_EQ(list.find("-defaults"), std::string::npos);
  EXPECT_NE(list.find("6.12+probesim=probesim-nop 7.3=kernel-sim "
                      "7.3+probesim=kernel-sim"),
            std::string::npos);
}

TEST(Table, DropsEmptyColumnsAndAligns) {
  Table t;
  t.header = {"name", "a", "b"};
  t.rows = {{"x", "1", "0"}, {"longer", "22", "0.0%"}, {"y", "3", "-"}, {"z", "4", ""}};
  t.drop_empty_columns(1);
  EXPECT_EQ(t.text(), "name     a\n----------\nx        1\nlonger  22\ny        3\nz        4\n");
  EXPECT_EQ(t.markdown(),
            "| name | a |\n| --- | ---: |\n| x | 1 |\n| longer | 22 |\n| y | 3 |\n| z | 4 |\n");
}

TEST(Table, WideTablesAreCutIntoBlocks) {
  Table t;
  t.header = {"k", "aaaa", "bbbb", "cccc"};
  t.rows = {{"x", "1", "2", "3"}, {"total", "4", "5", "6"}};
  t.footer_from = 1;
  // "total" plus two columns of 4 is 17 wide: the third column goes to a
  // second block under the first column again.
  EXPECT_EQ(t.text(17),
            "k      aaaa  bbbb\n"
            "-----------------\n"
            "x         1     2\n"
            "-----------------\n"
            "total     4     5\n"
            "\n"
            "k      cccc\n"
            "-----------\n"
            "x         3\n"
            "-----------\n"
            "total     6\n");
  EXPECT_EQ(t.text(), t.text(17 + 6));  // all in one block
  // A column wider than the limit still gets a block of its own.
  EXPECT_EQ(t.text(3).find("aaaa  bbbb"), std::string::npos);
}

TEST(Table, GroupsOfColumnsStayInOneBlock) {
  Table t;
  t.header = {"k", "a1", "a2", "b1", "b2"};
  t.rows = {{"x", "1", "2", "3", "4"}};
  // "k" and four columns of 2 need 1 + 4 * 4 = 17; 13 holds three.
  EXPECT_EQ(t.text(13).substr(0, t.text(13).find('\n')), "k  a1  a2  b1");
  t.groups = {0, 1, 1, 2, 2};
  EXPECT_EQ(t.text(13),
            "k  a1  a2\n"
            "---------\n"
            "x   1   2\n"
            "\n"
            "k  b1  b2\n"
            "---------\n"
            "x   3   4\n");
  // A group too wide for any block is split after all.
  t.groups = {0, 1, 1, 1, 1};
  EXPECT_EQ(t.text(13).substr(0, t.text(13).find('\n')), "k  a1  a2  b1");
}

}  // namespace
}  // namespace probesim::survey
