/* SPDX-License-Identifier: GPL-2.0-only */
/* Declarations shared by the parts of probesim.ko. */
#ifndef PROBESIM_H
#define PROBESIM_H

#include <linux/percpu.h>
#include <linux/types.h>
#include <asm/probes.h>
#include "family.h"
#include "switches.h"

/* compat.c: what compat.h renames; symbols.c resolves these two for it. */
extern void (*probesim_force_signal_inject_fn)(int signal, int code, unsigned long address,
					       unsigned long err);
extern void (*probesim_arm64_notify_die_fn)(const char *str, struct pt_regs *regs,
					    int signo, int sicode, unsigned long far,
					    unsigned long err);

/* hit.c: what auprobe->api.handler runs for a hit of @family. */
probes_handler_t *probesim_hit_handler(enum probesim_family family);

/* symbols.c: kernel functions that are not exported, found at load time. */
unsigned long probesim_lookup(const char *name);
unsigned long probesim_lookup_data(const char *name);
int probesim_resolve_symbols(void);

/*
 * text.c: direct branches in kernel text. @visit gets each B or BL of a
 * function with its destination; a nonzero return stops the walk and is
 * returned (negative: the function could not be read).
 */
typedef int probesim_branch_fn(unsigned long pc, unsigned long dest, void *arg);
int probesim_visit_branches(unsigned long fn, probesim_branch_fn *visit, void *arg);
/* Whether @from reaches a branch to @target through at most @depth calls. */
bool probesim_calls_reach(unsigned long from, unsigned long target,
			  unsigned int depth);

/*
 * counters.c: what the module did, pushed by the hook, the handlers and
 * the lifetime tracking; read by the debugfs view.
 */
enum probesim_event {
	PROBESIM_EV_STP_FAULT,		/* simulated STP faulted: handed to XOL */
	PROBESIM_EV_STP_TAG_CHECK_XOL,	/* the task checks tags asynchronously */
	PROBESIM_EV_STP_WATCHPOINT_XOL,	/* an EL0 watchpoint is armed */
	PROBESIM_EV_STP_REFUSED,	/* STP left to XOL: stp=0 */
	PROBESIM_EV_TRACK_FAILED,	/* no memory to track a probe */
	PROBESIM_EV_BRANCH_TARGET_FAULT,	/* SIGILL of the branch-target check */
	PROBESIM_EV_DECLINED,		/* another family's handler declined: XOL */
	PROBESIM_NR_EVENTS,
};

/*
 * Per CPU, so that the hit path takes no shared cache line and no lock;
 * inline, since every hit counts.
 */
struct probesim_counters {
	unsigned long patched[PROBESIM_NR_FAMILIES];
	unsigned long hits[PROBESIM_NR_FAMILIES];
	unsigned long events[PROBESIM_NR_EVENTS];
};

DECLARE_PER_CPU(struct probesim_counters, probesim_counters);

static inline void probesim_count_hit(enum probesim_family family)
{
	this_cpu_inc(probesim_counters.hits[family]);
}

static inline void probesim_count_event(enum probesim_event event)
{
	this_cpu_inc(probesim_counters.events[event]);
}

void probesim_count_patched(enum probesim_family family);
void probesim_count_live(enum probesim_family family, long delta);
unsigned long probesim_counted_patched(enum probesim_family family);
unsigned long probesim_counted_hits(enum probesim_family family);
unsigned long probesim_counted_events(enum probesim_event event);
unsigned long probesim_counted_live(enum probesim_family family);
const char *probesim_event_name(enum probesim_event event);

/* stats.c: debugfs probesim/stats, the view of the counters. */
bool probesim_stats_available(void);
int probesim_stats_init(void);
void probesim_stats_exit(void);

/* lifetime.c: patched uprobes still alive, and when they are freed. */
struct arch_uprobe;
struct inode;
struct seq_file;
struct vm_area_struct;
/* A uprobe as the kernel names it: the file mapped and the offset in it. */
struct probesim_probe_key {
	const struct inode *inode;
	dev_t dev;
	unsigned long ino;
	loff_t offset;
};

bool probesim_probe_key(const struct vm_area_struct *vma, unsigned long addr,
			struct probesim_probe_key *key);
int probesim_track(struct arch_uprobe *auprobe, const struct vm_area_struct *vma,
		   unsigned long addr, enum probesim_family family);
unsigned int probesim_unpatch(const struct vm_area_struct *vma, unsigned long addr,
			      const char *reason);
int probesim_probes_show(struct seq_file *m);
int probesim_lifetime_init(void);
void probesim_lifetime_exit(void);

/*
 * support.c: refusing a kernel, always in one format ("probesim:
 * unsupported kernel X.Y.Z: @what"); returns the error for init.
 */
int probesim_refuse(const char *what);
/* 0 on a kernel series probesim was tested on, or when told to load anyway. */
int probesim_check_tested_kernel(void);

/* hook.c: the decision point for new uprobes. */
unsigned long probesim_hook_missed(void);
int probesim_hook_init(void);
void probesim_hook_exit(void);

#endif /* PROBESIM_H */
