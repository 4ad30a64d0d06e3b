/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The two ways to run code from a complete register state, run_ctx.in
 * (struct run_ctx in oracle.h; its offsets are checked in oracle.c):
 *
 * - oracle_enter() calls run_ctx.entry with BLR, so that the code starts
 *   like a function called from C: x30 holds the return address and
 *   PSTATE.BTYPE is that of a call. The code returns to oracle_return.
 * - raw_enter() branches to a block (raw.h) with x30, which the block
 *   then loads from run_ctx.in itself: all 31 GPRs are the input's. The
 *   block parks x0 in TPIDR_EL0 and branches to run_store.
 *
 * Either way the state the code ends in goes to run_ctx.out. On the way
 * back no register is free, so x0 waits in TPIDR_EL0 for the few
 * instructions it takes to find run_ctx; nothing runs there that uses
 * TLS, and nothing there sets flags, so NZCV is still the code's.
 */

#define ST_SP		248
#define ST_NZCV		256

#define CTX_IN		0
#define CTX_OUT		264
#define CTX_ENTRY	528
#define CTX_CSP		536
#define CTX_TPIDR	544

/* x1-x28 and the cpu_state at \base + \off, pair by pair: \op is ldp or stp. */
.macro x1_x28 op, base, off
	\op	x1, x2, [\base, #\off + 8]
	\op	x3, x4, [\base, #\off + 24]
	\op	x5, x6, [\base, #\off + 40]
	\op	x7, x8, [\base, #\off + 56]
	\op	x9, x10, [\base, #\off + 72]
	\op	x11, x12, [\base, #\off + 88]
	\op	x13, x14, [\base, #\off + 104]
	\op	x15, x16, [\base, #\off + 120]
	\op	x17, x18, [\base, #\off + 136]
	\op	x19, x20, [\base, #\off + 152]
	\op	x21, x22, [\base, #\off + 168]
	\op	x23, x24, [\base, #\off + 184]
	\op	x25, x26, [\base, #\off + 200]
	\op	x27, x28, [\base, #\off + 216]
.endm

/* The C caller's x19-x28, above its frame record at SP: \op is ldp or stp. */
.macro x19_x28 op
	\op	x19, x20, [sp, #16]
	\op	x21, x22, [sp, #32]
	\op	x23, x24, [sp, #48]
	\op	x25, x26, [sp, #64]
	\op	x27, x28, [sp, #80]
.endm

/*
 * Save what the C caller needs back (its frame record, x19-x28, SP and
 * TPIDR_EL0), load the input state and branch to run_ctx.entry with
 * \branch (br or blr) through x30.
 */
.macro enter_from_c name, branch
	.global \name
	.type \name, %function
\name:
	stp	x29, x30, [sp, #-96]!
	mov	x29, sp
	x19_x28 stp

	adrp	x30, run_ctx
	add	x30, x30, :lo12:run_ctx
	mov	x1, sp
	str	x1, [x30, #CTX_CSP]
	mrs	x1, tpidr_el0
	str	x1, [x30, #CTX_TPIDR]

	ldr	x0, [x30, #CTX_IN + ST_SP]
	mov	sp, x0
	ldr	x0, [x30, #CTX_IN + ST_NZCV]
	msr	nzcv, x0
	x1_x28 ldp, x30, CTX_IN
	ldr	x29, [x30, #CTX_IN + 232]
	ldr	x0, [x30, #CTX_IN]
	ldr	x30, [x30, #CTX_ENTRY]
	\branch	x30
.endm

	.text
	.balign 4
	enter_from_c raw_enter, br
	.size raw_enter, . - raw_enter

	enter_from_c oracle_enter, blr
	.global oracle_return
oracle_return:
	msr	tpidr_el0, x0

	/* From a block, or from oracle_return: x0 is in TPIDR_EL0. */
	.global run_store
run_store:
	adrp	x0, run_ctx
	add	x0, x0, :lo12:run_ctx
	x1_x28 stp, x0, CTX_OUT
	stp	x29, x30, [x0, #CTX_OUT + 232]
	mrs	x1, tpidr_el0
	str	x1, [x0, #CTX_OUT]
	mov	x1, sp
	str	x1, [x0, #CTX_OUT + ST_SP]
	mrs	x1, nzcv
	str	x1, [x0, #CTX_OUT + ST_NZCV]

	ldr	x1, [x0, #CTX_TPIDR]
	msr	tpidr_el0, x1
	ldr	x1, [x0, #CTX_CSP]
	mov	sp, x1
	x19_x28 ldp
	ldp	x29, x30, [sp], #96
	ret
	.size oracle_enter, . - oracle_enter

	.section .note.GNU-stack, "", %progbits
