// Capstone's reading of one instruction word, reduced to what the oracle
// asks: is it NOP; is it STP of two 64-bit general-purpose registers to
// [SP, #imm]! (pre-index, writeback); is it BTI; and, for the ALU
// families, its mnemonic and the kinds of its operands.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include <capstone/capstone.h>

namespace probesim::survey::test {

struct CapstoneView {
  bool valid = false;
  bool nop = false;
  bool stp_push = false;
  bool bti = false;          // "bti ..." or capstone 4's "hint #0x20/22/24/26"
  std::string mnemonic;      // empty if invalid
  bool last_imm = false;     // the last operand is an immediate
  bool plain_regs = false;   // every operand a register, none extended, none SP
  bool uses_sp = false;      // some operand is SP or WSP
  std::string text;  // "mnemonic operands", or "(invalid)"
};

class Capstone {
 public:
  Capstone();
  ~Capstone();
  Capstone(const Capstone&) = delete;
  Capstone& operator=(const Capstone&) = delete;

  CapstoneView look(std::uint32_t word);
  static std::string version();

 private:
  csh handle_ = 0;
  cs_insn* insn_ = nullptr;
};

// A disagreement between probesim's decoder and capstone that has been
// reviewed and explained.
struct Erratum {
  std::uint32_t mask;
  std::uint32_t value;
  const char* what;
  const char* why;
};

// The reviewed errata (capstone_errata.cpp).
std::span<const Erratum> errata();

}  // namespace probesim::survey::test
