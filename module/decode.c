// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decode table: which instructions probesim simulates instead of
 * single-stepping them out of line. Adding a family is one row here and one
 * handler in simulate.c. Built into the module, the KUnit suites and the
 * host tools alike, so it uses nothing but insn.h.
 */
#include "insn.h"

/* The KUnit suites (probesim_test.ko) call the decoder directly. */
#ifdef __KERNEL__
#include <linux/export.h>
#else
/* Host tools link the decoder in: nothing to export. */
#define EXPORT_SYMBOL_GPL(sym) struct probesim_host_unexported_##sym
#endif

struct probesim_row {
	u32 mask;
	u32 value;
	enum probesim_family family;
};

static const struct probesim_row probesim_rows[] = {
	/* Exactly NOP: every other hint has an effect of its own. */
	{ 0xffffffffU, PROBESIM_NOP, PROBESIM_NOP_FAMILY },
	/* STP Xt, Xt2, [SP, #imm]!: the frame push at most function entries. */
	{ PROBESIM_STP_PUSH_MASK, PROBESIM_STP_PUSH_VALUE, PROBESIM_STP_FAMILY },
};

enum probesim_family probesim_decode(u32 code)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probesim_rows); i++)
		if ((code & probesim_rows[i].mask) == probesim_rows[i].value)
			return probesim_rows[i].family;
	return PROBESIM_NONE;
}
EXPORT_SYMBOL_GPL(probesim_decode);

const char *probesim_family_name(enum probesim_family family)
{
	switch (family) {
	case PROBESIM_NOP_FAMILY:
		return "nop";
	case PROBESIM_STP_FAMILY:
		return "stp";
	default:
		return "none";
	}
}
EXPORT_SYMBOL_GPL(probesim_family_name);

enum probesim_verdict probesim_stp_verdict(const struct probesim_gate *gate)
{
	/* A kprobe stores with kernel privilege: not what user STP does. */
	if (!gate->user)
		return PROBESIM_REFUSE_KERNEL;
	if (!gate->stp_enabled)
		return PROBESIM_REFUSE_OFF;
	/* uaccess stores skip the tag check the real STP would make. */
	if (gate->has_mte)
		return PROBESIM_REFUSE_MTE;
	/* ... and the POR_EL0 overlay check. */
	if (gate->has_poe)
		return PROBESIM_REFUSE_POE;
	return PROBESIM_SIMULATE;
}
EXPORT_SYMBOL_GPL(probesim_stp_verdict);

const char *probesim_verdict_name(enum probesim_verdict verdict)
{
	switch (verdict) {
	case PROBESIM_SIMULATE:
		return "simulate";
	case PROBESIM_REFUSE_OFF:
		return "stp=0";
	case PROBESIM_REFUSE_MTE:
		return "MTE";
	case PROBESIM_REFUSE_POE:
		return "POE";
	case PROBESIM_REFUSE_KERNEL:
		return "kernel mode";
	}
	return "?";
}
EXPORT_SYMBOL_GPL(probesim_verdict_name);
