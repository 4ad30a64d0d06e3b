/* SPDX-License-Identifier: GPL-2.0-only */
/* The code of branches-asm.S. */
#ifndef ARM64_UPROBES_BRANCHES_H
#define ARM64_UPROBES_BRANCHES_H

/* Single-step cases: the branch at name, its target at name_to. */
extern char step_b[], step_b_to[], step_bl[], step_bl_to[];
extern char step_blr[], step_blr_to[], step_ret[], step_ret_to[];
extern char step_adr[], step_adr_to[], step_nop[], step_nop_to[];
extern char step_xpaclri[], step_xpaclri_to[];

/* BTYPE cases: BLR to entry, with target in x1, x2 and x16. */
void btype_call(void *entry, void *target);

/* On pages without and with PROT_BTI. */
extern char u_b[], u_blr[], u_blr_insn[], u_br_x2[], u_br_x2_insn[];
extern char guarded_start[], guarded_end[];
extern char g_ret[], g_bti_c[], g_b[], g_ldr[];
extern char g_br_x2[], g_br_x2_insn[], g_br_x16[], g_br_x16_insn[];

#endif
