// The probes command: probes.tsv, the grep benchmark's probe table, from
// the survey of an arm64 binary.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "probe_table.hpp"
#include "survey.hpp"

namespace probesim::payload {

struct Selection {
  std::vector<Probe> probes;
  std::size_t skipped = 0;  // the other function entries
};

// The function entries of FILE that the benchmark probes, in address
// order: those .eh_frame gives (as stripped binaries have them), in
// executable code and in the file, on which no kernel variant rejects a
// uprobe.
Selection select_probes(const survey::FileSurvey& file);

// Surveys the arm64 binary ELF_PATH, writes the probe table of its
// select_probes() to OUT_PATH, with each word as capstone disassembles
// it, and returns "N probes, M entries skipped". Throws
// std::runtime_error, OUT_PATH left alone, when the file cannot be
// surveyed or has no entry to probe.
std::string write_probe_table(const std::string& elf_path, const std::string& out_path);

}  // namespace probesim::payload
