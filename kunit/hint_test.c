// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HINT space, 1101 0101 0000 0011 0010 CRm:op2 1 1111: all 128 values.
 * NOP is the only hint that is architecturally nothing at all, and the
 * four BTI landing pads are simulated with their branch-target check
 * (bti_test.c), PACIASP and PACIBSP with the task's key (pac_test.c);
 * every other value is a hint with an effect (PAC, WFE,
 * ...) or reserved for one, so probesim must leave it alone.
 */
#include "probesim_kunit.h"

/* The landing pads are simulated, with their branch-target check. */
#ifdef PROBESIM_WITH_BTI
#define HINT_BTI	PROBESIM_BTI_FAMILY
#else
#define HINT_BTI	PROBESIM_NONE
#endif
/* PACIASP and PACIBSP are simulated with the task's key (pac_test.c). */
#ifdef PROBESIM_WITH_PAC
#define HINT_PAC	PROBESIM_PAC_FAMILY
#else
#define HINT_PAC	PROBESIM_NONE
#endif

struct hint_case {
	u32 code;
	const char *text;	/* objdump of binutils 2.40; later names in () */
	enum probesim_family family;
};

/* Row n is CRm:op2 == n. */
static const struct hint_case hint_cases[] = {
	{ 0xd503201f, "nop", PROBESIM_NOP_FAMILY },
	{ 0xd503203f, "yield", PROBESIM_NONE },
	{ 0xd503205f, "wfe", PROBESIM_NONE },
	{ 0xd503207f, "wfi", PROBESIM_NONE },
	{ 0xd503209f, "sev", PROBESIM_NONE },
	{ 0xd50320bf, "sevl", PROBESIM_NONE },
	{ 0xd50320df, "hint #0x6 (dgh)", PROBESIM_NONE },
	{ 0xd50320ff, "xpaclri", PROBESIM_NONE },
	{ 0xd503211f, "pacia1716", PROBESIM_NONE },
	{ 0xd503213f, "hint #0x9", PROBESIM_NONE },
	{ 0xd503215f, "pacib1716", PROBESIM_NONE },
	{ 0xd503217f, "hint #0xb", PROBESIM_NONE },
	{ 0xd503219f, "autia1716", PROBESIM_NONE },
	{ 0xd50321bf, "hint #0xd", PROBESIM_NONE },
	{ 0xd50321df, "autib1716", PROBESIM_NONE },
	{ 0xd50321ff, "hint #0xf", PROBESIM_NONE },
	{ 0xd503221f, "esb", PROBESIM_NONE },
	{ 0xd503223f, "psb csync", PROBESIM_NONE },
	{ 0xd503225f, "tsb csync", PROBESIM_NONE },
	{ 0xd503227f, "hint #0x13 (gcsb dsync)", PROBESIM_NONE },
	{ 0xd503229f, "csdb", PROBESIM_NONE },
	{ 0xd50322bf, "hint #0x15", PROBESIM_NONE },
	{ 0xd50322df, "clearbhb", PROBESIM_NONE },
	{ 0xd50322ff, "hint #0x17", PROBESIM_NONE },
	{ 0xd503231f, "paciaz", PROBESIM_NONE },
	{ 0xd503233f, "paciasp", HINT_PAC },
	{ 0xd503235f, "pacibz", PROBESIM_NONE },
	{ 0xd503237f, "pacibsp", HINT_PAC },
	{ 0xd503239f, "autiaz", PROBESIM_NONE },
	{ 0xd50323bf, "autiasp", PROBESIM_NONE },
	{ 0xd50323df, "autibz", PROBESIM_NONE },
	{ 0xd50323ff, "autibsp", PROBESIM_NONE },
	{ 0xd503241f, "bti", HINT_BTI },
	{ 0xd503243f, "hint #0x21", PROBESIM_NONE },
	{ 0xd503245f, "bti c", HINT_BTI },
	{ 0xd503247f, "hint #0x23", PROBESIM_NONE },
	{ 0xd503249f, "bti j", HINT_BTI },
	{ 0xd50324bf, "hint #0x25", PROBESIM_NONE },
	{ 0xd50324df, "bti jc", HINT_BTI },
	{ 0xd50324ff, "hint #0x27", PROBESIM_NONE },
	{ 0xd503251f, "hint #0x28 (chkfeat x16)", PROBESIM_NONE },
	{ 0xd503253f, "hint #0x29", PROBESIM_NONE },
	{ 0xd503255f, "hint #0x2a", PROBESIM_NONE },
	{ 0xd503257f, "hint #0x2b", PROBESIM_NONE },
	{ 0xd503259f, "hint #0x2c", PROBESIM_NONE },
	{ 0xd50325bf, "hint #0x2d", PROBESIM_NONE },
	{ 0xd50325df, "hint #0x2e", PROBESIM_NONE },
	{ 0xd50325ff, "hint #0x2f", PROBESIM_NONE },
	{ 0xd503261f, "hint #0x30", PROBESIM_NONE },
	{ 0xd503263f, "hint #0x31", PROBESIM_NONE },
	{ 0xd503265f, "hint #0x32", PROBESIM_NONE },
	{ 0xd503267f, "hint #0x33", PROBESIM_NONE },
	{ 0xd503269f, "hint #0x34", PROBESIM_NONE },
	{ 0xd50326bf, "hint #0x35", PROBESIM_NONE },
	{ 0xd50326df, "hint #0x36", PROBESIM_NONE },
	{ 0xd50326ff, "hint #0x37", PROBESIM_NONE },
	{ 0xd503271f, "hint #0x38", PROBESIM_NONE },
	{ 0xd503273f, "hint #0x39", PROBESIM_NONE },
	{ 0xd503275f, "hint #0x3a", PROBESIM_NONE },
	{ 0xd503277f, "hint #0x3b", PROBESIM_NONE },
	{ 0xd503279f, "hint #0x3c", PROBESIM_NONE },
	{ 0xd50327bf, "hint #0x3d", PROBESIM_NONE },
	{ 0xd50327df, "hint #0x3e", PROBESIM_NONE },
	{ 0xd50327ff, "hint #0x3f", PROBESIM_NONE },
	{ 0xd503281f, "hint #0x40", PROBESIM_NONE },
	{ 0xd503283f, "hint #0x41", PROBESIM_NONE },
	{ 0xd503285f, "hint #0x42", PROBESIM_NONE },
	{ 0xd503287f, "hint #0x43", PROBESIM_NONE },
	{ 0xd503289f, "hint #0x44", PROBESIM_NONE },
	{ 0xd50328bf, "hint #0x45", PROBESIM_NONE },
	{ 0xd50328df, "hint #0x46", PROBESIM_NONE },
	{ 0xd50328ff, "hint #0x47", PROBESIM_NONE },
	{ 0xd503291f, "hint #0x48", PROBESIM_NONE },
	{ 0xd503293f, "hint #0x49", PROBESIM_NONE },
	{ 0xd503295f, "hint #0x4a", PROBESIM_NONE },
	{ 0xd503297f, "hint #0x4b", PROBESIM_NONE },
	{ 0xd503299f, "hint #0x4c", PROBESIM_NONE },
	{ 0xd50329bf, "hint #0x4d", PROBESIM_NONE },
	{ 0xd50329df, "hint #0x4e", PROBESIM_NONE },
	{ 0xd50329ff, "hint #0x4f", PROBESIM_NONE },
	{ 0xd5032a1f, "hint #0x50", PROBESIM_NONE },
	{ 0xd5032a3f, "hint #0x51", PROBESIM_NONE },
	{ 0xd5032a5f, "hint #0x52", PROBESIM_NONE },
	{ 0xd5032a7f, "hint #0x53", PROBESIM_NONE },
	{ 0xd5032a9f, "hint #0x54", PROBESIM_NONE },
	{ 0xd5032abf, "hint #0x55", PROBESIM_NONE },
	{ 0xd5032adf, "hint #0x56", PROBESIM_NONE },
	{ 0xd5032aff, "hint #0x57", PROBESIM_NONE },
	{ 0xd5032b1f, "hint #0x58", PROBESIM_NONE },
	{ 0xd5032b3f, "hint #0x59", PROBESIM_NONE },
	{ 0xd5032b5f, "hint #0x5a", PROBESIM_NONE },
	{ 0xd5032b7f, "hint #0x5b", PROBESIM_NONE },
	{ 0xd5032b9f, "hint #0x5c", PROBESIM_NONE },
	{ 0xd5032bbf, "hint #0x5d", PROBESIM_NONE },
	{ 0xd5032bdf, "hint #0x5e", PROBESIM_NONE },
	{ 0xd5032bff, "hint #0x5f", PROBESIM_NONE },
	{ 0xd5032c1f, "hint #0x60", PROBESIM_NONE },
	{ 0xd5032c3f, "hint #0x61", PROBESIM_NONE },
	{ 0xd5032c5f, "hint #0x62", PROBESIM_NONE },
	{ 0xd5032c7f, "hint #0x63", PROBESIM_NONE },
	{ 0xd5032c9f, "hint #0x64", PROBESIM_NONE },
	{ 0xd5032cbf, "hint #0x65", PROBESIM_NONE },
	{ 0xd5032cdf, "hint #0x66", PROBESIM_NONE },
	{ 0xd5032cff, "hint #0x67", PROBESIM_NONE },
	{ 0xd5032d1f, "hint #0x68", PROBESIM_NONE },
	{ 0xd5032d3f, "hint #0x69", PROBESIM_NONE },
	{ 0xd5032d5f, "hint #0x6a", PROBESIM_NONE },
	{ 0xd5032d7f, "hint #0x6b", PROBESIM_NONE },
	{ 0xd5032d9f, "hint #0x6c", PROBESIM_NONE },
	{ 0xd5032dbf, "hint #0x6d", PROBESIM_NONE },
	{ 0xd5032ddf, "hint #0x6e", PROBESIM_NONE },
	{ 0xd5032dff, "hint #0x6f", PROBESIM_NONE },
	{ 0xd5032e1f, "hint #0x70", PROBESIM_NONE },
	{ 0xd5032e3f, "hint #0x71", PROBESIM_NONE },
	{ 0xd5032e5f, "hint #0x72", PROBESIM_NONE },
	{ 0xd5032e7f, "hint #0x73", PROBESIM_NONE },
	{ 0xd5032e9f, "hint #0x74", PROBESIM_NONE },
	{ 0xd5032ebf, "hint #0x75", PROBESIM_NONE },
	{ 0xd5032edf, "hint #0x76", PROBESIM_NONE },
	{ 0xd5032eff, "hint #0x77", PROBESIM_NONE },
	{ 0xd5032f1f, "hint #0x78", PROBESIM_NONE },
	{ 0xd5032f3f, "hint #0x79", PROBESIM_NONE },
	{ 0xd5032f5f, "hint #0x7a", PROBESIM_NONE },
	{ 0xd5032f7f, "hint #0x7b", PROBESIM_NONE },
	{ 0xd5032f9f, "hint #0x7c", PROBESIM_NONE },
	{ 0xd5032fbf, "hint #0x7d", PROBESIM_NONE },
	{ 0xd5032fdf, "hint #0x7e", PROBESIM_NONE },
	{ 0xd5032fff, "hint #0x7f", PROBESIM_NONE },
};

