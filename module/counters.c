// SPDX-License-Identifier: GPL-2.0-only
/*
 * The counters, a leaf: the hook, the handlers and the lifetime tracking
 * push into them, and the debugfs view (stats.c) reads them. Patches,
 * hits and events are counted per CPU (probesim.h has the increments the
 * hit path inlines); reads sum over all CPUs. Live probes
 * go up and down from several CPUs and are read exactly, so they are
 * one atomic per family.
 */
#include <linux/atomic.h>
#include <linux/percpu.h>
#include "probesim.h"

DEFINE_PER_CPU(struct probesim_counters, probesim_counters);
static atomic_long_t probesim_live_count[PROBESIM_NR_FAMILIES];

static const char * const probesim_event_names[PROBESIM_NR_EVENTS] = {
	[PROBESIM_EV_STP_FAULT] = "stp_faults",
	[PROBESIM_EV_STP_TAG_CHECK_XOL] = "stp_tag_check_xol",
	[PROBESIM_EV_STP_WATCHPOINT_XOL] = "stp_watchpoint_xol",
	[PROBESIM_EV_STP_REFUSED] = "stp_refused",
	[PROBESIM_EV_TRACK_FAILED] = "track_failed",
	[PROBESIM_EV_BRANCH_TARGET_FAULT] = "branch_target_faults",
	[PROBESIM_EV_DECLINED] = "declined",
};

const char *probesim_event_name(enum probesim_event event)
{
	return probesim_event_names[event];
}

void probesim_count_patched(enum probesim_family family)
{
	this_cpu_inc(probesim_counters.patched[family]);
}

void probesim_count_live(enum probesim_family family, long delta)
{
	atomic_long_add(delta, &probesim_live_count[family]);
}

static unsigned long probesim_sum(size_t offset)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += *(unsigned long *)((char *)per_cpu_ptr(&probesim_counters, cpu) + offset);
	return sum;
}

#define PROBESIM_SUM(field) \
	probesim_sum(offsetof(struct probesim_counters, field))

unsigned long probesim_counted_patched(enum probesim_family family)
{
	return PROBESIM_SUM(patched[family]);
}

unsigned long probesim_counted_hits(enum probesim_family family)
{
	return PROBESIM_SUM(hits[family]);
}

unsigned long probesim_counted_events(enum probesim_event event)
{
	return PROBESIM_SUM(events[event]);
}

unsigned long probesim_counted_live(enum probesim_family family)
{
	return atomic_long_read(&probesim_live_count[family]);
}
