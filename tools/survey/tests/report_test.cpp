// probesim-survey report: results.md and results.json from the suites'
// files.
#include "report.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli.hpp"
#include "test_files.hpp"

namespace probesim::survey {
namespace {

namespace fs = std::filesystem;

using probesim::test::slurp;
using probesim::test::spill;
using probesim::test::TempDir;

// report_data/ holds two suites made to exercise the corners (escapes,
// floats, a repeated key, CRLF, Unicode whitespace at the end, counts the
// survey leaves out, no functions at all), and expected/ the report on
// them, dated 2024-02-29, for each order of suites. results.md is the one
// a Python script wrote before this tool, with the texts and the "+ pac"
// column the pac family has added since. results.json differs between
// the orders only in the order of its suites, so one file holds it, laid
// out compactly: the report's bytes are its document as dump(1) writes it.
TEST(Report, SameBytesAsExpected) {
  const fs::path expected = fs::path(PROBESIM_REPORT_DATA) / "expected";
  Json want = Json::parse(slurp(expected / "results.json"));
  const std::string json = want.dump(1) + "\n";
  // The suites of results.json in the other order.
  Json swapped = want;
  Json& suites = swapped["suites"];
  suites = Json{{"trixie", suites["trixie"]}, {"bookworm", suites["bookworm"]}};
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"bookworm", "trixie", "bookworm"}, json},
      {{"trixie", "bookworm"}, swapped.dump(1) + "\n"},
  };
  for (const auto& [names, want_json] : cases) {
    const std::string order = names[0] + "-" + names[1];
    const TempDir out;
    std::vector<std::string> args = {"report", PROBESIM_REPORT_DATA, out.path()};
    args.insert(args.end(), names.begin(), names.end());
    std::ostringstream o, e;
    ASSERT_EQ(run(args, o, e, "2024-02-29"), 0) << e.str();
    EXPECT_EQ(o.str(), "");
    EXPECT_EQ(e.str(), "");
    EXPECT_EQ(slurp(out / "results.json"), want_json) << order;
    EXPECT_EQ(slurp(out / "results.md"), slurp(expected / (order + ".md"))) << order;
  }
}

// A suite from the texts of its three files.
SuiteResults suite(const std::string& name, const std::string& survey,
                   const std::string& packages = "{}", const std::string& tables = "") {
  return {name, Json::parse(survey), Json::parse(packages), tables};
}

// A survey's total with every count the report reads: trixie's, whose
// file has no functions.
std::string total() {
  return Json::parse(slurp(fs::path(PROBESIM_REPORT_DATA) / "trixie.json"))["total"].dump();
}

std::string survey(const std::string& files, const std::string& tot,
                   const std::string& errors = "[]") {
  return "{\"files\": " + files + ", \"total\": " + tot + ", \"errors\": " + errors + "}";
}

// expected/ has both suites: a suite that is not there has no rows of
// its own among the earlier counts, not even "(not surveyed)".
TEST(Report, AnAbsentSuiteHasNoEarlierCounts) {
  const std::string md = results_md({suite("bookworm", survey("[]", total()))}, "2024-02-29");
  EXPECT_NE(md.find("\n| bookworm | grep | FDEs | 291 | (not surveyed) |\n"), std::string::npos);
  // Nor are trixie's earlier counts (paciasp 67.6%, bti c 29.7%) there.
  EXPECT_EQ(md.find("\n| trixie"), std::string::npos);
  EXPECT_EQ(md.find("67.6%"), std::string::npos);
  EXPECT_EQ(md.find("29.7%"), std::string::npos);
}

struct BadSurvey {
  std::string survey;
  const char* message;
};

TEST(Report, AMissingCountIsAnError) {
  // bookworm, so that its files are looked at for the highlighted ones.
  const BadSurvey cases[] = {
      {survey("[]", "{\"files\": 1}"), "bookworm.total: no \"functions\""},
      {survey("[]", "[]"), "bookworm.total: not an object"},
      {survey("{}", total()), "bookworm.files: not a list"},
      {survey("[{\"fdes\": 1}]", total()), "bookworm.files: no \"path\""},
      {survey("[]", "{\"files\": 1, \"functions\": 1.0}"), "bookworm.total.functions: not a count"},
      {survey("[]", "{\"files\": 1, \"functions\": \"1\"}"),
       "bookworm.total.functions: not a count"},
      {survey("[]", "{\"files\": 1, \"functions\": 99999999999999999999}"),
       "bookworm.total.functions: not a count"},
      {survey("[]", total(), "[{\"path\": \"a\", \"error\": 1}]"),
       "bookworm.errors.error: not a string"},
      {"[]", "bookworm: not an object"},
  };
  for (const auto& c : cases) {
    try {
      results_md({suite("bookworm", c.survey)}, "2024-02-29");
      ADD_FAILURE() << "no error for " << c.survey;
    } catch (const ReportError& e) {
      EXPECT_STREQ(e.what(), c.message) << c.survey;
    }
  }
}

