// What the tables and the JSON say per variant: the headline is probesim
// at its default parameters (stp=0), stp=1 comes second. The expected
// figures are worked out here from the entries' words, one by one.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "output.hpp"
#include "synthetic_survey.hpp"

namespace probesim::survey {
namespace {

// Entries of every kind that matters here: an stp push (simulated only
// with stp=1), a nop (probesim's on 6.1 and 6.12, the kernel's on 7.3), an
// ALU instruction, a bti c, a PAC hint and a branch.
FileSurvey mixed_file(const std::string& path) {
  return test::synthetic_survey(path, {
                                          0xa9bf7bfdU,  // stp x29, x30, [sp, #-16]!
                                          0xa9bf57f4U,  // stp x20, x21, [sp, #-16]!
                                          0xd503201fU,  // nop
                                          0xd10043ffU,  // sub sp, sp, #16
                                          0xd503245fU,  // bti c
                                          0xd503233fU,  // paciasp
                                          0x14000001U,  // b .+4
                                          0xd65f03c0U,  // ret
                                      });
}

std::vector<FileSurvey> files() { return {mixed_file("mixed"), test::typical_survey("typical")}; }

// The files' rows, and the total's: the entries of both in one.
std::vector<FileSurvey> rows(const std::vector<FileSurvey>& fs) {
  std::vector<std::uint32_t> words;
  for (const auto& f : fs)
    for (const auto& e : f.entries) words.push_back(*e.word);
  std::vector<FileSurvey> out = fs;
  out.push_back(test::synthetic_survey("total (2 files)", words));
  return out;
}

// How many of the file's entries variant v simulates, and out of how many.
std::pair<std::size_t, std::size_t> simulated_entries(const FileSurvey& f, Variant v) {
  std::size_t simulated = 0, total = 0;
  for (const auto& e : f.entries) {
    if (!e.word) continue;
    total++;
    simulated += is_simulated(outcome(*e.word, v));
  }
  return {simulated, total};
}

std::string simulated_percent(const FileSurvey& f, Variant v) {
  auto [n, of] = simulated_entries(f, v);
  return percent(n, of);
}

using Cells = std::vector<std::vector<std::string>>;

// The Markdown table under the title that starts with title_start: header
// first, the footer's bold taken off.
Cells markdown_table(const std::string& md, const std::string& title_start) {
  Cells rows;
  std::size_t at = md.find("#### " + title_start);
  if (at == std::string::npos) return rows;
  std::istringstream in(md.substr(at));
  std::string line;
  std::getline(in, line);  // the title
  while (std::getline(in, line)) {
    if (line.empty()) {
      if (rows.empty()) continue;
      break;
    }
    if (line.starts_with("| ---")) continue;
    std::vector<std::string> cells;
    std::istringstream fields(line.substr(1));
    for (std::string cell; std::getline(fields, cell, '|');) {
      cell = cell.substr(1, cell.size() - 2);  // the padding spaces
      if (cell.starts_with("**")) cell = cell.substr(2, cell.size() - 4);
      cells.push_back(cell);
    }
    rows.push_back(cells);
  }
  return rows;
}

std::string cell(const Cells& table, const std::string& row, const std::string& column) {
  if (table.empty()) return "(no table)";
  std::size_t col = 0;
  while (col < table[0].size() && table[0][col] != column) col++;
  if (col == table[0].size()) return "(no column " + column + ")";
  for (const auto& r : table)
    if (!r.empty() && r[0] == row) return col < r.size() ? r[col] : "(short row)";
  return "(no row " + row + ")";
}

const char* kHeadline = "Function entries a uprobe hits without single-stepping (";
const char* kSteps = "Function entries a uprobe hits without single-stepping on 6.12";

TEST(VariantsOutput, HeadlineIsProbesimDefaultsThenStp) {
  auto fs = files();
  Cells t = markdown_table(render_tables(fs, TableFormat::kMarkdown), kHeadline);
  ASSERT_FALSE(t.empty());
  // Each kernel stock, then with probesim's defaults; stp=1 after them.
  const std::vector<std::string> want_header = {"binary",        "functions",
                                                "6.1",           "6.1+probesim-defaults",
                                                "6.12",          "6.12+probesim-defaults",
                                                "7.3",           "7.3+probesim-defaults",
                                                "6.12+probesim", "rejected (6.12)"};
  EXPECT_EQ(t[0], want_header);
  for (const auto& f : rows(fs)) {
    for (BaseKernel k : kBaseKernels) {
      for (Probesim p : {Probesim::kAbsent, Probesim::kDefaults}) {
        Variant v = variant_of(k, p);
        EXPECT_EQ(cell(t, f.path, std::string(variant_name(v))), simulated_percent(f, v))
            << f.path << " " << variant_name(v);
      }
    }
    EXPECT_EQ(cell(t, f.path, "6.12+probesim"), simulated_percent(f, Variant::k6_12ProbesimStp))
        << f.path;
  }
}

TEST(VariantsOutput, StepsEndAtTheDefaultsThenAddStp) {
  auto fs = files();
  Cells t = markdown_table(render_tables(fs, TableFormat::kMarkdown), kSteps);
  ASSERT_FALSE(t.empty());
  const std::vector<std::string> want_header = {"binary", "functions", "6.12 stock", "+ nop",
                                                "+ alu",  "+ bti",     "+ pac",      "+ stp=1"};
  EXPECT_EQ(t[0], want_header);
  for (const auto& f : rows(fs)) {
    EXPECT_EQ(cell(t, f.path, "6.12 stock"), simulated_percent(f, Variant::k6_12));
    EXPECT_EQ(cell(t, f.path, "+ pac"), simulated_percent(f, Variant::k6_12ProbesimDefaults));
    EXPECT_EQ(cell(t, f.path, "+ stp=1"), simulated_percent(f, Variant::k6_12ProbesimStp));
  }
}

TEST(VariantsOutput, JsonCountsEveryVariantsOutcomes) {
  auto fs = files();
  const auto json = nlohmann::json::parse(render_json(fs, {}));
  const auto& file = json.at("files").at(0);
  ASSERT_EQ(file.at("path"), "mixed");
  for (std::size_t i = 0; i < kVariantCount; i++) {
    Variant v = static_cast<Variant>(i);
    std::map<std::string, std::size_t> want;
    for (std::size_t o = 0; o < kOutcomeCount; o++)
      want[std::string(outcome_name(static_cast<Outcome>(o)))] = 0;
    for (const auto& e : fs[0].entries)
      if (e.word) want[std::string(outcome_name(outcome(*e.word, v)))]++;
    want["simulated"] = simulated_entries(fs[0], v).first;
    EXPECT_EQ(file.at("kernels").at(std::string(variant_name(v))), want) << variant_name(v);
  }
}

}  // namespace
}  // namespace probesim::survey
