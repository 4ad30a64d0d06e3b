/* SPDX-License-Identifier: GPL-2.0-only */
#ifdef PROBESIM_WITH_ALU
/*
 * One instruction each, run on a whole register state (simulate.h): a
 * block loads x0-x27, x29, x30, SP and NZCV, executes the instruction
 * and stores them all. x28 holds the output pointer meanwhile, so it is
 * the one register the instructions under test must leave alone.
 */
#include "simulate.h"

	.arch	armv8.5-a

	.macro	block name, insn:vararg
	.text
	.globl	\name\()_block, \name\()_insn
	.type	\name\()_block, %function
	.balign	4
\name\()_block:
	stp	x29, x30, [sp, #-96]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	mov	x28, x1
	/* The caller's SP waits in out->sp until the block's own is stored. */
	mov	x2, sp
	str	x2, [x28, #REGS_SP]
	ldr	x2, [x0, #REGS_SP]
	mov	sp, x2
	ldr	x2, [x0, #REGS_NZCV]
	msr	nzcv, x2
	ldp	x2, x3, [x0, #16]
	ldp	x4, x5, [x0, #32]
	ldp	x6, x7, [x0, #48]
	ldp	x8, x9, [x0, #64]
	ldp	x10, x11, [x0, #80]
	ldp	x12, x13, [x0, #96]
	ldp	x14, x15, [x0, #112]
	ldp	x16, x17, [x0, #128]
	ldp	x18, x19, [x0, #144]
	ldp	x20, x21, [x0, #160]
	ldp	x22, x23, [x0, #176]
	ldp	x24, x25, [x0, #192]
	ldp	x26, x27, [x0, #208]
	ldp	x29, x30, [x0, #232]
	ldp	x0, x1, [x0]
\name\()_insn:
	\insn
	stp	x0, x1, [x28]
	stp	x2, x3, [x28, #16]
	stp	x4, x5, [x28, #32]
	stp	x6, x7, [x28, #48]
	stp	x8, x9, [x28, #64]
	stp	x10, x11, [x28, #80]
	stp	x12, x13, [x28, #96]
	stp	x14, x15, [x28, #112]
	stp	x16, x17, [x28, #128]
	stp	x18, x19, [x28, #144]
	stp	x20, x21, [x28, #160]
	stp	x22, x23, [x28, #176]
	stp	x24, x25, [x28, #192]
	stp	x26, x27, [x28, #208]
	stp	x29, x30, [x28, #232]
	mrs	x0, nzcv
	str	x0, [x28, #REGS_NZCV]
	mov	x0, sp
	ldr	x1, [x28, #REGS_SP]
	str	x0, [x28, #REGS_SP]
	mov	sp, x1
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
	.size	\name\()_block, . - \name\()_block
	.endm

#ifdef PROBESIM_WITH_ALU
	block	and_w9_w2_imm,		and	w9, w2, #0xff
	block	sub_sp_imm,		sub	sp, sp, #0x40
	block	mov_x29_sp,		mov	x29, sp
	block	movz_x3,		movz	x3, #0xbeef, lsl #16
	block	movk_x3,		movk	x3, #0xcafe, lsl #48
	block	adds_x0_lsl3,		adds	x0, x1, x2, lsl #3
	block	orr_x0_xzr_x1,		orr	x0, xzr, x1
	block	subs_x0_x1_x2,		subs	x0, x1, x2

#endif
#ifdef PROBESIM_WITH_BTI
/*
 * The landing pads live on pages of their own, which the test maps
 * PROT_BTI (guarded); 64K covers every arm64 page size. A block BLRs to
 * them through x16, so they are reached with BTYPE 10.
 */
	block	blr_x16,		blr	x16

	.pushsection .text.guarded, "ax"
	.balign	65536
	.globl	guarded_start, guarded_end
	.globl	bti_c_ret, bti_j_ret, bti_c_bti_j_ret, bti_j_after_bti_c
guarded_start:
bti_c_ret:
	bti	c
	ret
bti_j_ret:
	bti	j
	ret
/* The bti j runs by fall-through from the bti c: BTYPE 00. */
bti_c_bti_j_ret:
	bti	c
bti_j_after_bti_c:
	bti	j
	ret
	.balign	65536
guarded_end:
	.popsection

#endif
#ifdef PROBESIM_WITH_PAC
	block	paciasp,		paciasp
	block	pacibsp,		pacibsp

#endif
#ifdef PROBESIM_WITH_STP
	block	stp_x29_x30_pre,	stp	x29, x30, [sp, #-16]!
	block	stp_x19_x20_pre,	stp	x19, x20, [sp, #-64]!

#endif
	.section .note.GNU-stack, "", %progbits
#endif /* PROBESIM_WITH_ALU */