// What read_suites() makes of good files (a suite named twice, CR and
// CRLF, the packages) is in expected/; here, the files it refuses.
TEST(Report, ReadSuitesSaysWhichFileItCannotRead) {
  const TempDir dir;
  const auto fails = [&](const std::vector<std::string>& names, const std::string& what) {
    try {
      read_suites({dir.path(), "", names});
      ADD_FAILURE() << what;
    } catch (const ReportError& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  fails({"missing"}, "missing.json: cannot open");
  spill(dir / "c.json", "{}");
  fails({"c"}, "c.versions.json: cannot open");
  spill(dir / "c.versions.json", "{} x");
  fails({"c"}, "c.versions.json: [json.exception.parse_error.101] parse error at line 1, column 4");
  spill(dir / "c.versions.json", "{}");
  spill(dir / "c.md", "caf\xe9");
  fails({"c"}, "c.md: not UTF-8");
}

TEST(Report, WritesBothFilesOrNeither) {
  const TempDir in, out;
  // results.json could be made, results.md not.
  spill(in / "s.json", survey("[]", "{\"files\": 1}"));
  spill(in / "s.versions.json", "{}");
  spill(in / "s.md", "");
  EXPECT_THROW(write_report({in.path(), out.path(), {"s"}}, "2024-02-29"), ReportError);
  EXPECT_FALSE(fs::exists(out / "results.json"));
  EXPECT_FALSE(fs::exists(out / "results.md"));

  // Both could be made, not written (what is written: SameBytesAsExpected).
  spill(in / "s.json", survey("[]", total()));
  EXPECT_THROW(write_report({in.path(), out / "none", {"s"}}, "2024-02-29"), ReportError);
}

TEST(Report, Cli) {
  const TempDir in, out;
  spill(in / "s.json", survey("[]", total()));
  spill(in / "s.versions.json", "{}");
  spill(in / "s.md", "");
  std::ostringstream o, e;
  // Without a date, today's in local time.
  const std::string before = local_date();
  ASSERT_EQ(run({"report", in.path(), out.path(), "s"}, o, e), 0) << e.str();
  const std::string after = local_date();
  const std::string js = slurp(out / "results.json");
  EXPECT_TRUE(js.find("\"date\": \"" + before + "\"") != std::string::npos ||
              js.find("\"date\": \"" + after + "\"") != std::string::npos)
      << js.substr(0, 200);

  EXPECT_EQ(run({"report", in.path(), out.path(), "nosuch"}, o, e), 1);
  EXPECT_NE(e.str().find("probesim-survey: report: "), std::string::npos);
  EXPECT_NE(e.str().find("nosuch.json: cannot open"), std::string::npos);
}

TEST(Report, Arguments) {
  std::ostringstream o, e;
  EXPECT_EQ(run({"report", "r", "o"}, o, e), 2);
  EXPECT_EQ(e.str(),
            "probesim-survey: SUITE is required\n"
            "Run with --help for more information.\n");
  e.str("");
  EXPECT_EQ(run({"report", "r", "o", "a", "a|b"}, o, e), 2);
  EXPECT_NE(e.str().find("SUITE: a|b: a '|' would split its table rows"), std::string::npos)
      << e.str();
  e.str("");
  EXPECT_EQ(run({"report", "r", "o", "\xff"}, o, e), 2);
  EXPECT_NE(e.str().find("SUITE: \xff: not UTF-8"), std::string::npos) << e.str();
  // A file named report is surveyed after "--": it cannot be read.
  e.str("");
  EXPECT_EQ(run({"--", "report"}, o, e), 1);
  EXPECT_EQ(e.str().rfind("probesim-survey: report: ", 0), 0U) << e.str();
}

struct StripCase {
  const char* in;
  const char* out;
};

TEST(Report, RstripIsPythons) {
  const StripCase cases[] = {
      {"", ""},
      {"a", "a"},
      {"a \t\n\r\v\f", "a"},
      {"a\x1c\x1d\x1e\x1f", "a"},
      {"a\xc2\x85\xc2\xa0", "a"},                      // NEL, NBSP
      {"a\xe2\x80\x80\xe2\x80\x8a\xe3\x80\x80", "a"},  // U+2000, U+200A, U+3000
      {"a\xe2\x80\xa8\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\x9f\xe1\x9a\x80", "a"},
      {"a\xe2\x80\x8b", "a\xe2\x80\x8b"},  // zero width space is not space
      {"a\xc3\xa0", "a\xc3\xa0"},          // a-grave ends in 0xa0, as NBSP does
      {" a ", " a"},
  };
  for (const auto& c : cases)
    EXPECT_EQ(rstrip(c.in), std::string_view(c.out)) << testing::PrintToString(std::string(c.in));
}

TEST(Report, UniversalNewlines) {
  const StripCase cases[] = {
      {"a\r\nb", "a\nb"},   {"a\rb", "a\nb"}, {"a\r\r\nb", "a\n\nb"},
      {"a\n\rb", "a\n\nb"}, {"\r", "\n"},     {"a\n", "a\n"},
  };
  for (const auto& c : cases)
    EXPECT_EQ(universal_newlines(c.in), c.out) << testing::PrintToString(std::string(c.in));
}

TEST(Report, Dates) {
  std::tm tm{};
  tm.tm_year = 2024 - 1900;
  tm.tm_mon = 1;
  tm.tm_mday = 29;
  EXPECT_EQ(iso_date(tm), "2024-02-29");
  tm.tm_year = 999 - 1900;
  tm.tm_mon = 11;
  tm.tm_mday = 3;
  EXPECT_EQ(iso_date(tm), "0999-12-03");
  const std::string today = local_date();
  ASSERT_EQ(today.size(), 10U);
  EXPECT_EQ(today[4], '-');
  EXPECT_EQ(today[7], '-');
  EXPECT_EQ(today.substr(0, 2), "20");
}

}  // namespace
}  // namespace probesim::survey
