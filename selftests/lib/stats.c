// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <string.h>
#include "stats.h"
#include "uprobes.h"

#define STATS_FILE	"/sys/kernel/debug/probesim/stats"

static const char * const family_names[PROBESIM_NR_FAMILIES] = {
#define PROBESIM_FAMILY(id, name, ...) [PROBESIM_##id##_FAMILY] = #name,
#include "../../module/families.h"
#undef PROBESIM_FAMILY
};

/* Every counter of struct probesim_stats: its name and where it goes. */
struct stat_field {
	const char *name;
	size_t offset;
};

#define FAMILY_FIELD(kind, id, name) \
	{ #name "_" #kind, offsetof(struct probesim_stats, kind[PROBESIM_##id##_FAMILY]) }
#define EVENT_FIELD(name)	{ #name, offsetof(struct probesim_stats, name) }

static const struct stat_field fields[] = {
#define PROBESIM_FAMILY(id, name, ...) \
	FAMILY_FIELD(patched, id, name), FAMILY_FIELD(live, id, name), \
	FAMILY_FIELD(hits, id, name),
#include "../../module/families.h"
#undef PROBESIM_FAMILY
	EVENT_FIELD(stp_faults),
	EVENT_FIELD(stp_tag_check_xol),
	EVENT_FIELD(stp_watchpoint_xol),
	EVENT_FIELD(stp_refused),
	EVENT_FIELD(track_failed),
	EVENT_FIELD(branch_target_faults),
	EVENT_FIELD(declined),
	EVENT_FIELD(hook_missed),
};

/* A table that missed a member would leave it unread, never -1. */
_Static_assert(ARRAY_SIZE(fields) * sizeof(long) == sizeof(struct probesim_stats),
	       "every counter of struct probesim_stats has a name");

static long *field_of(const struct probesim_stats *s, unsigned int i)
{
	return (long *)((char *)s + fields[i].offset);
}

const char *probesim_family_name(enum probesim_family family)
{
	return family < PROBESIM_NR_FAMILIES ? family_names[family] : "?";
}

int probesim_stats_read(struct probesim_stats *s)
{
	FILE *f = fopen(STATS_FILE, "r");
	unsigned int i;
	char key[64];
	long v;
	int rc = 0;

	for (i = 0; i < ARRAY_SIZE(fields); i++)
		*field_of(s, i) = -1;	/* until read */
	if (!f)
		return -1;
	while (fscanf(f, "%63s %ld", key, &v) == 2)
		for (i = 0; i < ARRAY_SIZE(fields); i++)
			if (!strcmp(key, fields[i].name))
				*field_of(s, i) = v;
	fclose(f);
	for (i = 0; i < ARRAY_SIZE(fields); i++)
		if (*field_of(s, i) < 0)
			rc = -1;
	return rc;
}

void probesim_stats_missing(const struct probesim_stats *s, char *out, size_t len)
{
	unsigned int i;
	size_t used = 0;

	out[0] = 0;
	for (i = 0; i < ARRAY_SIZE(fields) && used < len; i++)
		if (*field_of(s, i) < 0)
			used += snprintf(out + used, len - used, "%s%s", used ? " " : "",
					 fields[i].name);
}

void probesim_stats_delta(struct probesim_stats *d, const struct probesim_stats *after,
			  const struct probesim_stats *before)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fields); i++)
		*field_of(d, i) = *field_of(after, i) - *field_of(before, i);
}

int probesim_stats_since(struct probesim_stats *d, const struct probesim_stats *before)
{
	struct probesim_stats now;

	if (probesim_stats_read(&now))
		return -1;
	probesim_stats_delta(d, &now, before);
	return 0;
}

int probesim_stats_wait_idle(int timeout_ms)
{
	long deadline = now_ms() + timeout_ms;
	struct probesim_stats s;
	unsigned int f;

	for (;;) {
		bool idle;

		if (!probesim_is_loaded())
			return 0;
		idle = !probesim_stats_read(&s);
		for (f = 0; idle && f < PROBESIM_NR_FAMILIES; f++)
			idle = !s.live[f];
		if (idle)
			return 0;
		if (now_ms() > deadline)
			return -1;
		sleep_ms(10);
	}
}
