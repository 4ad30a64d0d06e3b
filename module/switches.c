// SPDX-License-Identifier: GPL-2.0-only
/*
 * The module's parameters, one per family or group of families
 * (families.h names each family's), and what they allow. They are read
 * when a uprobe is analysed, so a change applies to uprobes analysed
 * after it: a test can compare a simulated probe with one stepped out of
 * line on the same kernel. The kernel tree has no such switches: there,
 * what is simulated is simulated.
 */
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include "probesim.h"

static bool probesim_nop_param = true;
module_param_named(nop, probesim_nop_param, bool, 0644);
MODULE_PARM_DESC(nop, "Simulate NOP on kernels before 6.13 (default: on)");

static bool probesim_alu_param = true;
module_param_named(alu, probesim_alu_param, bool, 0644);
MODULE_PARM_DESC(alu, "Simulate register-only AND/ORR/EOR/ADD/SUB/MOV forms (default: on)");

static bool probesim_bti_param = true;
module_param_named(bti, probesim_bti_param, bool, 0644);
MODULE_PARM_DESC(bti, "Simulate BTI landing pads, with the branch-target check (default: on)");

static bool probesim_pac_param = true;
module_param_named(pac, probesim_pac_param, bool, 0644);
MODULE_PARM_DESC(pac, "Simulate PACIASP/PACIBSP with the task's own key (default: on)");

/*
 * Off unless asked for: a push is two stores, not the one single-copy
 * atomic access an aligned STP is with FEAT_LSE2, and a hit that must go
 * back to the CPU (a fault, asynchronous tag checks) costs its probe the
 * simulation from then on (hit.c).
 */
static bool probesim_stp_param;
module_param_named(stp, probesim_stp_param, bool, 0644);
MODULE_PARM_DESC(stp, "Simulate STP Xt, Xt2, [SP, #imm]! pushes (default: off)");

/* For the load line: every switch and its value, "nop=1 alu=1 ...". */
int probesim_switches_show(char *buf, size_t size)
{
	return scnprintf(buf, size, "nop=%d alu=%d bti=%d pac=%d stp=%d", probesim_nop_param,
			 probesim_alu_param, probesim_bti_param, probesim_pac_param,
			 probesim_stp_param);
}

/* What each switch says now; families.h names each family's. */
#define PROBESIM_SWITCH(onoff)					\
static bool probesim_##onoff##_switch_on(void)			\
{								\
	return READ_ONCE(probesim_##onoff##_param);		\
}
PROBESIM_SWITCH(nop)
PROBESIM_SWITCH(alu)
PROBESIM_SWITCH(bti)
PROBESIM_SWITCH(pac)
PROBESIM_SWITCH(stp)
#undef PROBESIM_SWITCH

static bool (* const probesim_switches[PROBESIM_NR_FAMILIES])(void) = {
#define PROBESIM_FAMILY(id, name, onoff, ...) \
	[PROBESIM_##id##_FAMILY] = probesim_##onoff##_switch_on,
#include "families.h"
#undef PROBESIM_FAMILY
};

bool probesim_family_enabled(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES || !probesim_switches[family])
		return false;
	return probesim_switches[family]();
}
