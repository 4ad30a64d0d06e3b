// SPDX-License-Identifier: GPL-2.0-only
/* Blocks that run one instruction from a complete register state. */
#include <string.h>
#include "raw.h"

static uint32_t movz(unsigned int rd, unsigned int imm16, unsigned int hw)
{
	return 0xd2800000U | hw << 21 | imm16 << 5 | rd;
}

static uint32_t movk(unsigned int rd, unsigned int imm16, unsigned int hw)
{
	return 0xf2800000U | hw << 21 | imm16 << 5 | rd;
}

/* LDR Xt, [Xn, #off]: @off a multiple of 8 below 32768. */
static uint32_t ldr(unsigned int rt, unsigned int rn, unsigned int off)
{
	return 0xf9400000U | (off / 8) << 10 | rn << 5 | rt;
}

#define MSR_TPIDR(rt)	(0xd51bd040U | (rt))
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

	/* Every register but x30 holds its input already. */
	p = emit_address(p, 30, &run_ctx.in.x[30]);
	*p++ = ldr(30, 30, 0);
	/* p - block == RAW_BLOCK_INSN */
	*p++ = insn;
	/* Nothing from here on sets flags: NZCV is still the instruction's. */
	*p++ = MSR_TPIDR(0);
	p = emit_address(p, 0, run_store);
	*p++ = BR(0);
	/* The rest is UDF #0. */
	memset(p, 0, (RAW_BLOCK_WORDS - (p - block)) * sizeof(*p));
}

void raw_run(const void *block, const struct cpu_state *in, struct cpu_state *out)
{
	run_ctx.in = *in;
	run_ctx.entry = (uintptr_t)block;
	raw_enter();
	*out = run_ctx.out;
}
