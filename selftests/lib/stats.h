/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * probesim.ko's counters, as debugfs probesim/stats shows them: for each
 * family of module/families.h its patched, live and hits counters, then
 * the events and the hook's misses. The families come from that file, so
 * that a new one is read, compared and waited for without an edit here.
 */
#ifndef PROBESIM_SELFTEST_STATS_H
#define PROBESIM_SELFTEST_STATS_H

#include <stddef.h>

enum probesim_family {
#define PROBESIM_FAMILY(id, ...) PROBESIM_##id##_FAMILY,
#include "../../module/families.h"
#undef PROBESIM_FAMILY
	PROBESIM_NR_FAMILIES
};

/* One read of probesim/stats; a counter not found is -1. */
struct probesim_stats {
	long patched[PROBESIM_NR_FAMILIES];
	long live[PROBESIM_NR_FAMILIES];
	long hits[PROBESIM_NR_FAMILIES];
	long stp_faults;
	long stp_tag_check_xol;
	long stp_watchpoint_xol;
	long stp_refused;
	long track_failed;
	long branch_target_faults;
	long declined;
	long hook_missed;
};

/* "nop", "stp", ...: the family's name in probesim/stats. */
const char *probesim_family_name(enum probesim_family family);

/* 0 if every counter was read, else -1. */
int probesim_stats_read(struct probesim_stats *s);
/* The names of the counters @s lacks, space-separated, into @out. */
void probesim_stats_missing(const struct probesim_stats *s, char *out, size_t len);
/* @d = @after - @before, counter by counter. */
void probesim_stats_delta(struct probesim_stats *d, const struct probesim_stats *after,
			  const struct probesim_stats *before);
/* Read now, and @d = now - @before; 0 if every counter was read. */
int probesim_stats_since(struct probesim_stats *d, const struct probesim_stats *before);

/*
 * Poll until probesim tracks no live patched uprobe of any family (they
 * are freed asynchronously after their probes go), up to @timeout_ms. 0
 * once idle or when probesim is not loaded, -1 on timeout.
 */
int probesim_stats_wait_idle(int timeout_ms);

#endif
