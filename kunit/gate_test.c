// SPDX-License-Identifier: GPL-2.0-only
/*
 * The STP gate, probesim_stp_verdict(), fed with every combination of its
 * five inputs. STP is simulated only for a uprobe, with the stp parameter
 * on, on a system without MTE and without POE, unless the handler can
 * hand a hit back to out-of-line stepping. When several refusals apply,
 * the first of kernel mode, stp=0, MTE, POE is the one reported.
 */
#include "probesim_kunit.h"

struct gate_case {
	bool user;
	bool stp_enabled;
	bool has_mte;
	bool has_poe;
	bool can_decline;
	enum probesim_verdict verdict;
};

static const struct gate_case gate_cases[] = {
	/* user stp  mte  poe  decline */
	{ 0,    0,    0,    0,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    0,    0,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    0,    1,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    0,    1,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    1,    0,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    1,    0,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    1,    1,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    0,    1,    1,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    0,    0,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    0,    0,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    0,    1,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    0,    1,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    1,    0,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    1,    0,    1,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    1,    1,    0,       PROBESIM_REFUSE_KERNEL },
	{ 0,    1,    1,    1,    1,       PROBESIM_REFUSE_KERNEL },
	{ 1,    0,    0,    0,    0,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    0,    0,    1,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    0,    1,    0,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    0,    1,    1,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    1,    0,    0,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    1,    0,    1,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    1,    1,    0,       PROBESIM_REFUSE_OFF },
	{ 1,    0,    1,    1,    1,       PROBESIM_REFUSE_OFF },
	{ 1,    1,    0,    0,    0,       PROBESIM_SIMULATE },
	{ 1,    1,    0,    0,    1,       PROBESIM_SIMULATE },
	{ 1,    1,    0,    1,    0,       PROBESIM_REFUSE_POE },
	{ 1,    1,    0,    1,    1,       PROBESIM_SIMULATE },
	{ 1,    1,    1,    0,    0,       PROBESIM_REFUSE_MTE },
	{ 1,    1,    1,    0,    1,       PROBESIM_SIMULATE },
	{ 1,    1,    1,    1,    0,       PROBESIM_REFUSE_MTE },
	{ 1,    1,    1,    1,    1,       PROBESIM_SIMULATE },
};

static const char *gate_verdict_str(enum probesim_verdict verdict)
{
	switch (verdict) {
	case PROBESIM_SIMULATE:
		return "simulate";
	case PROBESIM_REFUSE_OFF:
		return "refuse: stp=0";
	case PROBESIM_REFUSE_MTE:
		return "refuse: MTE";
	case PROBESIM_REFUSE_POE:
		return "refuse: POE";
	case PROBESIM_REFUSE_KERNEL:
		return "refuse: kernel mode";
	}
	return "(bad verdict)";
}

static void gate_desc(const struct gate_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s stp=%d mte=%d poe=%d decline=%d -> %s",
		 c->user ? "uprobe" : "kprobe", c->stp_enabled, c->has_mte,
		 c->has_poe, c->can_decline, gate_verdict_str(c->verdict));
}

KUNIT_ARRAY_PARAM(gate, gate_cases, gate_desc);

static void gate_verdict(struct kunit *test)
{
	const struct gate_case *c = test->param_value;
	const struct probesim_gate gate = {
		.stp_enabled = c->stp_enabled,
		.has_mte = c->has_mte,
		.has_poe = c->has_poe,
		.can_decline = c->can_decline,
		.user = c->user,
	};
	enum probesim_verdict got = probesim_stp_verdict(&gate);

	KUNIT_EXPECT_EQ_MSG(test, got, c->verdict, "got %s, expected %s",
			    gate_verdict_str(got), gate_verdict_str(c->verdict));
}

/* The table itself: each of the 32 combinations exactly once. */
static void gate_table_is_complete(struct kunit *test)
{
	u64 seen = 0;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(gate_cases), 32);
	for (i = 0; i < ARRAY_SIZE(gate_cases); i++) {
		const struct gate_case *c = &gate_cases[i];

		seen |= BIT_ULL(c->user << 4 | c->stp_enabled << 3 | c->has_mte << 2 |
				c->has_poe << 1 | c->can_decline);
	}
	KUNIT_EXPECT_EQ(test, seen, 0xffffffffULL);
}

static struct kunit_case gate_test_cases[] = {
	KUNIT_CASE(gate_table_is_complete),
	KUNIT_CASE_PARAM(gate_verdict, gate_gen_params),
	{}
};

static struct kunit_suite gate_suite = {
	.name = "probesim-gate",
	.test_cases = gate_test_cases,
};

kunit_test_suite(gate_suite);
