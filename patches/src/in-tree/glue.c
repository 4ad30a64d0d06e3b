// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decision point: arch_uprobe_analyze_insn() asks here, once per
 * uprobe, whether an instruction it would step out of line is simulated
 * instead. Each family has a switch, uprobe_sim.<family> on the command
 * line and /sys/module/uprobe_sim/parameters/<family> at run time; a change
 * applies to uprobes analysed after it, so that a test can still compare
 * a simulated probe with one stepped out of line.
 */
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include "probesim.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "uprobe_sim."

static bool probesim_nop = true;
module_param_named(nop, probesim_nop, bool, 0644);
MODULE_PARM_DESC(nop, "Simulate NOP");

#ifdef PROBESIM_WITH_STP_SIM
/* gate.c decides, with what the system has: never with MTE or POE. */
bool probesim_stp_param = IS_ENABLED(CONFIG_ARM64_UPROBES_SIMULATE_STP);
module_param_named(stp, probesim_stp_param, bool, 0644);
MODULE_PARM_DESC(stp, "Simulate STP Xt, Xt2, [SP, #imm]! (never with MTE or POE)");
#endif

#ifdef PROBESIM_WITH_ALU
static bool probesim_alu = true;
module_param_named(alu, probesim_alu, bool, 0644);
MODULE_PARM_DESC(alu, "Simulate register-only logical, add/sub and move wide");
#endif

#ifdef PROBESIM_WITH_BTI
static bool probesim_bti = true;
module_param_named(bti, probesim_bti, bool, 0644);
MODULE_PARM_DESC(bti, "Simulate BTI landing pads, with the branch-target check");
#endif

probes_handler_t *probesim_uprobe_handler(u32 insn)
{
	enum probesim_family family = probesim_decode(insn);
	bool on;

	switch (family) {
	case PROBESIM_NOP_FAMILY:
		on = READ_ONCE(probesim_nop);
		break;
#ifdef PROBESIM_WITH_STP
	case PROBESIM_STP_FAMILY:
#ifdef PROBESIM_WITH_STP_SIM
		on = probesim_system_verdict() == PROBESIM_SIMULATE;
#else
		on = false;	/* decoded; not simulated yet */
#endif
		break;
#endif
#ifdef PROBESIM_WITH_BTI
	case PROBESIM_BTI_FAMILY:
		on = READ_ONCE(probesim_bti);
		break;
#endif
	default:
#ifdef PROBESIM_WITH_ALU
		on = probesim_family_is_alu(family) && READ_ONCE(probesim_alu);
#else
		on = false;
#endif
		break;
	}
	return on ? probesim_handler(family) : NULL;
}
