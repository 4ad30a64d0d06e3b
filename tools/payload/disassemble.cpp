#include "disassemble.hpp"

#include <capstone/capstone.h>

#include <cstdio>
#include <stdexcept>
#include <string_view>

namespace probesim::payload {

namespace {

// The hints of the branch-target and return-address-signing instructions,
// by their CRm:op2 (HINT #imm, imm = word bits 11-5).
std::string_view hint_name(std::uint32_t word) {
  switch ((word >> 5) & 0x7f) {
    case 0x19: return "paciasp";
    case 0x1b: return "pacibsp";
    case 0x1d: return "autiasp";
    case 0x1f: return "autibsp";
    case 0x20: return "bti";
    case 0x22: return "bti c";
    case 0x24: return "bti j";
    case 0x26: return "bti jc";
    default: return {};
  }
}

std::string text_of(csh handle, std::uint32_t word, std::uint64_t addr) {
  const std::uint8_t bytes[4] = {
      static_cast<std::uint8_t>(word), static_cast<std::uint8_t>(word >> 8),
      static_cast<std::uint8_t>(word >> 16), static_cast<std::uint8_t>(word >> 24)};
  cs_insn* insn = nullptr;
  if (cs_disasm(handle, bytes, sizeof bytes, addr, 1, &insn) != 1) {
    char inst[24];
    std::snprintf(inst, sizeof inst, ".inst 0x%08x", static_cast<unsigned>(word));
    return inst;
  }
  std::string text = insn->mnemonic;
  if (text == "hint" && !hint_name(word).empty()) {
    text = hint_name(word);
  } else if (insn->op_str[0] != '\0') {
    text += ' ';
    text += insn->op_str;
  }
  cs_free(insn, 1);
  return text;
}

}  // namespace

std::vector<std::string> disassemble(const std::vector<Probe>& probes) {
  csh handle = 0;
  if (cs_open(CS_ARCH_ARM64, CS_MODE_LITTLE_ENDIAN, &handle) != CS_ERR_OK)
    throw std::runtime_error("capstone: cannot open an arm64 disassembler");
  std::vector<std::string> out;
  for (const Probe& p : probes) out.push_back(text_of(handle, p.word, p.addr));
  cs_close(&handle);
  return out;
}

}  // namespace probesim::payload
