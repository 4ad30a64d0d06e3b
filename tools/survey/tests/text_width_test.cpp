// The plain-text tables fit a 100-column terminal, titles included,
// whatever the labels (paths) and whichever columns have figures.
#include "output.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "synthetic_survey.hpp"
#include "table.hpp"

namespace probesim::survey {
namespace {

constexpr std::size_t kColumns = 100;

// A file whose entries fill every outcome column of the per-kernel table
// that real binaries fill (stp, nop, ALU, bti, PAC, branch, MOPS,
// rejected), with a USDT site so that the USDT tables are there too.
FileSurvey busy_file(const std::string& path) {
  return test::synthetic_survey(path, {
      0xa9bf7bfdU,  // stp x29, x30, [sp, #-16]!
      0xd503201fU,  // nop
      0xd10043ffU,  // sub sp, sp, #16
      0x12001c49U,  // and w9, w2, #0xff
      0x52800020U,  // movz w0, #1
      0xaa0003e1U,  // mov x1, x0
      0x8b020020U,  // add x0, x1, x2
      0xd503245fU,  // bti c
      0xd503233fU,  // paciasp
      0xd50323bfU,  // autiasp: rejected
      0x54000050U,  // b.eq: simulated from 6.12 on
      0x19c00440U,  // cpyfp: rejected from 6.12 on
      0x93407c00U,  // sxtw x0, w0: single-stepped everywhere
  }, {1});
}

void expect_fits(const std::string& text) {
  std::istringstream in(text);
  std::size_t lines = 0;
  for (std::string line; std::getline(in, line); lines++)
    EXPECT_LE(line.size(), kColumns) << line;
  EXPECT_GT(lines, 20U);
}

TEST(TextWidth, TablesWithTheSurveysLabels) {
  // make survey's labels: the longest is ld-linux-aarch64.so.1.
  std::vector<FileSurvey> files;
  for (const char* label : {"ld-linux-aarch64.so.1", "python3.13", "libc.so.6"})
    files.push_back(busy_file(label));
  expect_fits(render_tables(files, TableFormat::kText));
}

TEST(TextWidth, TablesWithLongPaths) {
  // A user's paths can be longer than the terminal: they are cut from the
  // left, so that the file name stays.
  const std::string dir(120, 'd');
  const std::string path = "/" + dir + "/lib/aarch64-linux-gnu/libpython3.13.so.1.0";
  std::vector<FileSurvey> files = {busy_file(path), busy_file("/usr/bin/grep")};
  const std::string text = render_tables(files, TableFormat::kText);
  expect_fits(text);
  // Each table cuts as much as its widest column needs.
  EXPECT_NE(text.find("\n...ddd"), std::string::npos);
  EXPECT_NE(text.find("d/lib/aarch64-linux-gnu/libpython3.13.so.1.0 "), std::string::npos);
  EXPECT_EQ(text.find(dir), std::string::npos);
  EXPECT_NE(text.find("/usr/bin/grep"), std::string::npos);  // short: whole
  // Markdown has no width to keep to: the path stays whole.
  EXPECT_NE(render_tables(files, TableFormat::kMarkdown).find(path), std::string::npos);
}

TEST(TextWidth, FirstColumnIsCutToFitTheWidestOther) {
  Table t;
  t.header = {"name", "a", "wide column"};
  t.rows = {{"a-rather-long-label/file", "1", "2"}, {"x", "3", "4"}};
  // 24 + 2 + 11 = 37 > 30: the label gets 30 - 2 - 11 = 17 columns, the
  // widest other column a block of its own.
  const std::string text = t.text(30);
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) EXPECT_LE(line.size(), 30U) << line;
  EXPECT_NE(text.find("...ong-label/file"), std::string::npos) << text;
  EXPECT_EQ(text.find("a-rather"), std::string::npos) << text;
  // A label that fits is left alone.
  EXPECT_NE(t.text(100).find("a-rather-long-label/file"), std::string::npos);
}

}  // namespace
}  // namespace probesim::survey
