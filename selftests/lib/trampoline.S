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
#include "state_asm.inc"

#define CTX_IN		0
#define CTX_ENTRY	264
#define CTX_OUT		272
#define CTX_CSP		536
#define CTX_TPIDR	544

	.text
	.balign 4
	.global oracle_enter
	.type oracle_enter, %function
oracle_enter:
	push_c_frame

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
	/* CTX_IN is 0: oracle_ctx.in is at x0. */
	x1_x28 ldp, x0
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
	x1_x28 stp, x0
	str	x29, [x0, #232]

	ldr	x1, [x0, #CTX_TPIDR - CTX_OUT]
	msr	tpidr_el0, x1
	ldr	x1, [x0, #CTX_CSP - CTX_OUT]
	mov	sp, x1
	pop_c_frame_ret
	.size oracle_enter, . - oracle_enter

	.section .note.GNU-stack, "", %progbits
