#include "cli.hpp"

#include <ostream>

#include "command_line.hpp"
#include "output.hpp"
#include "report.hpp"
#include "survey.hpp"

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::survey {

namespace {

struct Options {
  bool json = false;
  bool markdown = false;
  bool list = false;  // also list every entry and site
  std::vector<std::string> files;
};

int survey_files(const Options& options, std::ostream& out, std::ostream& err) {
  std::vector<FileSurvey> surveys;
  FileErrors errors;
  for (const auto& path : options.files) {
    try {
      surveys.push_back(survey_file(path));
    } catch (const ParseError& e) {
      err << "probesim-survey: " << path << ": " << e.what() << "\n";
      errors.emplace_back(path, e.what());
    } catch (const std::bad_alloc&) {
      err << "probesim-survey: " << path << ": out of memory\n";
      errors.emplace_back(path, "out of memory");
    }
  }
  for (const auto& s : surveys)
    for (const auto& note : s.notes)
      err << "probesim-survey: " << s.path << ": note: " << note << "\n";

  if (options.list)
    for (const auto& s : surveys) out << "# " << s.path << "\n" << render_list(s);
  if (options.json) {
    out << render_json(surveys, errors);
  } else if (!surveys.empty()) {
    out << render_tables(surveys, options.markdown ? TableFormat::kMarkdown : TableFormat::kText);
  }
  return errors.empty() ? 0 : 1;
}

int report(const ReportOptions& options, const std::string& date, std::ostream& err) {
  try {
    write_report(options, date.empty() ? local_date() : date);
  } catch (const ReportError& e) {
    err << "probesim-survey: report: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    err << "probesim-survey: report: out of memory\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err, const std::string& date) {
  CLI::App app(
      "Classifies the first instruction of every function (from .eh_frame FDEs,\n"
      ".symtab and .dynsym) and every USDT site (.note.stapsdt) of arm64 ELF\n"
      "executables and shared libraries, with probesim's decode table and the\n"
      "stock kernels' uprobe rules.",
      "probesim-survey");
  app.set_version_flag("--version", std::string("probesim-survey ") + PROBESIM_VERSION);
  Options options;
  const auto json = app.add_flag("--json", options.json,
                                 "machine-readable counts per file and in total");
  app.add_flag("--markdown", options.markdown, "the tables as Markdown")->excludes(json);
  app.add_flag("--list", options.list,
               "also list each function entry and USDT site, with its\n"
               "outcome on each stock kernel and KERNEL+probesim");
  app.add_option("FILE", options.files,
                 "an arm64 ELF file; one named report after --:\n"
                 "probesim-survey -- report")
      ->type_name("");
  app.footer(
      "Kernels: 6.1, 6.12 and 7.3 stock; KERNEL+probesim-defaults with probesim\n"
      "at its default parameters (" +
      std::string(variant_params(Variant::k6_12ProbesimDefaults)) + ");\n"
      "KERNEL+probesim with stp=1 as well.\n"
      "\n"
      "Exit status: 0 all files surveyed (the report written), 1 a file could\n"
      "not be (or the report not), 2 usage.");

  ReportOptions report_options;
  const auto report_command = app.add_subcommand(
      "report",
      "write OUT_DIR/results.md and OUT_DIR/results.json, dated today, from what\n"
      "make survey keeps of each SUITE in RESULTS_DIR: SUITE.json (--json),\n"
      "SUITE.md (--markdown) and SUITE.versions.json (package name to version)");
  report_command->add_option("RESULTS_DIR", report_options.results_dir)->required()->type_name("");
  report_command->add_option("OUT_DIR", report_options.out_dir)->required()->type_name("");
  report_command->add_option("SUITE", report_options.suites, "a suite's name, as in make survey")
      ->required()
      ->type_name("")
      ->check(CLI::Validator(
          [](const std::string& suite) {
            const std::string why = suite_name_error(suite);
            return why.empty() ? why : suite + ": " + why;
          },
          ""));
  app.callback([&] {
    if (!*report_command && options.files.empty()) throw CLI::RequiredError("FILE");
  });

  if (const auto status = cli::parse(app, args, out, err)) return *status;
  if (*report_command) return report(report_options, date, err);
  return survey_files(options, out, err);
}

}  // namespace probesim::survey
