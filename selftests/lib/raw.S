/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * raw_enter(block): save the C caller's state in raw_ctx and its frame,
 * then branch to @block (raw.h); the block branches to raw_exit when it is
 * done, which restores that state and returns to raw_enter()'s caller.
 * The offsets are those of struct raw_ctx, checked in raw.c.
 */
#define CTX_EXIT	528
#define CTX_CSP		536
#define CTX_TPIDR	544

	.text
	.balign 4
	.global raw_enter
	.type raw_enter, %function
raw_enter:
	stp	x29, x30, [sp, #-96]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]

	adrp	x1, raw_ctx
	add	x1, x1, :lo12:raw_ctx
	mov	x2, sp
	str	x2, [x1, #CTX_CSP]
	mrs	x2, tpidr_el0
	str	x2, [x1, #CTX_TPIDR]
	adr	x2, raw_exit
	str	x2, [x1, #CTX_EXIT]
	br	x0

	.global raw_exit
raw_exit:
	adrp	x0, raw_ctx
	add	x0, x0, :lo12:raw_ctx
	ldr	x1, [x0, #CTX_TPIDR]
	msr	tpidr_el0, x1
	ldr	x1, [x0, #CTX_CSP]
	mov	sp, x1
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
	.size raw_enter, . - raw_enter

	.section .note.GNU-stack, "", %progbits
