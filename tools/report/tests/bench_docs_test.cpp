#include "bench_docs.hpp"

#include <gtest/gtest.h>

#include "bench_merge.hpp"
#include "file_io.hpp"

namespace probesim::report {
namespace {

// Counts as bench-count writes them: every control at 1152 kernel
// instructions (the uretprobes' at 1716), a single step at 1714, and each
// target's simulated hit @extra(target index, column index) over its
// control.
DocsData counts(long (*extra)(int, int)) {
  const char* targets[] = {"nop", "push", "and", "bti", "paciasp"};
  const char* columns[][2] = {{"uprobe-%-bl", "uprobe-ret-bl"},
                              {"uprobe-%-blr", "uprobe-ret-blr"},
                              {"uprobe-%-plt", "uprobe-ret-plt"},
                              {"uretprobe-%-bl", "uretprobe-ret-bl"}};
  Json modes = Json::object();
  const auto add = [&](const std::string& name, const std::string& control, double sim) {
    modes[name] = {{"xol", {{"kernel", 1714.0}, {"user", 7.04}}},
                   {"sim", {{"kernel", sim}, {"user", 6.04}}},
                   {"control", control}};
  };
  for (int c = 0; c < 4; ++c) {
    const double ret = c == 3 ? 1716.0 : 1152.0;
    add(columns[c][1], columns[c][1], ret);
    for (int t = 0; t < 5; ++t) {
      std::string name = columns[c][0];
      name.replace(name.find('%'), 1, targets[t]);
      add(name, columns[c][1], ret + extra(t, c));
    }
  }
  DocsData data;
  data.counts = {{"kernel", "6.12.118"}, {"modes", modes}};
  return data;
}

// A kernel's grep results: the share of the single-steps' overhead
// removed, bookworm's and trixie's.
Json grep_results(double bookworm, double trixie) {
  const auto grep = [](double share) {
    return Json{{"workload", {{"probes", "291"}}}, {"removed_share", {{"median", share}}}};
  };
  return {{"grep", grep(bookworm)}, {"grep_trixie", grep(trixie)}};
}

long distinct(int t, int c) { return 10 * t + c + 1; }

TEST(BenchDocs, TableHasEachTargetOverItsControl) {
  EXPECT_EQ(
      "| target | `bl` | `blr` | PLT stub | uretprobe, `bl` |\n"
      "|---|---:|---:|---:|---:|\n"
      "| nop | +1 | +2 | +3 | +4 |\n"
      "| push | +11 | +12 | +13 | +14 |\n"
      "| and | +21 | +22 | +23 | +24 |\n"
      "| bti c | +31 | +32 | +33 | +34 |\n"
      "| paciasp | +41 | +42 | +43 | +44 |\n",
      docs_section("bench-instructions", counts(distinct)));
}

TEST(BenchDocs, SummaryHasTheRangeAndRoundedCosts) {
  EXPECT_EQ(
      "On the 6.12 benchmark kernel a simulated hit costs 1 to 44 kernel\n"
      "instructions more than a hit of the kernel's own simulated `ret`\n"
      "(about 1,150), a single-stepped one about 1,710 and a second\n"
      "exception.\n",
      docs_section("bench-summary", counts(distinct)));
  // The range is over every cell, wherever the extremes are.
  const std::string summary = docs_section(
      "bench-summary", counts([](int t, int c) { return t == 2 && c == 1 ? 125L : 33L; }));
  EXPECT_NE(std::string::npos, summary.find("costs 33 to 125 kernel")) << summary;
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
  const DocsData c = counts(distinct);
  const std::string out = rewrite_docs(doc, c);
  EXPECT_EQ(
      "intro\n"
      "<!-- verify-steps: begin. run as they stand -->\n"
      "kept\n"
      "<!-- verify-steps: end -->\n"
      "<!-- bench-instructions: begin -->\n" +
          docs_section("bench-instructions", c) +
          "<!-- bench-instructions: end -->\n"
          "<!-- bench-summary: begin -->\n" +
          docs_section("bench-summary", c) +
          "<!-- bench-summary: end -->\n"
          "outro\n",
      out);
  EXPECT_EQ(out, rewrite_docs(out, c));
}

TEST(BenchDocs, GrepSharesRoundedPerKernel) {
  DocsData data = counts(distinct);
  data.results.emplace_back("6.12", grep_results(0.6888, 0.8506));
  data.results.emplace_back("7.3", grep_results(0.53497, 0.5825));
  EXPECT_EQ(
      "With a uprobe on each of the 291 function entries of Debian bookworm's\n"
      "`grep`, simulation removes 69% of the single-steps' overhead from\n"
      "`grep -r` on 6.12 (53% on 7.3, which single-steps more cheaply under\n"
      "qemu), and 85% (58% on 7.3) with trixie's branch-protected `grep`.\n",
      docs_section("bench-grep", data));
  data.results.pop_back();  // 7.3's
  EXPECT_THROW(docs_section("bench-grep", data), DocsError);
}

TEST(BenchDocs, RefusesWhatItCannotWrite) {
  const DocsData c = counts(distinct);
  EXPECT_THROW(rewrite_docs("<!-- bench-speed: begin -->\n<!-- bench-speed: end -->\n", c),
               DocsError);
  EXPECT_THROW(rewrite_docs("<!-- bench-summary: begin -->\ntext\n", c), DocsError);
  DocsData partial = c;
  partial.counts["modes"].erase("uprobe-and-plt");
  EXPECT_THROW(docs_section("bench-instructions", partial), DocsError);
  DocsData empty;
  empty.counts = {{"modes", Json::object()}};
  EXPECT_THROW(docs_section("bench-summary", empty), DocsError);
}

// A survey of redis-server in @suite: @functions entries, each variant
// simulating @simulated of them, @rejected rejected on 6.12, and @shapes.
Json redis_suite(long functions, const Json& simulated, long rejected, const Json& shapes) {
  Json kernels = Json::object();
  for (const auto& [variant, count] : simulated.items())
    kernels[variant] = {{"simulated", count}, {"rejected", variant == "6.12" ? rejected : 0}};
  return {{"survey",
           {{"files", Json::array({{{"path", "redis-server"},
                                    {"functions", functions},
                                    {"kernels", kernels},
                                    {"shapes", shapes}}})}}}};
}

Json survey(long trixie_push_gain) {
  const Json bookworm =
      redis_suite(2000,
                  {{"6.1", 100},
                   {"6.1+probesim-defaults", 900},
                   {"6.12", 101},
                   {"6.12+probesim-defaults", 901},
                   {"7.3", 102},
                   {"7.3+probesim-defaults", 902},
                   {"6.12+probesim", 1999}},
                  3, {{"stp x29, x30, [sp, #-N]!", 1000}, {"bti c", 0}, {"paciasp", 0}});
  const Json trixie = redis_suite(
      1000,
      {{"6.12", 5}, {"6.12+probesim-defaults", 990}, {"6.12+probesim", 990 + trixie_push_gain}}, 0,
      {{"stp x29, x30, [sp, #-N]!", 0}, {"bti c", 333}, {"paciasp", 657}});
  return {{"suites", {{"bookworm", bookworm}, {"trixie", trixie}}}};
}

TEST(BenchDocs, SurveySectionsFromTheSurveyResults) {
  DocsData data = counts(distinct);
  data.survey = survey(0);
  EXPECT_EQ(
      "    binary                 functions   6.1  6.1+probesim-defaults  6.12  "
      "6.12+probesim-defaults\n"
      "    ---------------------------------------------------------------------------------------"
      "----\n"
      "    /usr/bin/redis-server       2000  5.0%                  45.0%  5.0%                   "
      "45.0%\n"
      "\n"
      "    binary                  7.3  7.3+probesim-defaults  6.12+probesim  rejected (6.12)\n"
      "    ----------------------------------------------------------------------------------\n"
      "    /usr/bin/redis-server  5.1%                  45.1%         100.0%             0.1%\n"
      "\n"
      "A function-entry probe is cheap on 5.0% of its functions with a stock\n"
      "kernel, on 45.0% with probesim's defaults, and on 100.0% with `stp=1`\n"
      "(`KERNEL+probesim`), which adds the `stp x29, x30, [sp, #-N]!` pushes\n"
      "that start 50.0% of its functions.\n",
      docs_section("survey-redis", data));
  const std::string trixie = docs_section("survey-redis-trixie", data);
  EXPECT_NE(std::string::npos, trixie.find("reads 0.5% stock and 99.0% with\n"));
  EXPECT_NE(std::string::npos, trixie.find("33.3% of its functions start\nwith `bti c`"));
  EXPECT_NE(std::string::npos, trixie.find("\n65.7% with `paciasp`"));
  // "whatever stp says" would no longer be true.
  data.survey = survey(1);
  EXPECT_THROW(docs_section("survey-redis-trixie", data), DocsError);
  data.survey = nullptr;
  EXPECT_THROW(docs_section("survey-redis", data), DocsError);
}

// Bookworm's and trixie's grep and totals, beside survey()'s redis-server.
TEST(BenchDocs, SurveyClassesTextFromTheSurveyResults) {
  DocsData data = counts(distinct);
  data.survey = survey(0);
  Json& bookworm = data.survey["suites"]["bookworm"]["survey"];
  Json& trixie = data.survey["suites"]["trixie"]["survey"];
  bookworm["files"].push_back(
      {{"path", "grep"}, {"functions", 200}, {"shapes", {{"stp x29, x30, [sp, #-N]!", 100}}}});
  bookworm["total"] = {{"functions", 1000},
                       {"kernels",
                        {{"6.12", {{"simulated", 100}}},
                         {"6.12+probesim-defaults", {{"simulated", 400}}},
                         {"6.12+probesim", {{"simulated", 880}, {"rejected", 20}}}}}};
  trixie["files"].push_back(
      {{"path", "grep"}, {"functions", 100}, {"shapes", {{"paciasp", 60}, {"bti c", 30}}}});
  trixie["total"] = {
      {"functions", 500},
      {"kernels", {{"6.12", {{"simulated", 5}}}, {"6.12+probesim-defaults", {{"simulated", 495}}}}},
      {"steps",
       {{"6.12+probesim-defaults", {{"kernel", 5}, {"alu", 2}, {"bti", 160}, {"pac", 328}}}}},
      {"classes", {{"bti", 160}, {"pac", 330}}}};
  const std::string text = docs_section("survey-classes-text", data);
  for (const char* part :
       {"starts 50.0% of its 200 functions with\n", "`redis-server` 50.0% of 2000 (",
        "bookworm from 10.0% to\n40.0%;", "one bookworm function in ten.\n",
        "protection: 60.0% of `grep`", "and 30.0% with `bti c`", "trixie's 32.0% of `bti` entries",
        "(1.0% to 33.4% in all)", "its 66.0% of `paciasp` entries (to 99.0%)."})
    EXPECT_NE(std::string::npos, text.find(part)) << part << " is not in:\n" << text;
  trixie.erase("total");
  EXPECT_THROW(docs_section("survey-classes-text", data), DocsError);
}

TEST(BenchDocs, FirstDifferenceNamesTheLine) {
  EXPECT_EQ("", first_difference("a\nb\n", "a\nb\n"));
  EXPECT_EQ("line 2: \"b\", written as \"c\"", first_difference("a\nb\n", "a\nc\n"));
  EXPECT_EQ("line 3: \"\", written as \"d\"", first_difference("a\nb\n", "a\nb\nd\n"));
  EXPECT_NE("", first_difference("a\nb\n", "a\nb"));
}

// The committed pages carry the committed counts and survey results (make
// docs writes them).
TEST(BenchDocs, CommittedPagesAgreeWithTheCounts) {
  std::string error;
  const auto text =
      read_file(std::string(PROBESIM_BENCH_RESULTS) + "/instructions-6.12.json", error);
  ASSERT_TRUE(text) << error;
  DocsData c;
  c.counts = Json::parse(*text);
  auto results = read_kernel_results(PROBESIM_BENCH_RESULTS, error);
  ASSERT_TRUE(results) << error;
  c.results = std::move(*results);
  const auto survey = read_file(std::string(PROBESIM_TOP) + "/survey/results.json", error);
  ASSERT_TRUE(survey) << error;
  c.survey = Json::parse(*survey);
  for (const char* page : {"README.md", "docs/speed.md"}) {
    const auto doc = read_file(std::string(PROBESIM_TOP) + "/" + page, error);
    ASSERT_TRUE(doc) << error;
    EXPECT_NE(std::string::npos, doc->find("<!-- bench-")) << page << " has no bench- section";
    EXPECT_EQ("", first_difference(*doc, rewrite_docs(*doc, c))) << page << ": run make docs";
  }
}

}  // namespace
}  // namespace probesim::report
