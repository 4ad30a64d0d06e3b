/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * raw_enter(block): save the C caller's state in raw_ctx and its frame,
 * load every register but x30 from raw_ctx.in and branch to @block with
 * x30 (raw.h). The block loads x30 itself, executes its instruction,
 * parks x0 in TPIDR_EL0 and branches to raw_store, which stores the whole
 * state to raw_ctx.out and returns to raw_enter()'s caller. The offsets
 * are those of struct raw_ctx, checked in raw.c.
 */
#include "state_asm.inc"

#define CTX_IN		0
#define CTX_OUT		264
#define CTX_ENTRY	528
#define CTX_CSP		536
#define CTX_TPIDR	544

	.text
	.balign 4
	.global raw_enter
	.type raw_enter, %function
raw_enter:
	push_c_frame

	adrp	x30, raw_ctx
	add	x30, x30, :lo12:raw_ctx
	mov	x1, sp
	str	x1, [x30, #CTX_CSP]
	mrs	x1, tpidr_el0
	str	x1, [x30, #CTX_TPIDR]
	str	x0, [x30, #CTX_ENTRY]

	ldr	x0, [x30, #CTX_IN + ST_SP]
	mov	sp, x0
	ldr	x0, [x30, #CTX_IN + ST_NZCV]
	msr	nzcv, x0
	/* CTX_IN is 0: raw_ctx.in is at x30. */
	x1_x28 ldp, x30
	ldr	x29, [x30, #232]
	ldr	x0, [x30]
	ldr	x30, [x30, #CTX_ENTRY]
	br	x30

	/* From a block: x0 is in TPIDR_EL0, NZCV still the instruction's. */
	.global raw_store
raw_store:
	adrp	x0, raw_ctx
	add	x0, x0, :lo12:raw_ctx
	add	x0, x0, #CTX_OUT
	x1_x28 stp, x0
	stp	x29, x30, [x0, #232]
	mrs	x1, tpidr_el0
	str	x1, [x0]
	mov	x1, sp
	str	x1, [x0, #ST_SP]
	mrs	x1, nzcv
	str	x1, [x0, #ST_NZCV]

	sub	x0, x0, #CTX_OUT
	ldr	x1, [x0, #CTX_TPIDR]
	msr	tpidr_el0, x1
	ldr	x1, [x0, #CTX_CSP]
	mov	sp, x1
	pop_c_frame_ret
	.size raw_enter, . - raw_enter

	.section .note.GNU-stack, "", %progbits
