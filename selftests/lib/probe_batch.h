/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Thousands of uprobes on one file, attached and detached at once.
 *
 * Closing a perf uprobe event waits for RCU grace periods under the
 * kernel's event_mutex (tracepoint_synchronize_unregister(); from 6.12
 * also uprobe_unregister_sync()), one event after the other: tens of
 * milliseconds each under qemu TCG, minutes for a few thousand probes.
 * A batch is instead one tracefs event, probesim_test/NAME, with a uprobe
 * per offset (uprobe_events appends a probe to an event whose name is in
 * use), enabled by a single perf tracepoint event: its close disables
 * all the uprobes with one round of grace periods. The perf event counts
 * the hits of them all; uprobe_profile has the hits of each.
 */
#ifndef PROBESIM_SELFTEST_PROBE_BATCH_H
#define PROBESIM_SELFTEST_PROBE_BATCH_H

#include <stdbool.h>
#include <sys/types.h>

/*
 * Create probesim_test/@name with a uprobe at each of the @n @offsets in
 * @path (none may be probed by it already). 0, or -1 with errno set.
 */
int probe_batch_add(const char *name, const char *path,
		    const unsigned long *offsets, unsigned int n);

/*
 * A counting perf tracepoint event on probesim_test/@name for task @pid
 * (0: self): from now on every uprobe of the batch fires in that task's
 * mappings of the file. The fd, or -1 with errno set.
 */
int probe_batch_perf_open(const char *name, pid_t pid);

/*
 * The hits of each uprobe of probesim_test/@name into @hits, in the order
 * of @offsets: 0, or -1 if the batch is not exactly those @n uprobes.
 */
int probe_batch_hits(const char *name, const unsigned long *offsets,
		     unsigned int n, long *hits);

/*
 * Enable (@on) or disable probesim_test/@name in tracefs: enabled, its
 * uprobes fire in every process that maps the file, with no filter, so
 * forked children, threads and exec'd programs hit them too. 0, or -1
 * with errno set.
 */
int probe_batch_enable(const char *name, bool on);

/* Delete probesim_test/@name and its uprobes (its perf events closed). */
int probe_batch_remove(const char *name);

#endif
