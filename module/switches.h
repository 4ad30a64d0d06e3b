/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The switches, one per family of simulated instructions, and what they
 * allow. They are read when a uprobe is analysed, so a change applies to
 * uprobes analysed after it.
 */
#ifndef PROBESIM_SWITCHES_H
#define PROBESIM_SWITCHES_H

#include <linux/types.h>
#include "insn.h"

extern bool probesim_nop_param;
#ifdef PROBESIM_WITH_STP_SIM
extern bool probesim_stp_param;
#endif
#ifdef PROBESIM_WITH_ALU
extern bool probesim_alu_param;
#endif
#ifdef PROBESIM_WITH_BTI
extern bool probesim_bti_param;
#endif

/*
 * Whether probes of @family are simulated with the switches as they are
 * now; for STP, only where the system lets a store do so (gate.c).
 */
bool probesim_family_enabled(enum probesim_family family);

#endif /* PROBESIM_SWITCHES_H */
