/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running one instruction from a complete register state: every GPR
 * x0-x30, SP and NZCV, none of them taken by a call or a return.
 *
 * A block (raw_block_emit()) is position-independent code that runs one
 * instruction: raw_enter() (trampoline.S) saves what C needs (the
 * callee-saved registers, SP, LR and TPIDR_EL0), loads every register but
 * x30 from run_ctx.in and branches to the block with x30; the block loads
 * x30 from run_ctx.in itself, executes the instruction, parks x0 in
 * TPIDR_EL0 and branches to run_store, which stores the whole state to
 * run_ctx.out, restores the C caller's and returns. The addresses of
 * run_ctx.in.x[30] and run_store are built into the block with MOVZ/MOVK.
 */
#ifndef PROBESIM_SELFTEST_RAW_H
#define PROBESIM_SELFTEST_RAW_H

#include <stdint.h>
#include "oracle.h"

/* trampoline.S: run the block at run_ctx.entry; it branches to run_store. */
void raw_enter(void);
extern const char run_store[];

/* Words in a block, and the index of the instruction in it. */
#define RAW_BLOCK_WORDS	16
#define RAW_BLOCK_INSN	5

/* Write the block that runs @insn to @block (RAW_BLOCK_WORDS words). */
void raw_block_emit(uint32_t *block, uint32_t insn);

/* Run the block at @block from @in; the state it ends in goes to @out. */
void raw_run(const void *block, const struct cpu_state *in, struct cpu_state *out);

#endif
