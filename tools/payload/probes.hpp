// The probes command: probes.tsv from an ELF's `probesim-survey --list`.
#pragma once

#include <string>

namespace probesim::payload {

// Writes the probe table of the entries of the survey list at LIST_PATH
// to OUT_PATH and returns "N probes, M entries skipped". ELF_PATH is the
// arm64 binary the list was made from, read with libelf: each probe's
// word must be the one the list gives, at its address and file offset,
// and capstone disassembles it. Throws std::runtime_error, OUT_PATH left
// alone, when there is no entry to probe or an input is wrong.
std::string write_probe_table(const std::string& elf_path,
                              const std::string& list_path,
                              const std::string& out_path);

}  // namespace probesim::payload
