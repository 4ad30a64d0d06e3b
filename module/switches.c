// SPDX-License-Identifier: GPL-2.0-only
/*
 * The module's parameters, one per family or group of families, and what
 * they allow: families.h has both. They are read when a uprobe is
 * analysed, so a change applies to uprobes analysed after it: a test can
 * compare a simulated probe with one stepped out of line on the same
 * kernel. The kernel tree has no such switches: there, what is simulated
 * is simulated.
 */
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include "probesim.h"

#define PROBESIM_SWITCH(onoff, on, what)				\
static bool probesim_##onoff##_param = on;				\
module_param_named(onoff, probesim_##onoff##_param, bool, 0644);	\
MODULE_PARM_DESC(onoff, what);						\
static bool probesim_##onoff##_switch_on(void)				\
{									\
	return READ_ONCE(probesim_##onoff##_param);			\
}
#include "families.h"
#undef PROBESIM_SWITCH

/* For the load line: every switch and its value, "nop=1 alu=1 ...". */
int probesim_switches_show(char *buf, size_t size)
{
	int n = 0;

#define PROBESIM_SWITCH(onoff, ...)					\
	n += scnprintf(buf + n, size - n, "%s" #onoff "=%d", n ? " " : "",	\
		       probesim_##onoff##_param);
#include "families.h"
#undef PROBESIM_SWITCH
	return n;
}

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
