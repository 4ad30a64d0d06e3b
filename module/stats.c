// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs probesim/stats. Hits are counted per CPU so that the hit path
 * takes no shared cache line and no lock; reads sum over all CPUs.
 */
#include <linux/debugfs.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include "probesim.h"

struct probesim_counters {
	unsigned long patched[PROBESIM_NR_FAMILIES];
	unsigned long hits[PROBESIM_NR_FAMILIES];
	unsigned long events[PROBESIM_NR_EVENTS];
};

static DEFINE_PER_CPU(struct probesim_counters, probesim_counters);
static struct dentry *probesim_debugfs;

static const char * const probesim_event_names[PROBESIM_NR_EVENTS] = {
	[PROBESIM_EV_STP_FAULT] = "stp_faults",
	[PROBESIM_EV_STP_TAG_CHECK_XOL] = "stp_tag_check_xol",
	[PROBESIM_EV_STP_REFUSED] = "stp_refused",
	[PROBESIM_EV_TRACK_FAILED] = "track_failed",
	[PROBESIM_EV_BRANCH_TARGET_FAULT] = "branch_target_faults",
};

void probesim_count_patched(enum probesim_family family)
{
	this_cpu_inc(probesim_counters.patched[family]);
}

void probesim_count_hit(enum probesim_family family)
{
	this_cpu_inc(probesim_counters.hits[family]);
}

void probesim_count_event(enum probesim_event event)
{
	this_cpu_inc(probesim_counters.events[event]);
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

/* One "name value" pair per line, easy to read by eye and by scripts. */
static int probesim_stats_show(struct seq_file *m, void *unused)
{
	enum probesim_family f;
	int e;

	for (f = PROBESIM_NOP_FAMILY; f < PROBESIM_NR_FAMILIES; f++) {
		const char *name = probesim_family_name(f);

		seq_printf(m, "%s_patched %lu\n", name, PROBESIM_SUM(patched[f]));
		seq_printf(m, "%s_live %lu\n", name, probesim_live(f));
		seq_printf(m, "%s_hits %lu\n", name, PROBESIM_SUM(hits[f]));
	}
	for (e = 0; e < PROBESIM_NR_EVENTS; e++)
		seq_printf(m, "%s %lu\n", probesim_event_names[e],
			   PROBESIM_SUM(events[e]));
	seq_printf(m, "hook_missed %lu\n", probesim_hook_missed());
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(probesim_stats);

/*
 * Without debugfs (CONFIG_DEBUG_FS=n, debugfs=off, as on Android
 * production builds) the module works but cannot show its counters.
 */
bool probesim_stats_available(void)
{
	return !IS_ERR_OR_NULL(probesim_debugfs);
}

int probesim_stats_init(void)
{
	probesim_debugfs = debugfs_create_dir("probesim", NULL);
	debugfs_create_file("stats", 0444, probesim_debugfs, NULL,
			    &probesim_stats_fops);
	return 0;
}

void probesim_stats_exit(void)
{
	debugfs_remove_recursive(probesim_debugfs);
}
