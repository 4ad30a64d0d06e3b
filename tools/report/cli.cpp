#include "cli.hpp"

#include <algorithm>
#include <string_view>

#include "bench_grep.hpp"
#include "command_line.hpp"

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::report {

namespace {

static_assert(cli::kUsageError == kExitUsageError);

// The name of a grep binary other than bookworm's goes into section and
// JSON member names (bench-grep-NAME, grep_NAME).
bool is_binary_name(std::string_view name) {
  return !name.empty() && std::ranges::all_of(name, [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  });
}

// The grep binaries of the --probes values: PATH for bookworm's grep,
// NAME=PATH for grep NAME; bookworm's first. Throws CLI::ValidationError
// for a bad name, a binary given twice, or none for bookworm.
std::vector<GrepProbesPath> grep_probes(const std::vector<std::string>& values) {
  const auto error = [](const std::string& message) {
    return CLI::ValidationError("--probes", message);
  };
  std::vector<GrepProbesPath> probes;
  for (const std::string& value : values) {
    GrepProbesPath added{std::string(kBookworm), value};
    if (const std::size_t equals = value.find('='); equals != std::string::npos) {
      added = {value.substr(0, equals), value.substr(equals + 1)};
      if (!is_binary_name(added.binary)) {
        throw error(value + ": a grep binary's name is lowercase letters and digits, not '" +
                    added.binary + "'");
      }
      if (added.path.empty()) throw error(value + ": no path after the name");
    }
    const auto twice = std::ranges::find(probes, added.binary, &GrepProbesPath::binary);
    if (twice != probes.end()) {
      throw error("two for " + added.binary + "'s grep" +
                  (added.binary == kBookworm ? " (the one without a name)" : "") + ": " +
                  twice->path + " and " + added.path);
    }
    probes.push_back(std::move(added));
  }
  // bookworm's grep is the one the guest always measures, and its
  // results lead: first in the JSON and on the page.
  const auto bookworm = std::ranges::find(probes, kBookworm, &GrepProbesPath::binary);
  if (bookworm == probes.end()) {
    throw error("PROBES.TSV without a name (bookworm's grep) is required");
  }
  std::rotate(probes.begin(), bookworm, bookworm + 1);
  return probes;
}

}  // namespace

Command parse_arguments(const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err) {
  CLI::App app(
      "Judges the console log of one VM run (exit 0 passed, 1 failed, 2 usage or\n"
      "I/O error), or writes the benchmark's results (bench).",
      "probesim-report");
  app.set_version_flag("--version", std::string("probesim-report ") + PROBESIM_VERSION);
  Options options;
  const auto console =
      app.add_option("--console", options.console_path, "the run's console log")->type_name("LOG");
  const auto label = app.add_option("--label", options.label, "the run's name in the verdict");
  app.add_option("--allow", options.allow_path, "regexes of the splats the run may show")
      ->type_name("FILE");
  cli::add_parsed(app, "--expect", options.expect, parse_expect_kind,
                  "test-failure, splat or timeout")
      ->type_name("test-failure|splat|timeout")
      ->description("the run passes if it fails so (a harness self-test)");
  app.add_option("--totals", options.totals_path, "append the run's counts to FILE")
      ->type_name("FILE");

  const auto bench = app.add_subcommand("bench", "the benchmark's results");
  bench->require_subcommand(1);
  BenchKernelOptions kernel_options;
  std::vector<std::string> probes;
  const auto kernel = bench->add_subcommand(
      "kernel",
      "Reads the sections of one benchmark boot (trigger and grep benchmarks),\n"
      "checks the grep runs, joins the per-probe hits with the survey's\n"
      "instruction classes (PROBES.TSV, from the grep payload) and writes\n"
      "DIR/results-KVER.json and DIR/results-KVER.md. Exit 1 when a check\n"
      "failed; the files are written all the same, with the errors.");
  kernel->add_option("--console", kernel_options.console, "the boot's console log")
      ->required()
      ->type_name("LOG");
  kernel->add_option("--kver", kernel_options.kver, "the kernel's version")->required();
  kernel
      ->add_option("--probes", probes,
                   "PROBES.TSV is Debian bookworm's grep (sections bench-grep,\n"
                   "JSON \"grep\"); each NAME=PROBES.TSV adds the grep binary NAME,\n"
                   "lowercase letters and digits (sections bench-grep-NAME,\n"
                   "JSON \"grep_NAME\")")
      ->required()
      ->type_name("[NAME=]PROBES.TSV");
  kernel->add_option("--out", kernel_options.out, "where the results go")
      ->required()
      ->type_name("DIR");
  kernel->callback([&] { kernel_options.probes = grep_probes(probes); });
  BenchMergeOptions merge_options;
  const auto merge = bench->add_subcommand(
      "merge",
      "Combines every DIR/results-KVER.json into DIR/results.json and\n"
      "DIR/results.md, and writes PLOTDIR/results.gp and PLOTDIR/results.dat,\n"
      "the gnuplot script and data of the trigger plot DIR/results.svg.");
  merge->add_option("--out", merge_options.out)->required()->type_name("DIR");
  merge->add_option("--plot", merge_options.plot)->required()->type_name("PLOTDIR");

  BenchDocsOptions docs_options;
  const auto docs = bench->add_subcommand(
      "docs",
      "Writes the sections of the Markdown files named bench-NAME or\n"
      "survey-NAME (between \"<!-- NAME: begin -->\" and \"<!-- NAME: end -->\")\n"
      "from the instruction counts, the results and the survey's results;\n"
      "with --check, only says whether they are up to date (exit 1 when one\n"
      "is not).");
  docs->add_option("--instructions", docs_options.instructions, "the counts of make bench-count")
      ->required()
      ->type_name("JSON");
  docs->add_option("--results", docs_options.results, "where results-KVER.json are")
      ->required()
      ->type_name("DIR");
  docs->add_option("--survey", docs_options.survey, "survey/results.json (make survey)")
      ->type_name("JSON");
  docs->add_flag("--check", docs_options.check, "compare, write nothing");
  docs->add_option("docs", docs_options.docs, "the files")->required()->type_name("FILE.md");

  app.callback([&] {
    if (*bench) return;
    for (const CLI::Option* option : {console, label})
      if (!*option) throw CLI::RequiredError(option->get_name());
  });
  if (const auto status = cli::parse(app, args, out, err)) return *status;
  if (*kernel) return kernel_options;
  if (*merge) return merge_options;
  if (*docs) return docs_options;
  return options;
}

}  // namespace probesim::report
