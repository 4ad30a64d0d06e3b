// SPDX-License-Identifier: GPL-2.0-only
/*
 * The module's families (module/families.h), which the kernel tree does
 * not have: each family's name, which debugfs probesim/stats and the logs
 * print and tools parse; that probesim_decode() maps at least one
 * instruction word to every family, NOP included (the module brings it to
 * kernels before 6.13), a landing pad only to a family marked as one; and
 * that words no family takes are NONE. Every family needs its row: one
 * missing fails as that family. Linked into probesim_test.ko with
 * module/probes/simulate-insn-kunit.c, whose MODULE_* lines cover it.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include "../module/family.h"

/* A word of a family and what the family is called. */
struct family_case {
	const char *name;
	const char *text;	/* objdump's text, without '#' */
	u32 insn;
};

/*
 * One row per family of families.h, at the family's index less one (NONE
 * has none): a family added without a row here leaves a hole, which the
 * test reports as that family's failure.
 */
#define FAMILY_CASE(id, name, text, insn) \
	[PROBESIM_##id##_FAMILY - 1] = { name, text, insn }

static const struct family_case family_cases[PROBESIM_NR_FAMILIES - 1] = {
	FAMILY_CASE(NOP, "nop", "nop", 0xd503201f),
#ifdef PROBESIM_WITH_ALU
	FAMILY_CASE(LOGIC_IMM, "logic_imm", "and w9, w2, 0xff", 0x12001c49),
	FAMILY_CASE(ADDSUB_IMM, "addsub_imm", "sub sp, sp, 0x40", 0xd10103ff),
	FAMILY_CASE(MOVEWIDE, "movewide", "movk x3, 0xbeef, lsl 48", 0xf2f7dde3),
	FAMILY_CASE(LOGIC_REG, "logic_reg", "mov w0, w30", 0x2a1e03e0),
	FAMILY_CASE(ADDSUB_REG, "addsub_reg", "subs x0, x1, x2, asr 7", 0xeb821c20),
#endif
#ifdef PROBESIM_WITH_BTI
	FAMILY_CASE(BTI, "bti", "bti c", 0xd503245f),
#endif
#ifdef PROBESIM_WITH_PAC
	FAMILY_CASE(PAC, "pac", "paciasp", 0xd503233f),
#endif
#ifdef PROBESIM_WITH_STP
	FAMILY_CASE(STP, "stp", "stp x29, x30, [sp, -16]!", 0xa9bf7bfd),
#endif
};

static void family_case_desc(const struct family_case *c, char *desc)
{
	if (c->name)
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: %s [%08x]", c->name, c->text, c->insn);
	else
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "a family without a row");
}

KUNIT_ARRAY_PARAM(family, family_cases, family_case_desc);

static void probesim_family_test(struct kunit *test)
{
	const struct family_case *c = test->param_value;
	enum probesim_family family = c - family_cases + 1;
	enum probesim_family got;

	KUNIT_ASSERT_NOT_NULL_MSG(test, c->name, "family %u (%s) has no row in family_cases",
				  family, probesim_family_name(family));
	got = probesim_decode(c->insn);
	KUNIT_EXPECT_STREQ(test, probesim_family_name(family), c->name);
	KUNIT_EXPECT_EQ_MSG(test, got, family, "%08x (%s) is family %s, expected %s",
			    c->insn, c->text, probesim_family_name(got), c->name);
}

/* Words no family takes: other hints, branches, loads, the push's neighbours. */
static const struct family_case none_cases[] = {
	{ "none", "yield", 0xd503203f },
	{ "none", "wfe", 0xd503205f },
	{ "none", "hint 0x21", 0xd503243f },
	{ "none", "paciaz", 0xd503231f },
	{ "none", "autiasp", 0xd50323bf },
	{ "none", "b .", 0x14000000 },
	{ "none", "bl .", 0x94000000 },
	{ "none", "blr x0", 0xd63f0000 },
	{ "none", "br x16", 0xd61f0200 },
	{ "none", "ret", 0xd65f03c0 },
	{ "none", "adr x0, .", 0x10000000 },
	{ "none", "adc x0, x1, x2", 0x9a020020 },
	{ "none", "addg x0, x1, 0x10, 0x1", 0x91810420 },
	{ "none", "ldp x29, x30, [sp], 16", 0xa8c17bfd },
	{ "none", "stp x29, x30, [sp], -16", 0xa8bf7bfd },
	{ "none", "stgp x0, x1, [sp, -16]!", 0x69bf87e0 },
	{ "none", "str x30, [sp, -16]!", 0xf81f0ffe },
	{ "none", "brk 0x5", 0xd42000a0 },
	{ "none", "udf 0", 0x00000000 },
};

KUNIT_ARRAY_PARAM(none, none_cases, family_case_desc);

static void probesim_family_none_test(struct kunit *test)
{
	const struct family_case *c = test->param_value;
	enum probesim_family got = probesim_decode(c->insn);

	KUNIT_EXPECT_EQ_MSG(test, got, PROBESIM_NONE, "%08x (%s) is family %s",
			    c->insn, c->text, probesim_family_name(got));
}

/* NONE, and anything out of range, is "none". */
static void probesim_family_none_name_test(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, probesim_family_name(PROBESIM_NONE), "none");
	KUNIT_EXPECT_STREQ(test, probesim_family_name(PROBESIM_NR_FAMILIES), "none");
	KUNIT_EXPECT_STREQ(test, probesim_family_name((enum probesim_family)-1), "none");
}

static struct kunit_case probesim_family_test_cases[] = {
	KUNIT_CASE_PARAM(probesim_family_test, family_gen_params),
	KUNIT_CASE_PARAM(probesim_family_none_test, none_gen_params),
	KUNIT_CASE(probesim_family_none_name_test),
	{}
};

static struct kunit_suite probesim_family_test_suite = {
	.name = "probesim-family",
	.test_cases = probesim_family_test_cases,
};

kunit_test_suite(probesim_family_test_suite);
