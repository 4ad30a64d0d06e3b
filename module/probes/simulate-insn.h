/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the series adds to arch/arm64/kernel/probes/simulate-insn.h, before
 * its #endif: the declarations of module/probes/simulate-insn.c, which
 * come with what they declare.
 */
#ifdef CONFIG_UPROBES
#ifndef PROBESIM_FIXES_ONLY
bool arm_uprobe_check_branch_target(u32 insn, struct pt_regs *regs);
#endif
void arm_uprobe_complete_sim(u32 insn, long addr, struct pt_regs *regs);
#ifdef PROBESIM_WITH_ALU
bool simulate_logic_imm(u32 opcode, long addr, struct pt_regs *regs);
bool simulate_add_sub_imm(u32 opcode, long addr, struct pt_regs *regs);
bool simulate_movewide(u32 opcode, long addr, struct pt_regs *regs);
bool simulate_logic_reg(u32 opcode, long addr, struct pt_regs *regs);
bool simulate_add_sub_reg(u32 opcode, long addr, struct pt_regs *regs);
#endif
#ifdef PROBESIM_WITH_BTI
bool simulate_bti(u32 opcode, long addr, struct pt_regs *regs);
#endif
#ifdef PROBESIM_WITH_PAC
bool simulate_paciasp_pacibsp(u32 opcode, long addr, struct pt_regs *regs);
#endif
#ifdef PROBESIM_WITH_STP
bool simulate_stp_push(u32 opcode, long addr, struct pt_regs *regs);
#endif
#endif
