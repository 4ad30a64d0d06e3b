/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Branches, probed and run natively by branches.c.
 */
	.arch	armv8.5-a
	.text

/*
 * Single-step cases: the tracer starts the task at name, with x0 and x30
 * holding name_to. The instruction there either branches to name_to or
 * falls through to the NOPs after it. A task whose step was lost runs on
 * into a BRK and stops there.
 */
	.macro	step_case name, insn:vararg
	.globl	\name, \name\()_to
	.type	\name, %function
	.balign	16
\name:
	\insn
	nop
	nop
	brk	#0
\name\()_to:
	nop
	nop
	brk	#0
	.size	\name, . - \name
	.endm

	step_case	step_b,		b	step_b_to
	step_case	step_bl,	bl	step_bl_to
	step_case	step_blr,	blr	x0
	step_case	step_ret,	ret
	step_case	step_adr,	adr	x0, step_adr_to
	step_case	step_nop,	nop
	step_case	step_xpaclri,	xpaclri

/*
 * BTYPE cases. btype_call(entry, target) BLRs to entry with target in x1,
 * x2 and x16. Every path returns through x30 unless a branch target
 * exception (SIGILL) stops it. The name_insn labels are the probed
 * branches.
 */
	.globl	btype_call
	.type	btype_call, %function
btype_call:
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	mov	x2, x1
	mov	x16, x1
	blr	x0
	ldp	x29, x30, [sp], #16
	ret
	.size	btype_call, . - btype_call

/* Unguarded: reached by BLR, B may be the first instruction. */
	.globl	u_b, u_blr, u_blr_insn, u_br_x2, u_br_x2_insn
u_b:
	b	g_ret
u_blr:
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
u_blr_insn:
	blr	x1
	ldp	x29, x30, [sp], #16
	ret
u_br_x2:
	nop
u_br_x2_insn:
	br	x2
u_ret:
	ret

/* Guarded (PROT_BTI) by the test; 64K covers every arm64 page size. */
	.pushsection .text.guarded, "ax"
	.balign	65536
	.globl	guarded_start, guarded_end
	.globl	g_ret, g_bti_c, g_b, g_br_x2, g_br_x2_insn, g_br_x16, g_br_x16_insn
	.globl	g_ldr
guarded_start:
/* Not a landing pad. */
g_ret:
	ret
g_bti_c:
	bti	c
	ret
g_b:
	b	u_ret
g_br_x2:
	bti	c
g_br_x2_insn:
	br	x2
g_br_x16:
	bti	c
g_br_x16_insn:
	br	x16
/* Not a landing pad, and stepped out of line rather than simulated. */
g_ldr:
	ldr	x9, [sp]
	ret
	.balign	65536
guarded_end:
	.popsection

	.section .note.GNU-stack, "", %progbits
