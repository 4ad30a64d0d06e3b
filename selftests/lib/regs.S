/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * oracle_enter(): run the code at oracle_ctx.entry from the register state
 * oracle_ctx.in and record the state it returns with in oracle_ctx.out
 * (struct oracle_ctx in oracle.c; the offsets are checked there).
 *
 * Every GPR but x30 is loaded from the input; x30 carries the call (BLR),
 * so that the code starts like a function called from C: x30 holds the
 * return address and PSTATE.BTYPE is that of a BLR. On return no
 * register is free, so x0 is parked in TPIDR_EL0 for the few instructions
 * it takes to find oracle_ctx; nothing runs there that uses TLS.
 */
#define CTX_IN		0
#define CTX_ENTRY	264
#define CTX_OUT		272
#define CTX_CSP		536
#define CTX_TPIDR	544
#define ST_SP		248
#define ST_NZCV		256

	.text
	.balign 4
	.global oracle_enter
	.type oracle_enter, %function
oracle_enter:
	stp	x29, x30, [sp, #-96]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]

	adrp	x0, oracle_ctx
	add	x0, x0, :lo12:oracle_ctx
	mov	x1, sp
	str	x1, [x0, #CTX_CSP]
	mrs	x1, tpidr_el0
	str	x1, [x0, #CTX_TPIDR]

	ldr	x1, [x0, #CTX_IN + ST_NZCV]
	msr	nzcv, x1
	ldr	x1, [x0, #CTX_IN + ST_SP]
	mov	sp, x1
	ldr	x30, [x0, #CTX_ENTRY]
	ldp	x1, x2, [x0, #8]
	ldp	x3, x4, [x0, #24]
	ldp	x5, x6, [x0, #40]
	ldp	x7, x8, [x0, #56]
	ldp	x9, x10, [x0, #72]
	ldp	x11, x12, [x0, #88]
	ldp	x13, x14, [x0, #104]
	ldp	x15, x16, [x0, #120]
	ldp	x17, x18, [x0, #136]
	ldp	x19, x20, [x0, #152]
	ldp	x21, x22, [x0, #168]
	ldp	x23, x24, [x0, #184]
	ldp	x25, x26, [x0, #200]
	ldp	x27, x28, [x0, #216]
	ldr	x29, [x0, #232]
	ldr	x0, [x0]
	blr	x30

	.global oracle_return
oracle_return:
	/* Nothing below sets flags: NZCV is still the code's. */
	msr	tpidr_el0, x0
	adrp	x0, oracle_ctx
	add	x0, x0, :lo12:oracle_ctx
	add	x0, x0, #CTX_OUT
	str	x30, [x0, #240]
	mrs	x30, tpidr_el0
	str	x30, [x0]
	mrs	x30, nzcv
	str	x30, [x0, #ST_NZCV]
	mov	x30, sp
	str	x30, [x0, #ST_SP]
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
	str	x29, [x0, #232]

	ldr	x1, [x0, #CTX_TPIDR - CTX_OUT]
	msr	tpidr_el0, x1
	ldr	x1, [x0, #CTX_CSP - CTX_OUT]
	mov	sp, x1
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
	.size oracle_enter, . - oracle_enter

	.section .note.GNU-stack, "", %progbits
