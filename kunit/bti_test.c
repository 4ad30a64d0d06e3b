// SPDX-License-Identifier: GPL-2.0-only
/*
 * BTI landing pads: decode, the branch-target check for every variant,
 * every PSTATE.BTYPE and guarded or not, and the handler on an unguarded
 * page. The expected results are the Arm ARM's table (D8.4), written out
 * row by row rather than computed. A trap on a guarded page needs a user
 * address space: the selftests (bti.c) cover it.
 */
#include <linux/string.h>
#include <asm/ptrace.h>
#include "probesim_kunit.h"
#include "../module/probesim.h"

#define BTI	0xd503241fU
#define BTI_C	0xd503245fU
#define BTI_J	0xd503249fU
#define BTI_JC	0xd50324dfU
#define NOP	0xd503201fU
#define ADD	0x910003fdU	/* mov x29, sp */

static const struct ptest_btype_case bti_cases[] = {
	/* BTYPE 00: no indirect branch, nothing traps. */
	{ "bti", BTI, 0, true, false },
	{ "bti c", BTI_C, 0, true, false },
	{ "bti j", BTI_J, 0, true, false },
	{ "bti jc", BTI_JC, 0, true, false },
	{ "nop", NOP, 0, true, false },
	{ "mov x29, sp", ADD, 0, true, false },
	/* BTYPE 01: BR X16/X17, or BR from an unguarded page. */
	{ "bti", BTI, 1, true, true },
	{ "bti c", BTI_C, 1, true, false },
	{ "bti j", BTI_J, 1, true, false },
	{ "bti jc", BTI_JC, 1, true, false },
	{ "nop", NOP, 1, true, true },
	{ "mov x29, sp", ADD, 1, true, true },
	/* BTYPE 10: BLR. */
	{ "bti", BTI, 2, true, true },
	{ "bti c", BTI_C, 2, true, false },
	{ "bti j", BTI_J, 2, true, true },
	{ "bti jc", BTI_JC, 2, true, false },
	{ "nop", NOP, 2, true, true },
	{ "mov x29, sp", ADD, 2, true, true },
	/* BTYPE 11: BR from a guarded page through another register. */
	{ "bti", BTI, 3, true, true },
	{ "bti c", BTI_C, 3, true, true },
	{ "bti j", BTI_J, 3, true, false },
	{ "bti jc", BTI_JC, 3, true, false },
	{ "nop", NOP, 3, true, true },
	{ "mov x29, sp", ADD, 3, true, true },
	/* Unguarded pages: never. */
	{ "bti", BTI, 0, false, false },
	{ "bti c", BTI_C, 0, false, false },
	{ "bti j", BTI_J, 0, false, false },
	{ "bti jc", BTI_JC, 0, false, false },
	{ "nop", NOP, 0, false, false },
	{ "bti", BTI, 1, false, false },
	{ "bti c", BTI_C, 1, false, false },
	{ "bti j", BTI_J, 1, false, false },
	{ "bti jc", BTI_JC, 1, false, false },
	{ "nop", NOP, 1, false, false },
	{ "bti", BTI, 2, false, false },
	{ "bti c", BTI_C, 2, false, false },
	{ "bti j", BTI_J, 2, false, false },
	{ "bti jc", BTI_JC, 2, false, false },
	{ "nop", NOP, 2, false, false },
	{ "bti", BTI, 3, false, false },
	{ "bti c", BTI_C, 3, false, false },
	{ "bti j", BTI_J, 3, false, false },
	{ "bti jc", BTI_JC, 3, false, false },
	{ "nop", NOP, 3, false, false },
};

KUNIT_ARRAY_PARAM(bti, bti_cases, ptest_btype_desc);

static void bti_check(struct kunit *test)
{
	ptest_check_btype(test, test->param_value);
}

/* The words of the four variants are the BTI family, and nothing next to them. */
static const struct ptest_insn_case bti_decode_cases[] = {
	{ "BTI", "bti", BTI, PROBESIM_BTI_FAMILY },
	{ "BTI c", "bti c", BTI_C, PROBESIM_BTI_FAMILY },
	{ "BTI j", "bti j", BTI_J, PROBESIM_BTI_FAMILY },
	{ "BTI jc", "bti jc", BTI_JC, PROBESIM_BTI_FAMILY },
	{ "odd op2 next to BTI", "hint #0x21", 0xd503243f, PROBESIM_NONE },
	{ "odd op2 next to BTI jc", "hint #0x27", 0xd50324ff, PROBESIM_NONE },
	{ "BTI with CRm 0101", "hint #0x28 (chkfeat x16)", 0xd503251f, PROBESIM_NONE },
};

KUNIT_ARRAY_PARAM(bti_decode, bti_decode_cases, ptest_insn_desc);

static void bti_decoded(struct kunit *test)
{
	ptest_check_decode(test, test->param_value);
}

/*
 * The handler on an unguarded page (a kernel thread has no user pages):
 * every variant with every BTYPE runs as a NOP, PC + 4 and BTYPE cleared.
 */
static void bti_handler_unguarded(struct kunit *test)
{
	static const u32 variants[] = { BTI, BTI_C, BTI_J, BTI_JC };
	struct pt_regs regs;
	unsigned int v, btype;

	for (v = 0; v < ARRAY_SIZE(variants); v++)
		for (btype = 0; btype < 4; btype++) {
			memset(&regs, 0, sizeof(regs));
			regs.pc = 0x0000aaaaaaab0ffc;
			regs.pstate = 0x60000000 | btype << 10;
			probesim_simulate_bti(variants[v], regs.pc, &regs);
			KUNIT_EXPECT_EQ_MSG(test, regs.pc, 0x0000aaaaaaab1000ULL,
					    "%08x btype %u", variants[v], btype);
			KUNIT_EXPECT_EQ_MSG(test, regs.pstate, 0x60000000ULL,
					    "%08x btype %u", variants[v], btype);
		}
}

static struct kunit_case bti_test_cases[] = {
	KUNIT_CASE_PARAM(bti_check, bti_gen_params),
	KUNIT_CASE_PARAM(bti_decoded, bti_decode_gen_params),
	KUNIT_CASE(bti_handler_unguarded),
	{}
};

static struct kunit_suite bti_suite = {
	.name = "probesim-bti",
	.test_cases = bti_test_cases,
};

kunit_test_suite(bti_suite);
