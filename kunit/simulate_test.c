// SPDX-License-Identifier: GPL-2.0-only
/*
 * The register side of the simulation, on a synthetic pt_regs: what
 * probesim_simulate_nop() does to PC and PSTATE, the SP a simulated push
 * writes back, and which values it stores for Rt and Rt2. The memory side
 * of STP needs a user address space and is covered by the selftests.
 */
#include <linux/string.h>
#include <asm/ptrace.h>
#include "probesim_kunit.h"
#include "../module/probesim.h"

/* x0..x30 get values that are neither zero nor SP, nor equal to another. */
#define REG_BASE	0x5a5a5a5a00000000ULL
#define SYNTH_SP	0x0000ffffdead0000ULL

static void synth_regs(struct pt_regs *regs, u64 pc, u64 pstate)
{
	unsigned int i;

	/* Also fills the fields the tests do not name, padding included. */
	memset(regs, 0xa5, sizeof(*regs));
	for (i = 0; i < ARRAY_SIZE(regs->regs); i++)
		regs->regs[i] = REG_BASE | i;
	regs->sp = SYNTH_SP;
	regs->pc = pc;
	regs->pstate = pstate;
}

/*
 * PSTATE.BTYPE is bits 11:10. Every instruction other than a branch
 * leaves it zero; nothing else in PSTATE may change, and PC moves to the
 * next instruction. The expected values are spelled out per row.
 */
struct nop_case {
	const char *why;
	u64 pc, pc_after;
	u64 pstate, pstate_after;
};

static const struct nop_case nop_cases[] = {
	{ "EL0t NZCV btype=0", 0x0000aaaaaaab0000, 0x0000aaaaaaab0004,
	  0x00000000f0000000, 0x00000000f0000000 },
	{ "EL0t NZCV btype=1", 0x0000aaaaaaab0000, 0x0000aaaaaaab0004,
	  0x00000000f0000400, 0x00000000f0000000 },
	{ "EL0t NZCV btype=2", 0x0000aaaaaaab0000, 0x0000aaaaaaab0004,
	  0x00000000f0000800, 0x00000000f0000000 },
	{ "EL0t NZCV btype=3", 0x0000aaaaaaab0000, 0x0000aaaaaaab0004,
	  0x00000000f0000c00, 0x00000000f0000000 },
	/* NZCV, TCO, DIT, SS, SSBS: SS stays, the task is not single-stepping. */
	{ "EL0t flags btype=0", 0x0000ffffb7ff0ffc, 0x0000ffffb7ff1000,
	  0x00000000f3201000, 0x00000000f3201000 },
	{ "EL0t flags btype=1", 0x0000ffffb7ff0ffc, 0x0000ffffb7ff1000,
	  0x00000000f3201400, 0x00000000f3201000 },
	{ "EL0t flags btype=2", 0x0000ffffb7ff0ffc, 0x0000ffffb7ff1000,
	  0x00000000f3201800, 0x00000000f3201000 },
	{ "EL0t flags btype=3", 0x0000ffffb7ff0ffc, 0x0000ffffb7ff1000,
	  0x00000000f3201c00, 0x00000000f3201000 },
	{ "all other bits set btype=0", 0x00000000fffffffc, 0x0000000100000000,
	  0xfffffffffffff3ff, 0xfffffffffffff3ff },
	{ "all other bits set btype=1", 0x00000000fffffffc, 0x0000000100000000,
	  0xfffffffffffff7ff, 0xfffffffffffff3ff },
	{ "all other bits set btype=2", 0x00000000fffffffc, 0x0000000100000000,
	  0xfffffffffffffbff, 0xfffffffffffff3ff },
	{ "all other bits set btype=3", 0x00000000fffffffc, 0x0000000100000000,
	  0xffffffffffffffff, 0xfffffffffffff3ff },
};

static void nop_desc(const struct nop_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: pstate %#llx -> %#llx", c->why,
		 c->pstate, c->pstate_after);
}

KUNIT_ARRAY_PARAM(nop, nop_cases, nop_desc);

static void simulate_nop(struct kunit *test)
{
	const struct nop_case *c = test->param_value;
	struct pt_regs regs, want;
	unsigned int i;

	synth_regs(&regs, c->pc, c->pstate);
	memcpy(&want, &regs, sizeof(want));
	want.pc = c->pc_after;
	want.pstate = c->pstate_after;

	probesim_simulate_nop(0xd503201f, c->pc, &regs);

	KUNIT_EXPECT_EQ_MSG(test, regs.pc, want.pc, "pc %#llx, expected %#llx",
			    regs.pc, want.pc);
	KUNIT_EXPECT_EQ_MSG(test, regs.pstate, want.pstate, "pstate %#llx, expected %#llx",
			    regs.pstate, want.pstate);
	for (i = 0; i < ARRAY_SIZE(regs.regs); i++)
		KUNIT_EXPECT_EQ_MSG(test, regs.regs[i], want.regs[i], "x%u changed", i);
	KUNIT_EXPECT_EQ_MSG(test, regs.sp, want.sp, "sp changed");
	KUNIT_EXPECT_EQ_MSG(test, memcmp(&regs, &want, sizeof(regs)), 0,
			    "pt_regs changed beyond pc and pstate");
}