static void hint_desc(const struct hint_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "hint %u %s [%08x]",
		 (c->code >> 5) & 0x7f, c->text, c->code);
	ptest_desc_clean(desc);
}

KUNIT_ARRAY_PARAM(hint, hint_cases, hint_desc);

static void hint_decode(struct kunit *test)
{
	const struct hint_case *c = test->param_value;
	enum probesim_family got = probesim_decode(c->code);

	KUNIT_EXPECT_EQ_MSG(test, got, c->family, "%08x (%s) decoded as %s, expected %s",
			    c->code, c->text, ptest_family_str(got),
			    ptest_family_str(c->family));
	KUNIT_EXPECT_EQ_MSG(test, probesim_insn_is_nop(c->code),
			    c->family == PROBESIM_NOP_FAMILY,
			    "probesim_insn_is_nop(%08x) disagrees with the table", c->code);
}

/* The table itself: every CRm:op2 value once, in order, nothing else. */
static void hint_table_is_the_whole_space(struct kunit *test)
{
	u32 n;

	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(hint_cases), 128);
	for (n = 0; n < ARRAY_SIZE(hint_cases); n++)
		KUNIT_EXPECT_EQ_MSG(test, hint_cases[n].code, 0xd503201fU | n << 5,
				    "row %u", n);
}

static struct kunit_case hint_test_cases[] = {
	KUNIT_CASE(hint_table_is_the_whole_space),
	KUNIT_CASE_PARAM(hint_decode, hint_gen_params),
	{}
};

static struct kunit_suite hint_suite = {
	.name = "probesim-hint",
	.test_cases = hint_test_cases,
};

kunit_test_suite(hint_suite);
