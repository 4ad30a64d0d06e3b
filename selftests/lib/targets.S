/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Targets of the equivalence oracle (see targets.h). Each starts at
 * tgt_NAME and ends at tgt_NAME_end; targets.c says which instructions
 * are probed. They live in .rodata: the oracle runs copies of them from
 * files, never these bytes.
 */
.macro target name
	.balign 4
	.global tgt_\name
tgt_\name:
.endm

.macro target_end name
	.global tgt_\name\()_end
tgt_\name\()_end:
.endm

/* The usual target: the one instruction probed, then RET. */
.macro one_insn name, insn:vararg
	target \name
	\insn
	ret
	target_end \name
.endm

	.section .rodata.probesim_targets, "a"

/* A bare NOP. */
	one_insn nop, nop

/* A USDT probe site: a NOP in the middle of code using its operands. */
	target usdt
	add	x0, x1, x2
	eor	x3, x4, x5
	nop
	orr	x6, x0, x3
	adds	x7, x6, x8
	ret
	target_end usdt

/* Frame record push, the common prologue. */
	one_insn stp_fp_lr, stp x29, x30, [sp, #-16]!

/* Callee-saved pair. */
	one_insn stp_x19_x20, stp x19, x20, [sp, #-32]!

/* x0/x1 with the lowest offset, -512. */
	one_insn stp_x0_x1_min, stp x0, x1, [sp, #-512]!

/* The highest offset, +504. */
	one_insn stp_max, stp x2, x3, [sp, #504]!

/* A small positive offset. */
	one_insn stp_pos, stp x4, x5, [sp, #16]!

/* Offset zero. */
	one_insn stp_zero, stp x9, x10, [sp, #0]!

/* The same register twice. */
	one_insn stp_same, stp x6, x6, [sp, #-16]!

/* XZR for both. */
	one_insn stp_xzr, stp xzr, xzr, [sp, #-16]!

/* XZR for one, and x30 for the other, swapped order. */
	one_insn stp_xzr_lr, stp xzr, x30, [sp, #-48]!

/* An 8-byte step: the pair is 8-aligned only, and may cross a page. */
	one_insn stp_odd, stp x0, x1, [sp, #-8]!

/* Two probed NOPs back to back. */
	target b2b_nop
	nop
	nop
	ret
	target_end b2b_nop

/* Two probed pushes back to back. */
	target b2b_stp
	stp	x29, x30, [sp, #-16]!
	stp	x19, x20, [sp, #-16]!
	ret
	target_end b2b_stp

/* A probed NOP, then a probed push. */
	target b2b_mixed
	nop
	stp	x27, x28, [sp, #-64]!
	ret
	target_end b2b_mixed

	.section .note.GNU-stack, "", %progbits
