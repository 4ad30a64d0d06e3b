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

// The lines of text that start with prefix, each without its newline.
std::vector<std::string> lines_starting(const std::string& text,
                                        const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
  return out;
}

// report_data/ holds two suites made to exercise the corners (escapes,
// floats, a repeated key, CRLF, Unicode whitespace at the end, counts the
// survey leaves out, no functions at all), and expected/ the report on
// them, dated 2024-02-29, for each order of suites. results.md is the one
// a Python script wrote before this tool, with the texts and the "+ pac"
// column the pac family has added since. results.json differs between
// the orders only in the order of its suites, so one file holds it.
TEST(Report, SameBytesAsExpected) {
  const fs::path expected = fs::path(PROBESIM_REPORT_DATA) / "expected";
  const std::string json = slurp(expected / "results.json");
  // The suites of results.json in the other order.
  Json swapped = Json::parse(json);
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

// A survey's total with the counts the report reads: functions, and
// simulated out of them on every kernel of the summary.
std::string total(int files, int functions, int simulated) {
  const std::string sim = "{\"simulated\": " + std::to_string(simulated) +
                          ", \"rejected\": 1}";
  return "{\"files\": " + std::to_string(files) +
         ", \"functions\": " + std::to_string(functions) +
         ", \"classes\": {\"stp-push\": 5, \"logic_imm\": 1, \"movewide\": 2}"
         ", \"kernels\": {\"6.1\": " + sim + ", \"6.1+probesim-defaults\": " + sim +
         ", \"6.12\": " + sim + ", \"6.12+probesim-defaults\": " + sim +
         ", \"7.3\": {\"simulated\": 3}, \"7.3+probesim-defaults\": " + sim +
         ", \"6.12+probesim\": {\"simulated\": 8, \"rejected\": 0}}"
         ", \"steps\": {\"6.12+probesim-defaults\": {\"kernel\": 1, \"alu\": 2, "
         "\"pac\": 1}, \"6.12+probesim\": {\"stp\": 4}}}";
}

std::string survey(const std::string& files, const std::string& tot,
                   const std::string& errors = "[]") {
  return "{\"files\": " + files + ", \"total\": " + tot + ", \"errors\": " + errors + "}";
}

constexpr const char* kGrep =
    "[{\"path\": \"grep\", \"fdes\": 9, \"functions\": 10, "
    "\"classes\": {\"nop\": 1, \"stp-push\": 5, \"addsub_imm\": 2}, "
    "\"shapes\": {\"stp x29, x30, [sp, #-N]!\": 4, \"sub sp, sp, #N\": 1, "
    "\"paciasp\": 0, \"bti c\": 0}, "
    "\"kernels\": {\"6.12+probesim-defaults\": {\"simulated\": 3, \"rejected\": 1}, "
    "\"6.12+probesim\": {\"simulated\": 8, \"rejected\": 1}}}]";

TEST(Report, SummaryAndSteps) {
  const std::string md = results_md(
      {suite("bookworm", survey(kGrep, total(1, 10, 4))),
       suite("empty", survey("[]", total(0, 0, 0)))},
      "2024-02-29");
  EXPECT_EQ(lines_starting(md, "| bookworm |"),
            (std::vector<std::string>{
                // 6.1 .. 7.3+probesim-defaults, then 6.12 with stp=1.
                "| bookworm | 10 | 40.0% | 40.0% | 40.0% | 40.0% | 30.0% | 40.0% | "
                "80.0% |",
                // Cumulative: kernel 1, nop none, alu 2, bti none, pac 1,
                // stp 4; then stock 7.3.
                "| bookworm | 10 | 10.0% | 10.0% | 30.0% | 30.0% | 40.0% | 80.0% | "
                "30.0% |",
                // The highlighted grep: classes, alu, still single-stepped
                // (10 - 3 - 1, 10 - 8 - 1).
                "| bookworm | grep | 10 | 10.0% | 0.0% | 20.0% | 0.0% | 0.0% | 0.0% | "
                "0.0% | 0.0% | 50.0% | 20.0% | 60.0% | 10.0% |",
                "| bookworm | all 1 files | 10 | 0.0% | 10.0% | 0.0% | 20.0% | 0.0% | "
                "0.0% | 0.0% | 0.0% | 50.0% | 30.0% | 50.0% | 20.0% |",
                "| bookworm | grep | FDEs | 291 | 9 FDEs (10 functions) |",
                "| bookworm | grep | stp x29, x30, [sp, #-N]! | 57.0% | 40.0% |",
                "| bookworm | grep | sub sp, sp, #N | 8.0% | 10.0% |",
                "| bookworm | redis-server | FDEs | 4016 | (not surveyed) |",
                "| bookworm | redis-server | stp x29, x30, [sp, #-N]! | 46.0% | "
                "(not surveyed) |",
                "| bookworm | redis-server | sub sp, sp, #N | 23.0% | (not surveyed) |",
                "| bookworm | redis-server | stp x29, x30, [sp, #-N]! (2024 count) | "
                "64.5% | (not surveyed) |",
            }));
  // Nothing to divide by.
  EXPECT_EQ(lines_starting(md, "| empty | 0 |")[0],
            "| empty | 0 | - | - | - | - | - | - | - |");
  // trixie is not there: no row of its own, not even "(not surveyed)".
  EXPECT_TRUE(lines_starting(md, "| trixie").empty());
  EXPECT_NE(md.find("\n| 2024 | BPF bench | stp x29, x30, [sp, #-N]! | 76.1% | "
                    "(not a Debian binary: not surveyed) |\n"),
            std::string::npos);
  // Label columns are left-aligned, figures right.
  EXPECT_NE(md.find("\n| --- | --- | --- | ---: | ---: |\n"), std::string::npos);
  EXPECT_NE(md.find("\n| --- | --- | ---: | ---: |"), std::string::npos);
  EXPECT_NE(md.find(" on 2024-02-29 with `probesim-survey`"), std::string::npos);
}

TEST(Report, SuiteSection) {
  const std::string md = results_md(
      {suite("trixie", survey("[]", total(2, 10, 4),
                              "[{\"path\": \"a\", \"error\": \"x\"}, "
                              "{\"path\": \"b\", \"error\": \"y\"}]"),
             "{\"zlib\": \"2\", \"bash\": \"5.2\", \"Zed\": \"1\"}",
             "#### One\n\n| a |\n#### Two ####  x\n\n\n")},
      "2024-02-29");
  const std::string section = md.substr(md.find("## trixie\n"));
  EXPECT_EQ(section,
            "## trixie\n\n"
            // Sorted by name as Python sorts, upper case first.
            "Packages (arm64): Zed 1, bash 5.2, zlib 2\n\n"
            "### One\n\n| a |\n### Two ###  x\n\n\n\n"
            "Errors: a: x; b: y\n");
}

TEST(Report, JsonNestsTheSuitesFiles) {
  const std::string js = results_json(
      {suite("s", "{\"n\": 1.5e-7}", "{\"p\": \"1\"}")}, "2024-02-29");
  EXPECT_EQ(js,
            "{\n"
            " \"generated_by\": \"make survey (vm/survey.sh, tools/survey)\",\n"
            " \"date\": \"2024-02-29\",\n"
            " \"suites\": {\n"
            "  \"s\": {\n"
            "   \"packages\": {\n"
            "    \"p\": \"1\"\n"
            "   },\n"
            "   \"survey\": {\n"
            "    \"n\": 1.5e-07\n"
            "   }\n"
            "  }\n"
            " }\n"
            "}\n");
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
      {survey("{}", total(1, 10, 4)), "bookworm.files: not a list"},
      {survey("[{\"fdes\": 1}]", total(1, 10, 4)), "bookworm.files: no \"path\""},
      {survey("[]", "{\"files\": 1, \"functions\": 1.0}"),
       "bookworm.total.functions: not a count"},
      {survey("[]", "{\"files\": 1, \"functions\": \"1\"}"),
       "bookworm.total.functions: not a count"},
      {survey("[]", "{\"files\": 1, \"functions\": 99999999999999999999}"),
       "bookworm.total.functions: not a count"},
      {survey("[]", total(1, 10, 4), "[{\"path\": \"a\", \"error\": 1}]"),
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

TEST(Report, ReadsEachSuiteOnceAsPythonReadsText) {
  const TempDir dir;
  spill(dir / "a.json", survey("[]", total(1, 1, 1)));
  spill(dir / "a.versions.json", "{\"x\": \"1\"}");
  spill(dir / "a.md", "one\r\ntwo\rthree\n");
  spill(dir / "b.json", "{}");
  spill(dir / "b.versions.json", "{}");
  spill(dir / "b.md", "");
  const auto suites = read_suites({dir.path(), "", {"b", "a", "b"}});
  ASSERT_EQ(suites.size(), 2U);
  EXPECT_EQ(suites[0].name, "b");
  EXPECT_EQ(suites[1].name, "a");
  EXPECT_EQ(suites[1].tables, "one\ntwo\nthree\n");
  EXPECT_EQ(suites[1].packages, Json::parse(R"({"x": "1"})"));

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
  EXPECT_THROW(write_report({in.path(), out.path(), {"s"}}, "2024-02-29"),
               ReportError);
  EXPECT_FALSE(fs::exists(out / "results.json"));
  EXPECT_FALSE(fs::exists(out / "results.md"));

  spill(in / "s.json", survey("[]", total(1, 1, 1)));
  EXPECT_THROW(write_report({in.path(), out / "none", {"s"}}, "2024-02-29"),
               ReportError);
  write_report({in.path(), out.path(), {"s"}}, "2024-02-29");
  EXPECT_NE(slurp(out / "results.json").find("\"date\": \"2024-02-29\""),
            std::string::npos);
  EXPECT_EQ(slurp(out / "results.md").rfind("# Uprobe cost", 0), 0U);
}

TEST(Report, Cli) {
  const TempDir in, out;
  spill(in / "s.json", survey("[]", total(1, 1, 1)));
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
  EXPECT_EQ(e.str(), "probesim-survey: SUITE is required\n"
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
      {"a\xc2\x85\xc2\xa0", "a"},                 // NEL, NBSP
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
      {"a\r\nb", "a\nb"}, {"a\rb", "a\nb"}, {"a\r\r\nb", "a\n\nb"},
      {"a\n\rb", "a\n\nb"}, {"\r", "\n"}, {"a\n", "a\n"},
  };
  for (const auto& c : cases) EXPECT_EQ(universal_newlines(c.in), c.out) << testing::PrintToString(std::string(c.in));
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
