#include "capstone_oracle.hpp"

#include <stdexcept>

namespace probesim::survey::test {

namespace {

bool is_x_register(arm64_reg r) {
  return (r >= ARM64_REG_X0 && r <= ARM64_REG_X28) || r == ARM64_REG_X29 ||
         r == ARM64_REG_X30 || r == ARM64_REG_XZR;
}

}  // namespace

Capstone::Capstone() {
  if (cs_open(CS_ARCH_ARM64, CS_MODE_ARM, &handle_) != CS_ERR_OK)
    throw std::runtime_error("cs_open failed");
  cs_option(handle_, CS_OPT_DETAIL, CS_OPT_ON);
  insn_ = cs_malloc(handle_);
}

Capstone::~Capstone() {
  cs_free(insn_, 1);
  cs_close(&handle_);
}

std::string Capstone::version() {
  int major = 0, minor = 0;
  cs_version(&major, &minor);
  return std::to_string(major) + "." + std::to_string(minor);
}

CapstoneView Capstone::look(std::uint32_t word) {
  std::uint8_t bytes[4];
  for (int i = 0; i < 4; i++) bytes[i] = static_cast<std::uint8_t>(word >> (8 * i));
  const std::uint8_t* code = bytes;
  std::size_t size = 4;
  std::uint64_t address = 0x1000;
  CapstoneView v;
  if (!cs_disasm_iter(handle_, &code, &size, &address, insn_)) {
    v.text = "(invalid)";
    return v;
  }
  v.valid = true;
  v.text = std::string(insn_->mnemonic) + " " + insn_->op_str;
  v.mnemonic = insn_->mnemonic;
  v.nop = v.mnemonic == "nop";
  const cs_arm64& d = insn_->detail->arm64;
  // Capstone 4 names BTI "hint #0x22" and so on; later versions "bti c".
  if (v.mnemonic == "bti") {
    v.bti = true;
  } else if (v.mnemonic == "hint" && d.op_count == 1 &&
             d.operands[0].type == ARM64_OP_IMM) {
    const auto imm = d.operands[0].imm;
    v.bti = imm == 0x20 || imm == 0x22 || imm == 0x24 || imm == 0x26;
  }
  v.last_imm = d.op_count > 0 && d.operands[d.op_count - 1].type == ARM64_OP_IMM;
  v.plain_regs = d.op_count > 0;
  for (int i = 0; i < d.op_count; i++) {
    const cs_arm64_op& op = d.operands[i];
    const bool sp = op.type == ARM64_OP_REG &&
                    (op.reg == ARM64_REG_SP || op.reg == ARM64_REG_WSP);
    v.uses_sp |= sp;
    if (op.type != ARM64_OP_REG || op.ext != ARM64_EXT_INVALID || sp)
      v.plain_regs = false;
  }
  // Pre-index: [base, #imm]! is one memory operand with writeback; the
  // post-index form has a fourth (immediate) operand.
  v.stp_push = v.mnemonic == "stp" && d.op_count == 3 && d.writeback &&
               d.operands[0].type == ARM64_OP_REG && is_x_register(d.operands[0].reg) &&
               d.operands[1].type == ARM64_OP_REG && is_x_register(d.operands[1].reg) &&
               d.operands[2].type == ARM64_OP_MEM && d.operands[2].mem.base == ARM64_REG_SP &&
               d.operands[2].mem.index == ARM64_REG_INVALID;
  return v;
}

}  // namespace probesim::survey::test
