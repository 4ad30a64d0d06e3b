/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Simulation of uprobed instructions: what uprobes.c and the handlers need
 * from each other. insn.h holds the decode table's fields, simulate.h the
 * handlers.
 */
#ifndef __ARM64_KERNEL_PROBES_PROBESIM_H
#define __ARM64_KERNEL_PROBES_PROBESIM_H

#include <linux/sched.h>
#include <linux/types.h>
#include <asm/ptrace.h>
#include <asm/probes.h>
#include <asm/traps.h>
#include "insn.h"
#include "simulate.h"
#include "switches.h"

/*
 * The handler that simulates @insn, or NULL to step it out of line: the
 * decode table's verdict, within what the uprobe_sim.* switches allow.
 */
probes_handler_t *probesim_uprobe_handler(u32 insn);

#ifdef PROBESIM_WITH_STP_SIM
/* gate.c: STP is simulated only where the system lets a store do so. */
enum probesim_verdict probesim_system_verdict(void);
#endif

#endif /* __ARM64_KERNEL_PROBES_PROBESIM_H */
