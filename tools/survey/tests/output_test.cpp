#include "output.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli.hpp"
#include "elf_builder.hpp"
#include "table.hpp"

namespace probesim::survey {
namespace {

std::vector<FileSurvey> two_files() {
  auto bytes = test::build_elf(test::typical_spec()).bytes;
  return {survey_image(bytes, "a/one"), survey_image(bytes, "b/two")};
}

TEST(Output, Percent) {
  EXPECT_EQ(percent(1, 3), "33.3%");
  EXPECT_EQ(percent(0, 5), "0.0%");
  EXPECT_EQ(percent(5, 5), "100.0%");
  EXPECT_EQ(percent(1, 0), "-");
}

TEST(Output, TotalsAddUp) {
  Totals t = totals(two_files());
  EXPECT_EQ(t.files, 2U);
  EXPECT_EQ(t.fdes, 6U);
  EXPECT_EQ(t.functions.total, 6U);
  EXPECT_EQ(t.functions.raw[index(RawClass::kNop)], 2U);
  std::size_t sum = 0;
  for (auto n : t.functions.kernels[index(Variant::k6_12Probesim)]) sum += n;
  EXPECT_EQ(sum, 6U);  // the per-kernel classes are disjoint
}

TEST(Output, TablesShowFilesAndTotal) {
  std::string text = render_tables(two_files(), TableFormat::kText);
  EXPECT_NE(text.find("a/one"), std::string::npos);
  EXPECT_NE(text.find("total (2 files)"), std::string::npos);
  EXPECT_NE(text.find("33.3%"), std::string::npos);
  EXPECT_NE(text.find("6.12+probesim"), std::string::npos);
  EXPECT_NE(text.find("7.3+probesim"), std::string::npos);
  std::string md = render_tables(two_files(), TableFormat::kMarkdown);
  EXPECT_NE(md.find("| a/one |"), std::string::npos);
  EXPECT_NE(md.find("**total (2 files)**"), std::string::npos);
}

TEST(Output, JsonHasTheDocumentedShape) {
  std::string json = render_json(two_files(), {{"bad", "not an \"ELF\""}});
  for (const char* key :
       {"\"files\": [", "\"path\": \"a/one\"", "\"functions\": 3",
        "\"usdt\": 0", "\"classes\": {\"nop\": 1", "\"kernels\": {\"6.1\": {",
        "\"6.12+probesim\": {\"kernel-sim\": 0, \"probesim-nop\": 1, "
        "\"probesim-stp\": 1",
        "\"total\": {\"files\": 2, \"functions\": 6",
        "\"variants\": [\"6.1\", \"6.1+probesim\", \"6.12\", "
        "\"6.12+probesim\", \"7.3\", \"7.3+probesim\"]",
        // 7.3 simulates the nop, so probesim's nop family has none there.
        "\"7.3\": {\"kernel-sim\": 1, \"probesim-nop\": 0, "
        "\"probesim-stp\": 0",
        "\"7.3+probesim\": {\"kernel-sim\": 1, \"probesim-nop\": 0, "
        "\"probesim-stp\": 1",
        "\"usdt_kernels\"", "\"simulated\": 2",
        "\"error\": \"not an \\\"ELF\\\"\""})
    EXPECT_NE(json.find(key), std::string::npos) << key;
}

TEST(Output, JsonEscapes) {
  EXPECT_EQ(json_escape("a\"b\\c\n\x01"), "a\\\"b\\\\c\\n\\u0001");
}

TEST(Output, List) {
  std::string list = render_list(two_files()[0]);
  EXPECT_NE(list.find("a9bf7bfd stp-push 6.1=xol 6.1+probesim=probesim-stp"),
            std::string::npos);
  EXPECT_NE(list.find("[fde+sym] entry_nop"), std::string::npos);
  EXPECT_NE(list.find("6.12+probesim=probesim-nop 7.3=kernel-sim "
                      "7.3+probesim=kernel-sim"),
            std::string::npos);
}

TEST(Output, TextTablesFitInAHundredColumns) {
  // Long labels make the widest tables; each line of the tables and their
  // titles must still fit.
  auto bytes = test::build_elf(test::typical_spec()).bytes;
  std::vector<FileSurvey> files = {survey_image(bytes, "ld-linux-aarch64.so.1"),
                                   survey_image(bytes, "python3.13")};
  std::istringstream text(render_tables(files, TableFormat::kText));
  std::size_t lines = 0;
  for (std::string line; std::getline(text, line); lines++)
    EXPECT_LE(line.size(), 100U) << line;
  EXPECT_GT(lines, 20U);
}

TEST(Table, DropsEmptyColumnsAndAligns) {
  Table t;
  t.header = {"name", "a", "b"};
  t.rows = {{"x", "1", "0"}, {"longer", "22", "0.0%"}};
  t.drop_empty_columns(1);
  EXPECT_EQ(t.text(), "name     a\n----------\nx        1\nlonger  22\n");
  EXPECT_EQ(t.markdown(), "| name | a |\n| --- | ---: |\n| x | 1 |\n| longer | 22 |\n");
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

class Cli : public ::testing::Test {
 protected:
  std::string dir_ = ::testing::TempDir() + "/probesim_survey_cli";
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

}  // namespace
}  // namespace probesim::survey
