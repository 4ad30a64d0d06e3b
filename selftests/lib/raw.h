/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running one instruction from a complete register state: every GPR
 * x0-x30, SP and NZCV, none of them taken by a call or a return.
 *
 * A block (raw_block_emit()) is position-independent code that loads the
 * whole state from raw_ctx.in, executes the instruction, and stores the
 * whole state to raw_ctx.out; both addresses are built into the block
 * with MOVZ/MOVK. raw_enter() (raw.S) saves what C needs (the callee-saved
 * registers, SP, LR and TPIDR_EL0) and branches to the block; the block
 * ends with a branch to raw_exit, which restores them and returns. Between
 * the instruction and the stores no register is free, so x0 is parked in
 * TPIDR_EL0 for a moment: nothing runs there that uses TLS.
 */
#ifndef PROBESIM_SELFTEST_RAW_H
#define PROBESIM_SELFTEST_RAW_H

#include <stdint.h>
#include "oracle.h"

struct raw_ctx {
	struct cpu_state in, out;
	uint64_t exit;		/* raw_exit: where a block branches when done */
	uint64_t c_sp;		/* raw_enter()'s frame */
	uint64_t tpidr;
};

extern struct raw_ctx raw_ctx;

/* Words in a block, and the index of the instruction in it. */
#define RAW_BLOCK_WORDS	64
#define RAW_BLOCK_INSN	24

/* Write the block that runs @insn to @block (RAW_BLOCK_WORDS words). */
void raw_block_emit(uint32_t *block, uint32_t insn);

/* Run the block at @block from @in; the state it ends in goes to @out. */
void raw_run(const void *block, const struct cpu_state *in, struct cpu_state *out);

#endif
