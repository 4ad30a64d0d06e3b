/* SPDX-License-Identifier: GPL-2.0-only */
/* Declarations shared by the parts of probesim.ko. */
#ifndef PROBESIM_H
#define PROBESIM_H

#include <linux/types.h>
#include <asm/probes.h>
#include "insn.h"
#include "simulate.h"
#include "switches.h"

/* symbols.c resolves these for simulate.c. */
extern int (*probesim_force_sig_fault)(int sig, int code, void __user *addr);
extern void (*probesim_force_signal_inject)(int signal, int code, unsigned long address,
					    unsigned long err);

/* symbols.c: kernel functions that are not exported, found at load time. */
unsigned long probesim_lookup(const char *name);
int probesim_resolve_symbols(void);

/* gate.c: what the running system allows. */
enum probesim_verdict probesim_system_verdict(void);
enum probesim_verdict probesim_stp_verdict_if_enabled(void);

/* stats.c: debugfs probesim/stats. */
enum probesim_event {
	PROBESIM_EV_STP_FAULT,		/* simulated STP raised a signal */
	PROBESIM_EV_STP_REFUSED,	/* STP left to XOL by the gate */
	PROBESIM_EV_TRACK_FAILED,	/* no memory to track a probe */
	PROBESIM_EV_BRANCH_TARGET_FAULT,	/* SIGILL of the branch-target check */
	PROBESIM_NR_EVENTS,
};

void probesim_count_patched(enum probesim_family family);
void probesim_count_hit(enum probesim_family family);
void probesim_count_event(enum probesim_event event);
bool probesim_stats_available(void);
int probesim_stats_init(void);
void probesim_stats_exit(void);

/* lifetime.c: patched uprobes still alive, and when they are freed. */
int probesim_track(void *auprobe, enum probesim_family family);
unsigned long probesim_live(enum probesim_family family);
int probesim_lifetime_init(void);
void probesim_lifetime_exit(void);

/*
 * support.c: refusing a kernel, always in one format ("probesim:
 * unsupported kernel X.Y.Z: @what"); returns the error for init.
 */
int probesim_refuse(const char *what);
void probesim_note_untested_kernel(void);

/* hook.c: the decision point for new uprobes. */
unsigned long probesim_hook_missed(void);
int probesim_hook_init(void);
void probesim_hook_exit(void);

#endif /* PROBESIM_H */
