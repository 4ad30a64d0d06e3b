/* SPDX-License-Identifier: GPL-2.0-only */
/* switches.c: the module's parameters and what they allow. */
#ifndef PROBESIM_SWITCHES_H
#define PROBESIM_SWITCHES_H

#include <linux/types.h>
#include "family.h"

/* Whether probes of @family are simulated with the switches as they are now. */
bool probesim_family_enabled(enum probesim_family family);
/* "nop=1 alu=1 ...", for the load line. */
int probesim_switches_show(char *buf, size_t size);

#endif /* PROBESIM_SWITCHES_H */
