// SPDX-License-Identifier: GPL-2.0-only
/*
 * The module's families (module/families.h), which the kernel tree does
 * not have: each family's name, which debugfs probesim/stats and the logs
 * print and tools parse; that probesim_decode() maps at least one
 * instruction word to every family, NOP included (the module brings it to
 * kernels before 6.13), a landing pad only to a family marked as one; and
 * that words no family takes are NONE. Linked
 * into probesim_test.ko with module/probes/simulate-insn-kunit.c, whose
 * MODULE_* lines cover it.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include "../module/family.h"

/* A family, its name, and a word of it: objdump's text, without '#'. */
struct family_case {
	enum probesim_family family;
	const char *name;
	const char *text;
	u32 insn;
};

static const struct family_case family_cases[] = {
	{ PROBESIM_NOP_FAMILY, "nop", "nop", 0xd503201f },
#ifdef PROBESIM_WITH_ALU
	{ PROBESIM_LOGIC_IMM_FAMILY, "logic_imm", "and w9, w2, 0xff", 0x12001c49 },
	{ PROBESIM_ADDSUB_IMM_FAMILY, "addsub_imm", "sub sp, sp, 0x40", 0xd10103ff },
	{ PROBESIM_MOVEWIDE_FAMILY, "movewide", "movk x3, 0xbeef, lsl 48", 0xf2f7dde3 },
	{ PROBESIM_LOGIC_REG_FAMILY, "logic_reg", "mov w0, w30", 0x2a1e03e0 },
	{ PROBESIM_ADDSUB_REG_FAMILY, "addsub_reg", "subs x0, x1, x2, asr 7", 0xeb821c20 },
#endif
#ifdef PROBESIM_WITH_BTI
	{ PROBESIM_BTI_FAMILY, "bti", "bti c", 0xd503245f },
#endif
#ifdef PROBESIM_WITH_PAC
	{ PROBESIM_PAC_FAMILY, "pac", "paciasp", 0xd503233f },
#endif
#ifdef PROBESIM_WITH_STP
	{ PROBESIM_STP_FAMILY, "stp", "stp x29, x30, [sp, -16]!", 0xa9bf7bfd },
#endif
};

static void family_case_desc(const struct family_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: %s [%08x]", c->name, c->text, c->insn);
}

KUNIT_ARRAY_PARAM(family, family_cases, family_case_desc);

static void probesim_family_test(struct kunit *test)
{
	const struct family_case *c = test->param_value;
	enum probesim_family got = probesim_decode(c->insn);

	KUNIT_EXPECT_STREQ(test, probesim_family_name(c->family), c->name);
	KUNIT_EXPECT_EQ_MSG(test, got, c->family, "%08x (%s) is family %s, expected %s",
			    c->insn, c->text, probesim_family_name(got), c->name);
}

/* The table names every family of families.h once. */
static void probesim_family_table_test(struct kunit *test)
{
	unsigned int f, i, rows;

	KUNIT_EXPECT_EQ(test, ARRAY_SIZE(family_cases), PROBESIM_NR_FAMILIES - 1);
	for (f = PROBESIM_NOP_FAMILY; f < PROBESIM_NR_FAMILIES; f++) {
		rows = 0;
		for (i = 0; i < ARRAY_SIZE(family_cases); i++)
			rows += family_cases[i].family == f;
		KUNIT_EXPECT_EQ_MSG(test, rows, 1, "family %u (%s)", f, probesim_family_name(f));
	}
}

/* Words no family takes: other hints, branches, loads, the push's neighbours. */
static const struct family_case none_cases[] = {
	{ PROBESIM_NONE, "none", "yield", 0xd503203f },
	{ PROBESIM_NONE, "none", "wfe", 0xd503205f },
	{ PROBESIM_NONE, "none", "hint 0x21", 0xd503243f },
	{ PROBESIM_NONE, "none", "paciaz", 0xd503231f },
	{ PROBESIM_NONE, "none", "autiasp", 0xd50323bf },
	{ PROBESIM_NONE, "none", "b .", 0x14000000 },
	{ PROBESIM_NONE, "none", "bl .", 0x94000000 },
	{ PROBESIM_NONE, "none", "blr x0", 0xd63f0000 },
	{ PROBESIM_NONE, "none", "br x16", 0xd61f0200 },
	{ PROBESIM_NONE, "none", "ret", 0xd65f03c0 },
	{ PROBESIM_NONE, "none", "adr x0, .", 0x10000000 },
	{ PROBESIM_NONE, "none", "adc x0, x1, x2", 0x9a020020 },
	{ PROBESIM_NONE, "none", "addg x0, x1, 0x10, 0x1", 0x91810420 },
	{ PROBESIM_NONE, "none", "ldp x29, x30, [sp], 16", 0xa8c17bfd },
	{ PROBESIM_NONE, "none", "stp x29, x30, [sp], -16", 0xa8bf7bfd },
	{ PROBESIM_NONE, "none", "stgp x0, x1, [sp, -16]!", 0x69bf87e0 },
	{ PROBESIM_NONE, "none", "str x30, [sp, -16]!", 0xf81f0ffe },
	{ PROBESIM_NONE, "none", "brk 0x5", 0xd42000a0 },
	{ PROBESIM_NONE, "none", "udf 0", 0x00000000 },
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
	KUNIT_CASE(probesim_family_table_test),
	KUNIT_CASE_PARAM(probesim_family_none_test, none_gen_params),
	KUNIT_CASE(probesim_family_none_name_test),
	{}
};

static struct kunit_suite probesim_family_test_suite = {
	.name = "probesim-family",
	.test_cases = probesim_family_test_cases,
};

kunit_test_suite(probesim_family_test_suite);
