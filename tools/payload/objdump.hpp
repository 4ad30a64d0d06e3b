// The disassembled text of instruction words, from binutils' objdump
// (the probe table shows it next to each word).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::payload {

class ObjdumpError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// $OBJDUMP, else aarch64-linux-gnu-objdump.
std::string objdump_program();

// The instruction of each of the COUNT words in OUTPUT, the output of
// `objdump -D -b binary -m aarch64` on those words, with its comment
// ("// #1") cut and its white space collapsed: "stp x29, x30, [sp, #-16]!".
// "?" for a word that OUTPUT does not show.
std::vector<std::string> parse_objdump(std::string_view output,
                                       std::size_t count);

// Runs OBJDUMP on WORDS (as little-endian bytes in a temporary file) and
// parses its output. Throws ObjdumpError if it cannot run or fails.
std::vector<std::string> disassemble(const std::vector<std::uint32_t>& words,
                                     const std::string& objdump);

}  // namespace probesim::payload
