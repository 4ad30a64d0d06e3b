/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The functions ptrace_step.c single-steps through (step_targets.h). Each
 * is five instructions long and its second one is the probed one.
 */
	.text

	.balign 64
	.globl step_target_nop
step_target_nop:
	mov	x9, #1
	nop
	add	x9, x9, #1
	add	x9, x9, #2
	ret

	.balign 64
	.globl step_target_xpaclri
step_target_xpaclri:
	mov	x9, #1
	hint	#7			/* xpaclri: steppable, never simulated */
	add	x9, x9, #1
	add	x9, x9, #2
	ret

	.balign 64
	.globl step_target_stp
step_target_stp:
	mov	x9, #1
	stp	x29, x30, [sp, #-16]!
	ldp	x29, x30, [sp], #16
	add	x9, x9, #2
	ret

	.section .note.GNU-stack, "", %progbits