/*
 * The SP that STP Xt, Xt2, [SP, #imm]! writes back, for each of the 128
 * values of imm7 and a few SPs, among them a tagged one and ones where
 * the sum wraps. Reference: imm7 is a signed count of doublewords, so
 * the new SP is SP + 8 * imm7, modulo 2^64.
 */
static const u64 writeback_sps[] = {
	0x0000fffffffff000,	/* top of a 48-bit user stack */
	0x0000ffffdead0000,
	0x0000000000000200,	/* SP - 512 == 0 */
	0x0000000000000000,	/* negative offsets wrap */
	0xfffffffffffffe10,	/* positive offsets wrap */
	0x5a00ffffeeee0000,	/* top-byte tag, kept in the written-back SP */
};

static void simulate_stp_new_sp_every_imm7(struct kunit *test)
{
	struct ptest_pair f = { .opc = 2, .mode = PTEST_PRE, .rt = 29, .rt2 = 30, .rn = 31 };
	unsigned int bad = 0, s;
	int imm7;

	for (s = 0; s < ARRAY_SIZE(writeback_sps); s++) {
		u64 sp = writeback_sps[s];

		for (imm7 = -64; imm7 <= 63; imm7++) {
			s64 offset = (s64)imm7 * 8, got_offset;
			u64 want = sp + (u64)offset, got;
			u32 code;

			f.imm7 = imm7;
			code = ptest_encode_pair(&f);
			got_offset = probesim_stp_offset(code);
			got = probesim_stp_target(code, sp);
			if (got_offset == offset && got == want)
				continue;
			KUNIT_FAIL(test, "%08x at sp %#llx: offset %lld sp %#llx, want %lld %#llx",
				   code, sp, got_offset, got, offset, want);
			if (++bad == 8)
				return;
		}
	}
}

/*
 * Which values a push stores: register 31 is XZR as a data register, and
 * must read as zero, not as SP (which follows x30 in pt_regs).
 */
struct source_case {
	const char *text;
	u32 code;
	u64 lo, hi;		/* stored at new SP and new SP + 8 */
};

static const struct source_case source_cases[] = {
	{ "stp x29, x30, [sp, #-16]!", 0xa9bf7bfd, 0x5a5a5a5a0000001d, 0x5a5a5a5a0000001e },
	{ "stp xzr, x1, [sp, #-16]!", 0xa9bf07ff, 0, 0x5a5a5a5a00000001 },
	{ "stp x0, xzr, [sp, #-16]!", 0xa9bf7fe0, 0x5a5a5a5a00000000, 0 },
	{ "stp xzr, xzr, [sp, #-16]!", 0xa9bf7fff, 0, 0 },
	{ "stp x30, x30, [sp, #-32]!", 0xa9be7bfe, 0x5a5a5a5a0000001e, 0x5a5a5a5a0000001e },
	{ "stp x0, x1, [sp, #504]!", 0xa99f87e0, 0x5a5a5a5a00000000, 0x5a5a5a5a00000001 },
};

static void source_desc(const struct source_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->code);
	ptest_desc_clean(desc);
}

KUNIT_ARRAY_PARAM(source, source_cases, source_desc);

static void simulate_stp_sources(struct kunit *test)
{
	const struct source_case *c = test->param_value;
	struct pt_regs regs;
	u64 lo, hi;

	KUNIT_ASSERT_EQ(test, probesim_decode(c->code), PROBESIM_STP_FAMILY);
	synth_regs(&regs, 0x0000aaaaaaab0000, 0);
	lo = probesim_xreg_or_zr(regs.regs, probesim_ldstp_rt(c->code));
	hi = probesim_xreg_or_zr(regs.regs, probesim_ldstp_rt2(c->code));
	KUNIT_EXPECT_EQ_MSG(test, lo, c->lo, "Rt: %#llx, expected %#llx", lo, c->lo);
	KUNIT_EXPECT_EQ_MSG(test, hi, c->hi, "Rt2: %#llx, expected %#llx", hi, c->hi);
}

/* Every register number as a data register: 0..30 are x0..x30, 31 is XZR. */
static void simulate_xreg_or_zr_every_register(struct kunit *test)
{
	struct pt_regs regs;
	unsigned int n;

	synth_regs(&regs, 0x0000aaaaaaab0000, 0);
	for (n = 0; n < 32; n++) {
		u64 want = n == 31 ? 0 : REG_BASE | n;

		KUNIT_EXPECT_EQ_MSG(test, probesim_xreg_or_zr(regs.regs, n), want,
				    "register %u", n);
	}
}

static struct kunit_case simulate_test_cases[] = {
	KUNIT_CASE_PARAM(simulate_nop, nop_gen_params),
	KUNIT_CASE(simulate_stp_new_sp_every_imm7),
	KUNIT_CASE_PARAM(simulate_stp_sources, source_gen_params),
	KUNIT_CASE(simulate_xreg_or_zr_every_register),
	{}
};

static struct kunit_suite simulate_suite = {
	.name = "probesim-simulate",
	.test_cases = simulate_test_cases,
};

kunit_test_suite(simulate_suite);
