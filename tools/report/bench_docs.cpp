#include "bench_docs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <sstream>

#include "bench_merge.hpp"
#include "output.hpp"
#include "text.hpp"
// probesim-survey's report, not this directory's report.hpp.
#include "../survey/report.hpp"
#include "table.hpp"

namespace probesim::report {

namespace {

constexpr std::array<std::string_view, 2> kOwnPrefixes = {"bench-", "survey-"};

// The table's rows: the target's mode name and how the page calls it.
struct Target {
  std::string_view mode;
  std::string_view label;
};
constexpr std::array kTargets = {
    Target{"nop", "nop"},   Target{"push", "push"},       Target{"and", "and"},
    Target{"bti", "bti c"}, Target{"paciasp", "paciasp"},
};
// Its columns: how the probed function is reached, and the probe kind.
constexpr std::array<std::string_view, 4> kColumns = {"uprobe-%-bl", "uprobe-%-blr", "uprobe-%-plt",
                                                      "uretprobe-%-bl"};

const Json& mode(const Json& counts, const std::string& name) {
  const Json& modes = counts.at("modes");
  const auto it = modes.find(name);
  if (it == modes.end()) throw DocsError("the counts have no mode " + name);
  return *it;
}

long kernel_instructions(const Json& counts, const std::string& name, const char* leg) {
  return std::lround(mode(counts, name).at(leg).at("kernel").get<double>());
}

// Kernel instructions a simulated hit of @name costs over its control,
// the kernel's own simulated ret.
long over_ret(const Json& counts, const std::string& name) {
  const std::string control = mode(counts, name).at("control").get<std::string>();
  return kernel_instructions(counts, name, "sim") - kernel_instructions(counts, control, "sim");
}

// over_ret() of each target's mode in each column, a row per target.
std::vector<long> grid(const Json& counts) {
  std::vector<long> cells;
  for (const Target& target : kTargets) {
    for (std::string_view column : kColumns) {
      std::string name(column);
      cells.push_back(over_ret(counts, name.replace(name.find('%'), 1, target.mode)));
    }
  }
  return cells;
}

// "about 1,150": to the nearest ten, with a thousands separator.
std::string about(long n) {
  const long rounded = (n + 5) / 10 * 10;
  std::string digits = std::to_string(rounded);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return "about " + digits;
}

// "6.12" of "6.12.118".
std::string major_minor(const Json& counts) {
  const std::string version = counts.at("kernel").get<std::string>();
  const auto first = version.find('.');
  return version.substr(0, version.find('.', first == std::string::npos ? first : first + 1));
}

std::string instructions_table(const Json& counts) {
  const std::vector<long> cells = grid(counts);
  std::ostringstream out;
  out << "| target | `bl` | `blr` | PLT stub | uretprobe, `bl` |\n|---|---:|---:|---:|---:|\n";
  for (std::size_t row = 0; row < kTargets.size(); ++row) {
    out << "| " << kTargets[row].label << " |";
    for (std::size_t column = 0; column < kColumns.size(); ++column)
      out << " +" << cells[row * kColumns.size() + column] << " |";
    out << '\n';
  }
  return out.str();
}

std::string speed_summary(const Json& counts) {
  const auto [least, most] = std::ranges::minmax(grid(counts));
  std::ostringstream out;
  out << "On the " << major_minor(counts) << " benchmark kernel a simulated hit costs " << least
      << " to " << most << " kernel\ninstructions more than a hit of the kernel's own simulated "
      << "`ret`\n(" << about(kernel_instructions(counts, "uprobe-ret-bl", "sim"))
      << "), a single-stepped one " << about(kernel_instructions(counts, "uprobe-nop-bl", "xol"))
      << " and a second\nexception.\n";
  return out.str();
}

// The share of the single-steps' overhead that simulation removes from
// grep @binary's run, in percent (the median of the rounds).
long removed_percent(const Json& results, const char* binary) {
  return std::lround(100 * results.at(binary).at("removed_share").at("median").get<double>());
}

const Json& results_of(const KernelResults& results, const std::string& kver) {
  for (const auto& [name, result] : results)
    if (name == kver) return result;
  throw DocsError("no results-" + kver + ".json");
}

std::string grep_summary(const KernelResults& results) {
  const Json& lts = results_of(results, "6.12");
  const Json& mainline = results_of(results, "7.3");
  std::ostringstream out;
  out << "With a uprobe on each of the "
      << lts.at("grep").at("workload").at("probes").get<std::string>()
      << " function entries of Debian bookworm's\n`grep`, simulation removes "
      << removed_percent(lts, "grep") << "% of the single-steps' overhead from\n`grep -r` on 6.12 ("
      << removed_percent(mainline, "grep")
      << "% on 7.3, which single-steps more cheaply under\nqemu), and "
      << removed_percent(lts, "grep_trixie") << "% (" << removed_percent(mainline, "grep_trixie")
      << "% on 7.3) with trixie's branch-protected `grep`.\n";
  return out.str();
}

// survey/results.json, which the survey sections need.
const Json& survey_results(const Json& survey) {
  if (survey.is_null()) throw DocsError("no survey results given (--survey)");
  return survey;
}

// The survey of Debian @suite.
const Json& suite_survey(const Json& survey, const char* suite) {
  return survey_results(survey).at("suites").at(suite).at("survey");
}

// @path's record in the survey of Debian @suite.
const Json& file_of(const Json& survey, const char* suite, const char* path) {
  for (const Json& file : suite_survey(survey, suite).at("files"))
    if (file.at("path") == path) return file;
  throw DocsError(std::string("the survey of ") + suite + " has no " + path);
}

// @count of @file's functions, as probesim-survey prints it: "9.7%".
std::string share(const Json& file, long count) {
  return survey::percent(count, file.at("functions").get<long>());
}

std::string simulated(const Json& file, const char* variant) {
  return share(file, file.at("kernels").at(variant).at("simulated").get<long>());
}

std::string shape(const Json& file, const char* name) {
  return share(file, file.at("shapes").at(name).get<long>());
}

// @text, indented as Markdown code.
std::string code_block(const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    out += (line.empty() ? "" : "    ") + line + '\n';
  return out;
}

std::string redis_bookworm(const Json& survey) {
  const Json& f = file_of(survey, "bookworm", "redis-server");
  // probesim-survey's table, cut into blocks as it cuts it: a kernel and
  // the same kernel with probesim stay together.
  survey::Table table;
  table.header = {"binary",        "functions",
                  "6.1",           "6.1+probesim-defaults",
                  "6.12",          "6.12+probesim-defaults",
                  "7.3",           "7.3+probesim-defaults",
                  "6.12+probesim", "rejected (6.12)"};
  table.groups = {0, 1, 2, 2, 3, 3, 4, 4, 5, 6};
  table.rows = {{"/usr/bin/redis-server", std::to_string(f.at("functions").get<long>()),
                 simulated(f, "6.1"), simulated(f, "6.1+probesim-defaults"), simulated(f, "6.12"),
                 simulated(f, "6.12+probesim-defaults"), simulated(f, "7.3"),
                 simulated(f, "7.3+probesim-defaults"), simulated(f, "6.12+probesim"),
                 share(f, f.at("kernels").at("6.12").at("rejected").get<long>())}};
  std::ostringstream out;
  out << code_block(table.text()) << "\nA function-entry probe is cheap on " << simulated(f, "6.12")
      << " of its functions with a stock\nkernel, on " << simulated(f, "6.12+probesim-defaults")
      << " with probesim's defaults, and on " << simulated(f, "6.12+probesim")
      << " with `stp=1`\n(`KERNEL+probesim`), which adds the `stp x29, x30, [sp, #-N]!` pushes\n"
      << "that start " << shape(f, "stp x29, x30, [sp, #-N]!") << " of its functions.\n";
  return out.str();
}

std::string redis_trixie(const Json& survey) {
  const Json& f = file_of(survey, "trixie", "redis-server");
  // "whatever stp says" holds only while no entry of it is a push.
  if (simulated(f, "6.12+probesim") != simulated(f, "6.12+probesim-defaults"))
    throw DocsError("trixie's redis-server now has pushes that stp=1 simulates");
  std::ostringstream out;
  out << "On a branch-protected build (Debian trixie, Ubuntu 24.04 and later,\n"
      << "Fedora, Android) the same program reads " << simulated(f, "6.12") << " stock and "
      << simulated(f, "6.12+probesim-defaults") << " with\nprobesim's defaults, whatever `stp` "
      << "says: " << shape(f, "bti c") << " of its functions start\nwith `bti c`, which probesim "
      << "simulates with the branch-target check, and\n"
      << shape(f, "paciasp") << " with `paciasp`, which it simulates by having the CPU sign the\n"
      << "return address with the task's own key (see\n"
      << "[Known limitations](docs/limitations.md#paciasp-and-pacibsp)); the frame push comes "
      << "after\nthose, so it is never the probed instruction.\n";
  return out.str();
}

// survey/results.md's table @make makes, as that page has it.
std::string survey_table(const Json& survey,
                         survey::Table (*make)(const std::vector<survey::SuiteResults>&),
                         std::size_t label_columns) {
  try {
    return make(survey::suites_of(survey_results(survey))).markdown(label_columns);
  } catch (const survey::ReportError& error) {
    throw DocsError(error.what());
  }
}

// "nine" for 9: how often a reader meets the thing, in words up to twelve.
std::string in_words(long n) {
  constexpr std::array<std::string_view, 13> kWords = {"none", "one",    "two",   "three", "four",
                                                       "five", "six",    "seven", "eight", "nine",
                                                       "ten",  "eleven", "twelve"};
  return n >= 0 && n < 13 ? std::string(kWords[n]) : std::to_string(n);
}

// The share of @total's entries simulated after @steps of 6.12's defaults.
std::string after_steps(const Json& total, std::initializer_list<const char*> steps) {
  const Json& counts = total.at("steps").at("6.12+probesim-defaults");
  long sum = 0;
  for (const char* step : steps) sum += counts.value(step, 0L);
  return share(total, sum);
}

std::string classes_text(const Json& survey) {
  const Json& grep = file_of(survey, "bookworm", "grep");
  const Json& redis = file_of(survey, "bookworm", "redis-server");
  const Json& bookworm = suite_survey(survey, "bookworm").at("total");
  const Json& trixie_grep = file_of(survey, "trixie", "grep");
  const Json& trixie = suite_survey(survey, "trixie").at("total");
  const char* push = "stp x29, x30, [sp, #-N]!";
  const Json& stp = bookworm.at("kernels").at("6.12+probesim");
  const long left = bookworm.at("functions").get<long>() - stp.at("simulated").get<long>() -
                    stp.at("rejected").get<long>();
  const long one_in = left ? std::lround(bookworm.at("functions").get<double>() / left) : 0;
  std::ostringstream out;
  out << "Bookworm's `grep` starts " << shape(grep, push) << " of its "
      << grep.at("functions").get<long>() << " functions with\n`" << push << "` and `redis-server` "
      << shape(redis, push) << " of " << redis.at("functions").get<long>()
      << " (the 2024\nposting counted 64.5% for another "
      << "redis build); most functions that push\nno frame start with `sub sp, sp, #N` or a "
      << "register move, which the ALU\nfamilies take. With the defaults, those take bookworm "
      << "from " << simulated(bookworm, "6.12") << " to\n"
      << simulated(bookworm, "6.12+probesim-defaults") << "; the pushes are what `stp=1` adds, "
      << "after which a function-entry\nprobe single-steps on only about one bookworm function in "
      << in_words(one_in)
      << ".\nTrixie is built with branch protection: " << shape(trixie_grep, "paciasp")
      << " of `grep`'s functions start\nwith `paciasp` and " << shape(trixie_grep, "bti c")
      << " with `bti c`, and the frame push comes after\nthose, "
      << "so neither NOP, STP nor ALU simulation helps a function-entry\nprobe there. "
      << "Simulating `bti` with its branch-target check takes\ntrixie's "
      << share(trixie, trixie.at("classes").value("bti", 0L)) << " of `bti` entries ("
      << simulated(trixie, "6.12") << " to " << after_steps(trixie, {"kernel", "nop", "alu", "bti"})
      << " in all), and signing\nwith the task's key its "
      << share(trixie, trixie.at("classes").value("pac", 0L)) << " of `paciasp` entries (to "
      << simulated(trixie, "6.12+probesim-defaults") << ").\n";
  return out.str();
}

// The NAME of a line "<!-- NAME: begin ... -->", or "" for any other line.
std::string_view begin_name(std::string_view line) {
  constexpr std::string_view open = "<!-- ", begin = ": begin";
  if (line.substr(0, open.size()) != open) return {};
  const auto colon = line.find(begin, open.size());
  if (colon == std::string_view::npos) return {};
  return line.substr(open.size(), colon - open.size());
}

}  // namespace

std::string docs_section(std::string_view name, const DocsData& data) {
  try {
    if (name == "bench-instructions") return instructions_table(data.counts);
    if (name == "bench-summary") return speed_summary(data.counts);
    if (name == "bench-grep") return grep_summary(data.results);
    if (name == "survey-redis") return redis_bookworm(data.survey);
    if (name == "survey-redis-trixie") return redis_trixie(data.survey);
    if (name == "survey-steps") return survey_table(data.survey, survey::steps_table, 1);
    if (name == "survey-classes") return survey_table(data.survey, survey::classes_table, 2);
    if (name == "survey-classes-text") return classes_text(data.survey);
  } catch (const Json::exception& error) {
    throw DocsError(std::string(name) +
                    ": the results are not those it is written from: " + error.what());
  }
  throw DocsError("no section is called " + std::string(name));
}

std::string rewrite_docs(std::string_view doc, const DocsData& data) {
  std::string out;
  std::size_t at = 0;
  while (at < doc.size()) {
    const std::size_t eol = std::min(doc.find('\n', at), doc.size());
    const std::string_view line = doc.substr(at, eol - at);
    const std::string_view name = begin_name(line);
    out.append(doc.substr(at, std::min(eol + 1, doc.size()) - at));
    at = eol + 1;
    if (std::none_of(kOwnPrefixes.begin(), kOwnPrefixes.end(),
                     [&](std::string_view own) { return name.substr(0, own.size()) == own; }))
      continue;
    // From the newline that ends the begin line: a section may be empty.
    const std::string end = "\n<!-- " + std::string(name) + ": end -->";
    const std::size_t end_at = doc.find(end, at - 1);
    if (end_at == std::string_view::npos)
      throw DocsError("section " + std::string(name) + " has no line \"" + end.substr(1) + "\"");
    out.append(docs_section(name, data));
    at = end_at + 1;  // the end line, copied as any other
  }
  return out;
}

std::string first_difference(std::string_view doc, std::string_view written) {
  std::size_t line = 1, at = 0;
  while (at < doc.size() || at < written.size()) {
    const auto line_of = [&](std::string_view text) {
      return at >= text.size() ? std::string_view() : text.substr(at, text.find('\n', at) - at);
    };
    const std::string_view a = line_of(doc), b = line_of(written);
    if (a != b || (at >= doc.size()) != (at >= written.size()))
      return "line " + std::to_string(line) + ": \"" + std::string(a) + "\", written as \"" +
             std::string(b) + "\"";
    at += a.size() + 1;
    ++line;
  }
  if (doc != written) return "line " + std::to_string(line - 1) + ": one ends in a newline";
  return {};
}

namespace {

// The JSON in @path; throws DocsError with the reason.
Json read_json(const std::string& path) {
  std::string error;
  const auto text = read_file(path, error);
  if (!text) throw DocsError(error);
  try {
    return Json::parse(*text);
  } catch (const Json::exception& e) {
    throw DocsError(path + ": " + e.what());
  }
}

}  // namespace

int run_bench_docs(const BenchDocsOptions& options, std::ostream& err) {
  std::string error;
  DocsData data;
  try {
    data.counts = read_json(options.instructions);
    auto results = read_kernel_results(options.results, error);
    if (!results) throw DocsError(error);
    data.results = std::move(*results);
    if (!options.survey.empty()) data.survey = read_json(options.survey);
  } catch (const DocsError& e) {
    return complain(err, e.what(), 1);
  }
  int status = 0;
  for (const std::string& path : options.docs) {
    const auto doc = read_file(path, error);
    if (!doc) {
      status = complain(err, error, 1);
      continue;
    }
    std::string written;
    try {
      written = rewrite_docs(*doc, data);
    } catch (const DocsError& e) {
      status = complain(err, path + ": " + e.what(), 1);
      continue;
    }
    if (written == *doc) continue;
    if (options.check) {
      status = complain(err,
                        path + ": its figures are not those of the results (make docs writes " +
                            "them): " + first_difference(*doc, written),
                        1);
    } else if (!write_file(path, written, error)) {
      status = complain(err, error, 1);
    }
  }
  return status;
}

}  // namespace probesim::report
