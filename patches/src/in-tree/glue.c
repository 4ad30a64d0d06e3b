// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decision point: arch_uprobe_analyze_insn() asks here, once per
 * uprobe, whether an instruction it would step out of line is simulated
 * instead: the decode table's verdict, if the family's switch
 * (switches.c) allows it.
 */
#include "probesim.h"

probes_handler_t *probesim_uprobe_handler(u32 insn)
{
	enum probesim_family family = probesim_decode(insn);

	if (family == PROBESIM_NONE || !probesim_family_enabled(family))
		return NULL;
	return probesim_handler(family);
}
