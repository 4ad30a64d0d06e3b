// SPDX-License-Identifier: GPL-2.0-only
/*
 * PACIASP and PACIBSP: decode, among the PAC hints around them, and the
 * branch-target check, written out row by row from the Arm ARM's rule
 * for them: compatible with BTYPE 01 and 10, and with 11 only while
 * SCTLR_EL1.BT0 is 0, which Linux never leaves it. What they compute
 * needs the task's keys: the selftests (pac.c) hold it to the CPU's own
 * result.
 */
#include <asm/cpufeature.h>
#include <asm/ptrace.h>
#include <asm/sysreg.h>
#include "probesim_kunit.h"
#include "../module/probesim.h"

#define PACIASP	0xd503233fU
#define PACIBSP	0xd503237fU

/*
 * The family takes the two SP forms and nothing else: the AUT* hints are
 * rejected by the kernel, and the other PAC* hints keep its single-step.
 */
static const struct ptest_insn_case pac_decode_cases[] = {
	{ "PACIASP", "paciasp", PACIASP, PROBESIM_PAC_FAMILY },
	{ "PACIBSP", "pacibsp", PACIBSP, PROBESIM_PAC_FAMILY },
	{ "PACIAZ", "paciaz", 0xd503231f, PROBESIM_NONE },
	{ "PACIBZ", "pacibz", 0xd503235f, PROBESIM_NONE },
	{ "AUTIASP", "autiasp", 0xd50323bf, PROBESIM_NONE },
	{ "AUTIBSP", "autibsp", 0xd50323ff, PROBESIM_NONE },
	{ "PACIA1716", "pacia1716", 0xd503211f, PROBESIM_NONE },
	{ "PACIB1716", "pacib1716", 0xd503215f, PROBESIM_NONE },
	{ "XPACLRI", "xpaclri", 0xd50320ff, PROBESIM_NONE },
	{ "PACIA X30, SP (not the hint)", "pacia x30, sp", 0xdac103fe, PROBESIM_NONE },
	{ "PACIASP with Rt 30", "hint #0x19 with Rt 30", 0xd503233e, PROBESIM_NONE },
};

KUNIT_ARRAY_PARAM(pac_decode, pac_decode_cases, ptest_insn_desc);

static void pac_decoded(struct kunit *test)
{
	ptest_check_decode(test, test->param_value);
}

static const struct ptest_btype_case pac_btype_cases[] = {
	{ "paciasp", PACIASP, 0, true, false },
	{ "paciasp", PACIASP, 1, true, false },
	{ "paciasp", PACIASP, 2, true, false },
	{ "paciasp", PACIASP, 3, true, true },
	{ "pacibsp", PACIBSP, 0, true, false },
	{ "pacibsp", PACIBSP, 1, true, false },
	{ "pacibsp", PACIBSP, 2, true, false },
	{ "pacibsp", PACIBSP, 3, true, true },
	{ "paciasp", PACIASP, 3, false, false },
	{ "pacibsp", PACIBSP, 3, false, false },
	/* Not landing pads: only BTYPE 00 reaches them on a guarded page. */
	{ "paciaz", 0xd503231f, 1, true, true },
	{ "autiasp", 0xd50323bf, 2, true, true },
};

KUNIT_ARRAY_PARAM(pac_btype, pac_btype_cases, ptest_btype_desc);

static void pac_branch_target(struct kunit *test)
{
	ptest_check_btype(test, test->param_value);
}

/*
 * The table above takes BT0 as Linux sets it on every CPU with BTI. If a
 * kernel ever left it clear, BTYPE 11 would reach a PACIxSP natively and
 * the simulation would trap where the CPU does not.
 */
static void pac_bt0_set(struct kunit *test)
{
	if (!system_supports_bti())
		kunit_skip(test, "no BTI: nothing is guarded, BT0 does not matter");
	KUNIT_EXPECT_TRUE(test, read_sysreg(sctlr_el1) & SCTLR_EL1_BT0);
}

static struct kunit_case pac_test_cases[] = {
	KUNIT_CASE_PARAM(pac_decoded, pac_decode_gen_params),
	KUNIT_CASE_PARAM(pac_branch_target, pac_btype_gen_params),
	KUNIT_CASE(pac_bt0_set),
	{}
};

static struct kunit_suite pac_suite = {
	.name = "probesim-pac",
	.test_cases = pac_test_cases,
};

kunit_test_suite(pac_suite);
