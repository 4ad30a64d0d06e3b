/* SPDX-License-Identifier: GPL-2.0-only */
#ifdef PROBESIM_WITH_ALU
/*
 * The blocks of simulate-asm.S. name_block(in, out) loads the register
 * state in, executes the one instruction at name_insn, and stores the
 * state that follows to out.
 */
#ifndef ARM64_UPROBES_SIMULATE_H
#define ARM64_UPROBES_SIMULATE_H

#define REGS_SP		(31 * 8)
#define REGS_NZCV	(32 * 8)

#ifndef __ASSEMBLER__
#include <linux/types.h>

/* x0-x30, SP, NZCV: what a block loads and stores. */
struct regs {
	__u64 x[31];
	__u64 sp;
	__u64 nzcv;
};

#ifdef PROBESIM_WITH_ALU
void and_w9_w2_imm_block(void *in, void *out);
void sub_sp_imm_block(void *in, void *out);
void mov_x29_sp_block(void *in, void *out);
void movz_x3_block(void *in, void *out);
void movk_x3_block(void *in, void *out);
void adds_x0_lsl3_block(void *in, void *out);
void orr_x0_xzr_x1_block(void *in, void *out);
void subs_x0_x1_x2_block(void *in, void *out);
extern char and_w9_w2_imm_insn[], sub_sp_imm_insn[], mov_x29_sp_insn[];
extern char movz_x3_insn[], movk_x3_insn[], adds_x0_lsl3_insn[];
extern char orr_x0_xzr_x1_insn[], subs_x0_x1_x2_insn[];

#endif
#ifdef PROBESIM_WITH_BTI
/* BLR x16; the landing pads are on the guarded pages. */
void blr_x16_block(void *in, void *out);
extern char guarded_start[], guarded_end[];
extern char bti_c_ret[], bti_j_ret[], bti_c_bti_j_ret[], bti_j_after_bti_c[];

#endif
#ifdef PROBESIM_WITH_PAC
void paciasp_block(void *in, void *out);
void pacibsp_block(void *in, void *out);
extern char paciasp_insn[], pacibsp_insn[];

#endif
#ifdef PROBESIM_WITH_STP
void stp_x29_x30_pre_block(void *in, void *out);
void stp_x19_x20_pre_block(void *in, void *out);
extern char stp_x29_x30_pre_insn[], stp_x19_x20_pre_insn[];

#endif
#endif /* __ASSEMBLER__ */
#endif
#endif /* PROBESIM_WITH_ALU */
