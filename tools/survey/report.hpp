// probesim-survey report: survey/results.md and survey/results.json from
// what vm/survey.sh leaves per suite in RESULTS_DIR: SUITE.json
// (probesim-survey --json), SUITE.md (--markdown) and SUITE.versions.json
// (package name to version).
#pragma once

#include <ctime>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "table.hpp"

namespace probesim::survey {

// JSON whose objects keep their members in the order read or written.
using Json = nlohmann::ordered_json;

// A report that cannot be made: the message says why, for the user.
class ReportError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ReportOptions {
  std::string results_dir;
  std::string out_dir;
  std::vector<std::string> suites;
};

struct SuiteResults {
  std::string name;
  Json survey;         // SUITE.json
  Json packages;       // SUITE.versions.json
  std::string tables;  // SUITE.md
};

// The files of each suite, read in the order given; a suite given twice
// is read once and keeps its first place. Raises ReportError.
std::vector<SuiteResults> read_suites(const ReportOptions& options);

// The contents of results.json and results.md, dated date ("YYYY-MM-DD").
// results_md raises ReportError for a survey that lacks a count it shows.
std::string results_json(const std::vector<SuiteResults>& suites,
                         const std::string& date);
std::string results_md(const std::vector<SuiteResults>& suites,
                       const std::string& date);

// The suites of @results (what results_json() writes), without their
// SUITE.md. Raises ReportError.
std::vector<SuiteResults> suites_of(const Json& results);

// Two of results.md's tables: the share of function entries simulated as
// probesim's families add up, and the classes of first instructions.
// Raise ReportError for a survey that lacks a count they show.
Table steps_table(const std::vector<SuiteResults>& suites);
Table classes_table(const std::vector<SuiteResults>& suites);

// Reads the suites and writes OUT_DIR/results.json and results.md, both
// made before either is written. Raises ReportError.
void write_report(const ReportOptions& options, const std::string& date);

// Why a name cannot be a suite's (it heads table rows and is a file
// name); empty if it can be.
std::string suite_name_error(const std::string& name);

// Text as Python's open() reads it: "\r\n" and "\r" become "\n".
std::string universal_newlines(std::string_view s);

// s without the trailing whitespace Python's str.rstrip() takes off,
// which is Unicode's (NBSP, U+2028, ...) and not only ASCII's.
std::string_view rstrip(std::string_view s);

// tm's date as date.isoformat() writes it: "2026-12-01".
std::string iso_date(const std::tm& tm);
// Today in local time, as date.today().
std::string local_date();

}  // namespace probesim::survey
