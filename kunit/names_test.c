// SPDX-License-Identifier: GPL-2.0-only
/*
 * The names that debugfs probesim/stats and the log messages print for a
 * family and for a gate verdict. Tools parse them, so they are part of
 * the interface.
 */
#include "probesim_kunit.h"

struct family_name_case {
	enum probesim_family family;
	const char *name;
};

static const struct family_name_case family_name_cases[] = {
	{ PROBESIM_NONE, "none" },
	{ PROBESIM_NOP_FAMILY, "nop" },
	{ PROBESIM_STP_FAMILY, "stp" },
#ifdef PROBESIM_WITH_ALU
	{ PROBESIM_LOGIC_IMM_FAMILY, "logic_imm" },
	{ PROBESIM_ADDSUB_IMM_FAMILY, "addsub_imm" },
	{ PROBESIM_MOVEWIDE_FAMILY, "movewide" },
	{ PROBESIM_LOGIC_REG_FAMILY, "logic_reg" },
	{ PROBESIM_ADDSUB_REG_FAMILY, "addsub_reg" },
#endif
#ifdef PROBESIM_WITH_BTI
	{ PROBESIM_BTI_FAMILY, "bti" },
#endif
};

static void family_name_desc(const struct family_name_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "family %d is \"%s\"", c->family, c->name);
}

KUNIT_ARRAY_PARAM(family_name, family_name_cases, family_name_desc);

static void names_family(struct kunit *test)
{
	const struct family_name_case *c = test->param_value;

	KUNIT_EXPECT_STREQ(test, probesim_family_name(c->family), c->name);
}

struct verdict_name_case {
	enum probesim_verdict verdict;
	const char *name;
};

static const struct verdict_name_case verdict_name_cases[] = {
	{ PROBESIM_SIMULATE, "simulate" },
	{ PROBESIM_REFUSE_OFF, "stp=0" },
	{ PROBESIM_REFUSE_MTE, "MTE" },
	{ PROBESIM_REFUSE_POE, "POE" },
	{ PROBESIM_REFUSE_KERNEL, "kernel mode" },
};

static void verdict_name_desc(const struct verdict_name_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "verdict %d is \"%s\"", c->verdict, c->name);
}

KUNIT_ARRAY_PARAM(verdict_name, verdict_name_cases, verdict_name_desc);

static void names_verdict(struct kunit *test)
{
	const struct verdict_name_case *c = test->param_value;

	KUNIT_EXPECT_STREQ(test, probesim_verdict_name(c->verdict), c->name);
}

static struct kunit_case names_test_cases[] = {
	KUNIT_CASE_PARAM(names_family, family_name_gen_params),
	KUNIT_CASE_PARAM(names_verdict, verdict_name_gen_params),
	{}
};

static struct kunit_suite names_suite = {
	.name = "probesim-names",
	.test_cases = names_test_cases,
};

kunit_test_suite(names_suite);
