// "probesim-report bench docs": the figures of the README and docs/ that
// come from the benchmark's results (bench/instructions-KVER.json,
// bench/results-KVER.json) and the survey's (survey/results.json), in
// sections between the lines "<!-- NAME: begin ... -->" and
// "<!-- NAME: end -->". Sections whose NAME starts with "bench-" or
// "survey-" are written here; any other section is left as it is.
#pragma once

#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bench_probes.hpp"

namespace probesim::report {

struct BenchDocsOptions {
  std::string instructions;       // bench/instructions-KVER.json
  std::string results;            // the directory of results-KVER.json
  std::string survey;             // survey/results.json, for the survey- sections
  std::vector<std::string> docs;  // the Markdown files to rewrite
  bool check = false;             // only say whether they are up to date
};

// A section that cannot be written: an unknown name, one without its end
// line, or results that lack what the section needs.
struct DocsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the sections are written from.
struct DocsData {
  Json counts;            // the JSON of bench-count
  KernelResults results;  // results-KVER.json, with their KVER
  Json survey;            // survey/results.json, or null
};

// The lines of section @name.
std::string docs_section(std::string_view name, const DocsData& data);

// @doc with each bench- section's lines written anew.
std::string rewrite_docs(std::string_view doc, const DocsData& data);

// "line N: ..." for the first line where @written differs from @doc, or
// "" when they are the same.
std::string first_difference(std::string_view doc, std::string_view written);

// Rewrites (or, with check, compares) the files; errors go to err. Exit
// status 0; 1 when a file is out of date (check), unreadable or has a
// section that cannot be written.
int run_bench_docs(const BenchDocsOptions& options, std::ostream& err);

}  // namespace probesim::report
