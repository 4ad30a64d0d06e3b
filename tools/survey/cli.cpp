#include "cli.hpp"

#include <ostream>

#include "output.hpp"
#include "survey.hpp"

#ifndef PROBESIM_VERSION
#error "PROBESIM_VERSION is set by tools/CMakeLists.txt from dkms.conf"
#endif

namespace probesim::survey {

std::string usage() {
  return "usage: probesim-survey [--json | --markdown] [--list] FILE...\n"
         "       probesim-survey report RESULTS_DIR OUT_DIR SUITE...\n"
         "       probesim-survey --help | --version\n"
         "\n"
         "Classifies the first instruction of every function (from .eh_frame\n"
         "FDEs, .symtab and .dynsym) and every USDT site (.note.stapsdt) of\n"
         "arm64 ELF executables and shared libraries, with probesim's decode\n"
         "table and the stock kernels' uprobe rules.\n"
         "\n"
         "Kernels: 6.1, 6.12 and 7.3 stock; KERNEL+probesim-defaults with probesim\n"
         "at its default parameters (nop=1 alu=1 bti=1 pac=1 stp=0);\n"
         "KERNEL+probesim with stp=1 as well.\n"
         "\n"
         "  --json      machine-readable counts per file and in total\n"
         "  --markdown  the tables as Markdown\n"
         "  --list      also list each function entry and USDT site, with its\n"
         "              outcome on each stock kernel and KERNEL+probesim\n"
         "  --version   print the version and exit\n"
         "  -h, --help  print this help and exit\n"
         "\n"
         "report writes OUT_DIR/results.md and OUT_DIR/results.json, dated today,\n"
         "from what make survey keeps of each SUITE in RESULTS_DIR: SUITE.json\n"
         "(--json), SUITE.md (--markdown) and SUITE.versions.json (package\n"
         "name to version). A FILE named report: probesim-survey -- report.\n"
         "\n"
         "Exit status: 0 all files surveyed (the report written), 1 a file could\n"
         "not be (or the report not), 2 usage.\n";
}

std::string version_line() {
  return std::string("probesim-survey ") + PROBESIM_VERSION + "\n";
}

namespace {

// report RESULTS_DIR OUT_DIR SUITE...: all positional.
ParsedArguments parse_report_arguments(const std::vector<std::string>& args) {
  ParsedArguments p;
  p.options.command = Command::kReport;
  if (args.size() < 4) {
    p.error = "report needs RESULTS_DIR, OUT_DIR and a SUITE";
    return p;
  }
  p.options.report = {args[1], args[2], {args.begin() + 3, args.end()}};
  for (const auto& suite : p.options.report.suites) {
    const std::string why = suite_name_error(suite);
    if (!why.empty()) {
      p.error = "suite " + suite + ": " + why;
      return p;
    }
  }
  p.ok = true;
  return p;
}

}  // namespace

ParsedArguments parse_arguments(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "report") return parse_report_arguments(args);
  ParsedArguments p;
  bool only_files = false;
  for (const auto& a : args) {
    if (!only_files && a == "--") {
      only_files = true;
    } else if (!only_files && (a == "-h" || a == "--help")) {
      p.help = true;
      return p;
    } else if (!only_files && a == "--version") {
      p.version = true;
      return p;
    } else if (!only_files && a == "--json") {
      p.options.mode = OutputMode::kJson;
    } else if (!only_files && a == "--markdown") {
      p.options.mode = OutputMode::kMarkdown;
    } else if (!only_files && a == "--list") {
      p.options.list = true;
    } else if (!only_files && a.size() > 1 && a[0] == '-') {
      p.error = "unknown option " + a;
      return p;
    } else {
      p.options.files.push_back(a);
    }
  }
  if (p.options.files.empty()) {
    p.error = "no FILE given";
    return p;
  }
  p.ok = true;
  return p;
}

int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err, const std::string& date) {
  ParsedArguments p = parse_arguments(args);
  if (p.help) {
    out << usage();
    return 0;
  }
  if (p.version) {
    out << version_line();
    return 0;
  }
  if (!p.ok) {
    err << "probesim-survey: " << p.error << "\n" << usage();
    return 2;
  }
  if (p.options.command == Command::kReport) {
    try {
      write_report(p.options.report, date.empty() ? local_date() : date);
    } catch (const ReportError& e) {
      err << "probesim-survey: report: " << e.what() << "\n";
      return 1;
    } catch (const std::bad_alloc&) {
      err << "probesim-survey: report: out of memory\n";
      return 1;
    }
    return 0;
  }
  std::vector<FileSurvey> surveys;
  FileErrors errors;
  for (const auto& path : p.options.files) {
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

  if (p.options.list)
    for (const auto& s : surveys) out << "# " << s.path << "\n" << render_list(s);
  if (p.options.mode == OutputMode::kJson) {
    out << render_json(surveys, errors);
  } else if (!surveys.empty()) {
    out << render_tables(surveys, p.options.mode == OutputMode::kMarkdown
                                      ? TableFormat::kMarkdown
                                      : TableFormat::kText);
  }
  return errors.empty() ? 0 : 1;
}

}  // namespace probesim::survey
