// SPDX-License-Identifier: GPL-2.0-only
/*
 * The switches, one per family. They can change at run time, so that a
 * test can compare a simulated probe with one stepped out of line on the
 * same kernel.
 */
#include <linux/compiler.h>
#include <linux/kconfig.h>
#include <linux/moduleparam.h>
#include "probesim.h"

#ifndef PROBESIM_MODULE
/* uprobe_sim.<family>: on the command line, /sys/module/uprobe_sim/parameters. */
#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "uprobe_sim."
#endif

bool probesim_nop_param = true;
module_param_named(nop, probesim_nop_param, bool, 0644);
MODULE_PARM_DESC(nop, "Simulate NOP (default: on)");

#ifdef PROBESIM_WITH_STP_SIM
/* Off unless asked for: see gate.c for what else it takes. */
#ifdef PROBESIM_MODULE
bool probesim_stp_param;
#else
bool probesim_stp_param = IS_ENABLED(CONFIG_ARM64_UPROBES_SIMULATE_STP);
#endif
module_param_named(stp, probesim_stp_param, bool, 0644);
#ifdef PROBESIM_MODULE
MODULE_PARM_DESC(stp, "Simulate STP Xt, Xt2, [SP, #imm]! pushes (default: off)");
#else
MODULE_PARM_DESC(stp, "Simulate STP Xt, Xt2, [SP, #imm]! pushes (default: off; no effect on systems with MTE or POE)");
#endif
#endif

#ifdef PROBESIM_WITH_ALU
bool probesim_alu_param = true;
module_param_named(alu, probesim_alu_param, bool, 0644);
MODULE_PARM_DESC(alu, "Simulate register-only AND/ORR/EOR/ADD/SUB/MOV forms (default: on)");
#endif

#ifdef PROBESIM_WITH_BTI
bool probesim_bti_param = true;
module_param_named(bti, probesim_bti_param, bool, 0644);
MODULE_PARM_DESC(bti, "Simulate BTI landing pads, with the branch-target check (default: on)");
#endif

bool probesim_family_enabled(enum probesim_family family)
{
	switch (family) {
	case PROBESIM_NOP_FAMILY:
		return READ_ONCE(probesim_nop_param);
#ifdef PROBESIM_WITH_STP
	case PROBESIM_STP_FAMILY:
#ifdef PROBESIM_WITH_STP_SIM
		return probesim_system_verdict() == PROBESIM_SIMULATE;
#else
		return false;	/* decoded; not simulated yet */
#endif
#endif
#ifdef PROBESIM_WITH_BTI
	case PROBESIM_BTI_FAMILY:
		return READ_ONCE(probesim_bti_param);
#endif
	default:
#ifdef PROBESIM_WITH_ALU
		return probesim_family_is_alu(family) && READ_ONCE(probesim_alu_param);
#else
		return false;
#endif
	}
}
