// SPDX-License-Identifier: GPL-2.0-only
/*
 * Each family's name and handler (families.h), and the family of an
 * instruction. No decoding happens here: arm_uprobe_decode_sim() decides,
 * and the family is the row of the handler it chose.
 */
#include "family.h"

static const struct {
	const char *name;
	const char *onoff;
	uprobe_sim_handler_t *handler;
	bool pad;
} probesim_families[PROBESIM_NR_FAMILIES] = {
	[PROBESIM_NONE] = { "none", NULL, NULL, false },
#define PROBESIM_FAMILY(id, name, handler, pad, onoff) \
	[PROBESIM_##id##_FAMILY] = { #name, #onoff, handler, pad },
#include "families.h"
#undef PROBESIM_FAMILY
};

/* Whether @insn is a landing pad: accepts a BTYPE other than 00. */
static bool probesim_insn_is_pad(u32 insn)
{
	return arm_probe_btype_compatible(insn, PSR_BTYPE_JC) ||
	       arm_probe_btype_compatible(insn, PSR_BTYPE_C) ||
	       arm_probe_btype_compatible(insn, PSR_BTYPE_J);
}

enum probesim_family probesim_decode(u32 insn)
{
	uprobe_sim_handler_t *handler = arm_uprobe_decode_sim(insn);
	enum probesim_family f;

	if (!handler)
		return aarch64_insn_is_nop(insn) ? PROBESIM_NOP_FAMILY : PROBESIM_NONE;
	for (f = PROBESIM_NOP_FAMILY; f < PROBESIM_NR_FAMILIES; f++) {
		if (probesim_families[f].handler != handler)
			continue;
		/*
		 * A hit of a family that is not a landing pad tests BTYPE
		 * against 00 alone (hit.c): a pad there stays unsimulated.
		 */
		if (!probesim_families[f].pad && probesim_insn_is_pad(insn))
			return PROBESIM_NONE;
		return f;
	}
	return PROBESIM_NONE;
}
EXPORT_SYMBOL_IF_KUNIT(probesim_decode);

const char *probesim_family_name(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES)
		return "none";
	return probesim_families[family].name;
}
EXPORT_SYMBOL_IF_KUNIT(probesim_family_name);

const char *probesim_family_switch(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES)
		return NULL;
	return probesim_families[family].onoff;
}
