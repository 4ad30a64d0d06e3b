// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs probesim/stats: a view of the counters (counters.c) and of the
 * hook's misses; probesim/probes: the patched uprobes (lifetime.c).
 * Nothing calls into it but init and exit.
 */
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include "probesim.h"

static struct dentry *probesim_debugfs;

/* One "name value" pair per line, easy to read by eye and by scripts. */
static int probesim_stats_show(struct seq_file *m, void *unused)
{
	enum probesim_family f;
	enum probesim_event e;

	for (f = PROBESIM_NOP_FAMILY; f < PROBESIM_NR_FAMILIES; f++) {
		const char *name = probesim_family_name(f);

		seq_printf(m, "%s_patched %lu\n", name, probesim_counted_patched(f));
		seq_printf(m, "%s_live %lu\n", name, probesim_counted_live(f));
		seq_printf(m, "%s_hits %lu\n", name, probesim_counted_hits(f));
	}
	for (e = 0; e < PROBESIM_NR_EVENTS; e++)
		seq_printf(m, "%s %lu\n", probesim_event_name(e), probesim_counted_events(e));
	seq_printf(m, "hook_missed %lu\n", probesim_hook_missed());
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(probesim_stats);

static int probesim_probes_list_show(struct seq_file *m, void *unused)
{
	return probesim_probes_show(m);
}
DEFINE_SHOW_ATTRIBUTE(probesim_probes_list);

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
	debugfs_create_file("probes", 0444, probesim_debugfs, NULL,
			    &probesim_probes_list_fops);
	return 0;
}

void probesim_stats_exit(void)
{
	debugfs_remove_recursive(probesim_debugfs);
}
