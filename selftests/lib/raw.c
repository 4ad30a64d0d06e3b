// SPDX-License-Identifier: GPL-2.0-only
/* Blocks that run one instruction from a complete register state. */
#include <stddef.h>
#include <string.h>
#include "raw.h"

/* Shared with raw.S, which hard-codes these offsets. */
_Static_assert(offsetof(struct raw_ctx, out) == 264, "raw block CTX_OUT");
_Static_assert(offsetof(struct raw_ctx, exit) == 528, "raw.S CTX_EXIT");
_Static_assert(offsetof(struct raw_ctx, c_sp) == 536, "raw.S CTX_CSP");
_Static_assert(offsetof(struct raw_ctx, tpidr) == 544, "raw.S CTX_TPIDR");
_Static_assert(offsetof(struct cpu_state, sp) == 248, "raw block ST_SP");
_Static_assert(offsetof(struct cpu_state, nzcv) == 256, "raw block ST_NZCV");

struct raw_ctx raw_ctx;
void raw_enter(const void *block);

#define ST_SP		248
#define ST_NZCV		256
#define OUT_TO_EXIT	(offsetof(struct raw_ctx, exit) - offsetof(struct raw_ctx, out))

/* The few A64 encodings a block is made of; 31 is SP or XZR as each says. */
static uint32_t movz(unsigned int rd, unsigned int imm16, unsigned int hw)
{
	return 0xd2800000U | hw << 21 | imm16 << 5 | rd;
}

static uint32_t movk(unsigned int rd, unsigned int imm16, unsigned int hw)
{
	return 0xf2800000U | hw << 21 | imm16 << 5 | rd;
}

/* LDR/STR Xt, [Xn|SP, #off]: @off a multiple of 8 below 32768. */
static uint32_t ldr(unsigned int rt, unsigned int rn, unsigned int off)
{
	return 0xf9400000U | (off / 8) << 10 | rn << 5 | rt;
}

static uint32_t str(unsigned int rt, unsigned int rn, unsigned int off)
{
	return 0xf9000000U | (off / 8) << 10 | rn << 5 | rt;
}

/* LDP/STP Xt, Xt2, [Xn|SP, #off]: @off a multiple of 8 below 512. */
static uint32_t ldp(unsigned int rt, unsigned int rt2, unsigned int rn, unsigned int off)
{
	return 0xa9400000U | (off / 8) << 15 | rt2 << 10 | rn << 5 | rt;
}

static uint32_t stp(unsigned int rt, unsigned int rt2, unsigned int rn, unsigned int off)
{
	return 0xa9000000U | (off / 8) << 15 | rt2 << 10 | rn << 5 | rt;
}

/* MOV between SP and a GPR: ADD Xd|SP, Xn|SP, #0. */
static uint32_t mov_sp(unsigned int rd, unsigned int rn)
{
	return 0x91000000U | rn << 5 | rd;
}

#define MSR_NZCV(rt)	(0xd51b4200U | (rt))
#define MRS_NZCV(rt)	(0xd53b4200U | (rt))
#define MSR_TPIDR(rt)	(0xd51bd040U | (rt))
#define MRS_TPIDR(rt)	(0xd53bd040U | (rt))
#define BR(rn)		(0xd61f0000U | (rn) << 5)

/* MOVZ/MOVK of a 64-bit address into @rd: four words. */
static uint32_t *emit_address(uint32_t *p, unsigned int rd, const void *addr)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;
	unsigned int hw;

	*p++ = movz(rd, a & 0xffff, 0);
	for (hw = 1; hw < 4; hw++)
		*p++ = movk(rd, (a >> (16 * hw)) & 0xffff, hw);
	return p;
}

void raw_block_emit(uint32_t *block, uint32_t insn)
{
	uint32_t *p = block;
	unsigned int r;

	/* x30 addresses the input while everything else is loaded. */
	p = emit_address(p, 30, &raw_ctx.in);
	*p++ = ldr(0, 30, ST_SP);
	*p++ = mov_sp(31, 0);
	*p++ = ldr(0, 30, ST_NZCV);
	*p++ = MSR_NZCV(0);
	for (r = 0; r < 30; r += 2)
		*p++ = ldp(r, r + 1, 30, r * 8);
	*p++ = ldr(30, 30, 30 * 8);
	/* p - block == RAW_BLOCK_INSN */
	*p++ = insn;
	/* Nothing from here on sets flags: NZCV is still the instruction's. */
	*p++ = MSR_TPIDR(0);
	p = emit_address(p, 0, &raw_ctx.out);
	for (r = 1; r < 31; r += 2)
		*p++ = stp(r, r + 1, 0, r * 8);
	*p++ = MRS_TPIDR(1);
	*p++ = str(1, 0, 0);
	*p++ = mov_sp(1, 31);
	*p++ = str(1, 0, ST_SP);
	*p++ = MRS_NZCV(1);
	*p++ = str(1, 0, ST_NZCV);
	*p++ = ldr(1, 0, OUT_TO_EXIT);
	*p++ = BR(1);
	/* The rest is UDF #0. */
	memset(p, 0, (RAW_BLOCK_WORDS - (p - block)) * sizeof(*p));
}

void raw_run(const void *block, const struct cpu_state *in, struct cpu_state *out)
{
	raw_ctx.in = *in;
	raw_enter(block);
	*out = raw_ctx.out;
}
