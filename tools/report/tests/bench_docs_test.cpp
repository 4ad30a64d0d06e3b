#include "bench_docs.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "bench_merge.hpp"
#include "text.hpp"

namespace probesim::report {
namespace {

// A file of the repository.
std::string repository_file(const std::string& path) {
  std::string error;
  const auto text = read_file(std::string(PROBESIM_TOP) + "/" + path, error);
  EXPECT_TRUE(text) << error;
  return text.value_or("");
}

// What make docs writes the pages from: the committed counts, benchmark
// results and survey results.
DocsData committed_data() {
  DocsData data;
  data.counts = Json::parse(repository_file("bench/instructions-6.12.json"));
  std::string error;
  auto results = read_kernel_results(PROBESIM_BENCH_RESULTS, error);
  EXPECT_TRUE(results) << error;
  data.results = std::move(results).value_or(KernelResults());
  data.survey = Json::parse(repository_file("survey/results.json"));
  return data;
}

// Every section (bench-instructions, bench-summary, bench-grep and the
// survey's) is on one of these pages, so their figures are checked here.
TEST(BenchDocs, CommittedPagesAgreeWithTheCounts) {
  const DocsData data = committed_data();
  for (const char* page : {"README.md", "docs/speed.md"}) {
    const std::string doc = repository_file(page);
    EXPECT_NE(std::string::npos, doc.find("<!-- bench-")) << page << " has no bench- section";
    EXPECT_EQ("", first_difference(doc, rewrite_docs(doc, data))) << page << ": run make docs";
  }
}

TEST(BenchDocs, RewritesOwnSectionsOnly) {
  const std::string doc =
      "intro\n"
      "<!-- verify-steps: begin. run as they stand -->\n"
      "kept\n"
      "<!-- verify-steps: end -->\n"
      "<!-- bench-instructions: begin -->\n"
      "| stale |\n"
      "<!-- bench-instructions: end -->\n"
      "<!-- bench-summary: begin -->\n"
      "<!-- bench-summary: end -->\n"
      "outro\n";
  const DocsData c = committed_data();
  std::string written = doc;
  written.replace(written.find("| stale |\n"), 10, docs_section("bench-instructions", c));
  written.insert(written.find("<!-- bench-summary: end"), docs_section("bench-summary", c));
  EXPECT_EQ(rewrite_docs(doc, c), written);
  EXPECT_EQ(rewrite_docs(written, c), written);
}

// How many bookworm functions single-step, "one in N", is in words up to
// twelve.
TEST(BenchDocs, OneFunctionInSoManyInWords) {
  DocsData data = committed_data();
  Json& total = data.survey["suites"]["bookworm"]["survey"]["total"];
  const long functions = total["functions"].get<long>();
  for (const auto& [in, words] : {std::pair{10L, "ten."}, {12L, "twelve."}, {13L, "13."}}) {
    total["kernels"]["6.12+probesim"] = {{"simulated", functions - functions / in},
                                         {"rejected", 0}};
    EXPECT_NE(docs_section("survey-classes-text", data).find("function in " + std::string(words)),
              std::string::npos)
        << words;
  }
}

// The kernel's own simulated ret, "about N", is rounded to the nearest ten
// (halves up) and has thousands separators.
TEST(BenchDocs, AboutRoundsToTens) {
  DocsData data = committed_data();
  Json& ret = data.counts["modes"]["uprobe-ret-bl"]["sim"]["kernel"];
  for (const auto& [kernel, about] : {std::pair{1144.0, "(about 1,140)"},
                                      {1145.0, "(about 1,150)"},
                                      {995.0, "(about 1,000)"},
                                      {4.0, "(about 0)"},
                                      {1234567.0, "(about 1,234,570)"}}) {
    ret = kernel;
    const std::string summary = docs_section("bench-summary", data);
    EXPECT_NE(summary.find(about), std::string::npos) << kernel << ": " << summary;
  }
}

// For each section, results that lack what it is written from.
TEST(BenchDocs, RefusesWhatItCannotWrite) {
  const DocsData committed = committed_data();
  const struct {
    const char* section;
    std::function<void(DocsData&)> change;
  } cases[] = {
      {"bench-speed", [](DocsData&) {}},  // no such section
      {"bench-instructions", [](DocsData& d) { d.counts["modes"].erase("uprobe-and-plt"); }},
      {"bench-summary", [](DocsData& d) { d.counts["modes"] = Json::object(); }},
      {"bench-grep", [](DocsData& d) { d.results.pop_back(); }},  // 7.3's
      {"survey-redis", [](DocsData& d) { d.survey = nullptr; }},
      // "whatever stp says" would no longer be true.
      {"survey-redis-trixie",
       [](DocsData& d) {
         for (Json& file : d.survey["suites"]["trixie"]["survey"]["files"])
           if (file["path"] == "redis-server") file["kernels"]["6.12+probesim"]["simulated"] = 0;
       }},
      {"survey-classes-text",
       [](DocsData& d) { d.survey["suites"]["trixie"]["survey"].erase("total"); }},
  };
  for (const auto& c : cases) {
    DocsData data = committed;
    c.change(data);
    EXPECT_THROW(docs_section(c.section, data), DocsError) << c.section;
  }
  EXPECT_THROW(rewrite_docs("<!-- bench-summary: begin -->\ntext\n", committed), DocsError);
}

TEST(BenchDocs, FirstDifferenceNamesTheLine) {
  EXPECT_EQ("", first_difference("a\nb\n", "a\nb\n"));
  EXPECT_EQ("line 2: \"b\", written as \"c\"", first_difference("a\nb\n", "a\nc\n"));
  EXPECT_EQ("line 3: \"\", written as \"d\"", first_difference("a\nb\n", "a\nb\nd\n"));
  EXPECT_NE("", first_difference("a\nb\n", "a\nb"));
}

}  // namespace
}  // namespace probesim::report
