// The probes command: probes.tsv from an ELF's `probesim-survey --list`.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace probesim::payload {

// The instruction text of each word (objdump's, in the tool).
using Disassembler =
    std::function<std::vector<std::string>(const std::vector<std::uint32_t>&)>;

// Writes the probe table of the entries of the survey list at LIST_PATH
// to OUT_PATH and returns "N probes, M entries skipped". ELF_PATH is the
// binary the list was made from; the list carries everything the table
// needs, so it is only checked to be a little-endian ELF64 file. Throws
// std::runtime_error, OUT_PATH left alone, when there is no entry to
// probe or an input is wrong.
std::string write_probe_table(const std::string& elf_path,
                              const std::string& list_path,
                              const std::string& out_path,
                              const Disassembler& disassemble);

}  // namespace probesim::payload
