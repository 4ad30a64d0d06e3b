/* SPDX-License-Identifier: GPL-2.0-only */
/* simulate.c: one handler per family, with the probes_handler_t shape. */
#ifndef PROBESIM_SIMULATE_H
#define PROBESIM_SIMULATE_H

#include <asm/probes.h>
#include "insn.h"

void probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs);
#ifdef PROBESIM_WITH_STP_SIM
void probesim_simulate_stp(u32 opcode, long addr, struct pt_regs *regs);
#endif
#ifdef PROBESIM_WITH_ALU
void probesim_simulate_logic_imm(u32 opcode, long addr, struct pt_regs *regs);
void probesim_simulate_addsub_imm(u32 opcode, long addr, struct pt_regs *regs);
void probesim_simulate_movewide(u32 opcode, long addr, struct pt_regs *regs);
void probesim_simulate_logic_reg(u32 opcode, long addr, struct pt_regs *regs);
void probesim_simulate_addsub_reg(u32 opcode, long addr, struct pt_regs *regs);
#endif
#ifdef PROBESIM_WITH_BTI
void probesim_simulate_bti(u32 opcode, long addr, struct pt_regs *regs);
#endif
#ifdef PROBESIM_WITH_PAC
void probesim_simulate_pac(u32 opcode, long addr, struct pt_regs *regs);
#endif

#endif /* PROBESIM_SIMULATE_H */
