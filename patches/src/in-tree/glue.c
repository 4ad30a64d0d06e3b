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
#include <asm/cpufeature.h>
#include "probesim.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "uprobe_sim."

static bool probesim_nop = true;
module_param_named(nop, probesim_nop, bool, 0644);
MODULE_PARM_DESC(nop, "Simulate NOP");

#ifdef PROBESIM_WITH_STP_SIM
static bool probesim_stp = IS_ENABLED(CONFIG_ARM64_UPROBES_SIMULATE_STP);
module_param_named(stp, probesim_stp, bool, 0644);
MODULE_PARM_DESC(stp, "Simulate STP Xt, Xt2, [SP, #imm]! (never with MTE or POE)");

static bool probesim_has_poe(void)
{
#ifdef ARM64_HAS_S1POE
	return system_supports_poe();
#else
	return false;
#endif
}

/* Only where a kernel store checks what the task's own STP would. */
static bool probesim_stp_allowed(void)
{
	struct probesim_gate gate = {
		.stp_enabled = READ_ONCE(probesim_stp),
		.has_mte = system_supports_mte(),
		.has_poe = probesim_has_poe(),
		.user = true,
	};

	return probesim_stp_verdict(&gate) == PROBESIM_SIMULATE;
}
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
		on = probesim_stp_allowed();
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
