// SPDX-License-Identifier: GPL-2.0-only
/*
 * The switches, and each family's handler and switch from families.h.
 * The switches can change at run time, so that a test can compare a
 * simulated probe with one stepped out of line on the same kernel.
 */
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/kconfig.h>
#include <linux/moduleparam.h>
#include "probesim.h"

#ifndef PROBESIM_MODULE
/* uprobe_sim.<family>: on the command line, /sys/module/uprobe_sim/parameters. */
#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "uprobe_sim."
#endif

static bool probesim_nop_param = true;
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
static bool probesim_alu_param = true;
module_param_named(alu, probesim_alu_param, bool, 0644);
MODULE_PARM_DESC(alu, "Simulate register-only AND/ORR/EOR/ADD/SUB/MOV forms (default: on)");
#endif

#ifdef PROBESIM_WITH_BTI
static bool probesim_bti_param = true;
module_param_named(bti, probesim_bti_param, bool, 0644);
MODULE_PARM_DESC(bti, "Simulate BTI landing pads, with the branch-target check (default: on)");
#endif

#ifdef PROBESIM_WITH_PAC
static bool probesim_pac_param = true;
module_param_named(pac, probesim_pac_param, bool, 0644);
MODULE_PARM_DESC(pac, "Simulate PACIASP/PACIBSP with the task's own key (default: on)");
#endif

#ifdef PROBESIM_MODULE
/* For the load line: every switch and its value, "nop=1 stp=0 ...". */
int probesim_switches_show(char *buf, size_t size)
{
	return scnprintf(buf, size, "nop=%d stp=%d alu=%d bti=%d pac=%d", probesim_nop_param,
			 probesim_stp_param, probesim_alu_param, probesim_bti_param,
			 probesim_pac_param);
}
#endif

/* What each switch says now; families.h names each family's. */
static bool probesim_nop_switch_on(void)
{
	return READ_ONCE(probesim_nop_param);
}

#ifdef PROBESIM_WITH_STP
static bool probesim_stp_switch_on(void)
{
#ifdef PROBESIM_WITH_STP_SIM
	return probesim_system_verdict() == PROBESIM_SIMULATE;
#else
	return false;	/* decoded; not simulated yet */
#endif
}
#endif

#ifdef PROBESIM_WITH_ALU
static bool probesim_alu_switch_on(void)
{
	return READ_ONCE(probesim_alu_param);
}
#endif

#ifdef PROBESIM_WITH_BTI
static bool probesim_bti_switch_on(void)
{
	return READ_ONCE(probesim_bti_param);
}
#endif

#ifdef PROBESIM_WITH_PAC
static bool probesim_pac_switch_on(void)
{
	return READ_ONCE(probesim_pac_param);
}
#endif

#if defined(PROBESIM_WITH_STP) && !defined(PROBESIM_WITH_STP_SIM)
/* Decoded, not simulated yet: there is no handler. */
#define probesim_simulate_stp NULL
#endif

/* By family: its handler and its switch. */
static const struct {
	probes_handler_t *handler;
	bool (*switch_on)(void);
} probesim_families[PROBESIM_NR_FAMILIES] = {
#define PROBESIM_FAMILY(id, name, onoff) \
	[PROBESIM_##id##_FAMILY] = { probesim_simulate_##name, probesim_##onoff##_switch_on },
#include "families.h"
#undef PROBESIM_FAMILY
};

bool probesim_family_enabled(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES || !probesim_families[family].switch_on)
		return false;
	return probesim_families[family].switch_on();
}

probes_handler_t *probesim_handler(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES)
		return NULL;
	return probesim_families[family].handler;
}
