/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The switches, one per family of simulated instructions or per group of
 * them, what they allow, and each family's handler (families.h pairs
 * them). They are read when a uprobe is analysed, so a change applies to
 * uprobes analysed after it.
 */
#ifndef PROBESIM_SWITCHES_H
#define PROBESIM_SWITCHES_H

#include <linux/types.h>
#include <asm/probes.h>
#include "insn.h"

#ifdef PROBESIM_WITH_STP_SIM
/* The gate (gate.c) reads it with what the system allows. */
extern bool probesim_stp_param;
#endif

/*
 * Whether probes of @family are simulated with the switches as they are
 * now; for STP, only where the system lets a store do so (gate.c).
 */
bool probesim_family_enabled(enum probesim_family family);
#ifdef PROBESIM_MODULE
int probesim_switches_show(char *buf, size_t size);
#endif
/* The handler that simulates @family, NULL for none. */
probes_handler_t *probesim_handler(enum probesim_family family);

#endif /* PROBESIM_SWITCHES_H */
