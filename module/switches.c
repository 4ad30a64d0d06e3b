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
#include <linux/string.h>
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

static const struct {
	const char *name;
	bool (*on)(void);
} probesim_switches[] = {
#define PROBESIM_SWITCH(onoff, ...) { #onoff, probesim_##onoff##_switch_on },
#include "families.h"
#undef PROBESIM_SWITCH
};

/* For the load line: every switch and its value, "nop=1 alu=1 ...". */
int probesim_switches_show(char *buf, size_t size)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < ARRAY_SIZE(probesim_switches); i++)
		n += scnprintf(buf + n, size - n, "%s%s=%d", i ? " " : "",
			       probesim_switches[i].name, probesim_switches[i].on());
	return n;
}

bool probesim_family_enabled(enum probesim_family family)
{
	const char *onoff = probesim_family_switch(family);
	unsigned int i;

	for (i = 0; onoff && i < ARRAY_SIZE(probesim_switches); i++) {
		if (!strcmp(probesim_switches[i].name, onoff))
			return probesim_switches[i].on();
	}
	return false;
}
