// The text of instruction words, from capstone (the probe table shows it
// next to each word).
#pragma once

#include <string>
#include <vector>

#include "probe_table.hpp"

namespace probesim::payload {

// Each probe's word at its address: "stp x29, x30, [sp, #-0x10]!",
// capstone's mnemonic and operands, a branch's or adrp's target as an
// address. The BTI and PAC hints that capstone 4 leaves as "hint #N" get
// their names ("bti c", "paciasp"); a word capstone cannot decode is
// ".inst 0xWORD".
std::vector<std::string> disassemble(const std::vector<Probe>& probes);

}  // namespace probesim::payload
