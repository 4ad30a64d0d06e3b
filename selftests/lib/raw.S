/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * raw_enter(block): save the C caller's state in raw_ctx and its frame,
 * load every register but x30 from raw_ctx.in and branch to @block with
 * x30 (raw.h). The block loads x30 itself, executes its instruction,
 * parks x0 in TPIDR_EL0 and branches to raw_store, which stores the whole
 * state to raw_ctx.out and returns to raw_enter()'s caller. The offsets
 * are those of struct raw_ctx, checked in raw.c.
 */
#define CTX_IN		0
#define CTX_OUT		264
#define CTX_ENTRY	528
#define CTX_CSP		536
#define CTX_TPIDR	544
#define ST_SP		248
#define ST_NZCV		256

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
	ldp	x0, x1, [x30, #CTX_IN + 0]
	ldp	x2, x3, [x30, #CTX_IN + 16]
	ldp	x4, x5, [x30, #CTX_IN + 32]
	ldp	x6, x7, [x30, #CTX_IN + 48]
	ldp	x8, x9, [x30, #CTX_IN + 64]
	ldp	x10, x11, [x30, #CTX_IN + 80]
	ldp	x12, x13, [x30, #CTX_IN + 96]
	ldp	x14, x15, [x30, #CTX_IN + 112]
	ldp	x16, x17, [x30, #CTX_IN + 128]
	ldp	x18, x19, [x30, #CTX_IN + 144]
	ldp	x20, x21, [x30, #CTX_IN + 160]
	ldp	x22, x23, [x30, #CTX_IN + 176]
	ldp	x24, x25, [x30, #CTX_IN + 192]
	ldp	x26, x27, [x30, #CTX_IN + 208]
	ldp	x28, x29, [x30, #CTX_IN + 224]
	ldr	x30, [x30, #CTX_ENTRY]
	br	x30

	/* From a block: x0 is in TPIDR_EL0, NZCV still the instruction's. */
	.global raw_store
raw_store:
	adrp	x0, raw_ctx
	add	x0, x0, :lo12:raw_ctx
	add	x0, x0, #CTX_OUT
	stp	x1, x2, [x0, #8]
	stp	x3, x4, [x0, #24]
	stp	x5, x6, [x0, #40]
	stp	x7, x8, [x0, #56]
	stp	x9, x10, [x0, #72]
	stp	x11, x12, [x0, #88]
	stp	x13, x14, [x0, #104]
	stp	x15, x16, [x0, #120]
	stp	x17, x18, [x0, #136]
	stp	x19, x20, [x0, #152]
	stp	x21, x22, [x0, #168]
	stp	x23, x24, [x0, #184]
	stp	x25, x26, [x0, #200]
	stp	x27, x28, [x0, #216]
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
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
	.size raw_enter, . - raw_enter

	.section .note.GNU-stack, "", %progbits
