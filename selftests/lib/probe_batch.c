// SPDX-License-Identifier: GPL-2.0-only
/* Batches of uprobes behind one tracefs event. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "probe_batch.h"
#include "uprobes.h"

#define TRACEFS		"/sys/kernel/tracing"
#define GROUP		"probesim_test"
/* uprobe_events parses a write in pieces of 4096 bytes: whole lines below. */
#define WRITE_MAX	4000

static int append_text(const char *file, const char *text, size_t len)
{
	int fd = open(file, O_WRONLY | O_APPEND | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -1;
}

int probe_batch_add(const char *name, const char *path,
		    const unsigned long *offsets, unsigned int n)
{
	char buf[WRITE_MAX + 512];
	size_t len = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		len += snprintf(buf + len, sizeof(buf) - len, "p:%s/%s %s:0x%lx\n",
				GROUP, name, path, offsets[i]);
		if (len >= sizeof(buf)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (len > WRITE_MAX || i == n - 1) {
			if (append_text(TRACEFS "/uprobe_events", buf, len))
				return -1;
			len = 0;
		}
	}
	return 0;
}

int probe_batch_perf_open(const char *name, pid_t pid)
{
	struct perf_event_attr attr;
	char file[256];
	long id;

	snprintf(file, sizeof(file), TRACEFS "/events/%s/%s/id", GROUP, name);
	id = read_file_long(file, "%ld");
	if (id < 0) {
		errno = ENOENT;
		return -1;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = id;
	return syscall(SYS_perf_event_open, &attr, pid, pid == -1 ? 0 : -1, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

/*
 * uprobe_events and uprobe_profile list the uprobes in the same order
 * (both walk the kernel's list of dynamic events); the first has the
 * offsets, the second the hits.
 */
int probe_batch_hits(const char *name, const unsigned long *offsets,
		     unsigned int n, long *hits)
{
	FILE *events = fopen(TRACEFS "/uprobe_events", "r");
	FILE *profile = fopen(TRACEFS "/uprobe_profile", "r");
	char line[4352], event[256], want[300];
	unsigned int i = 0, k = 0;
	unsigned long off;
	int ret = -1;
	long h;

	if (!events || !profile)
		goto out;
	snprintf(want, sizeof(want), "%s/%s", GROUP, name);
	while (fgets(line, sizeof(line), events)) {
		char *colon = strrchr(line, ':');

		if (sscanf(line, "p:%255s", event) != 1 || strcmp(event, want))
			continue;
		if (!colon || sscanf(colon, ":0x%lx", &off) != 1 ||
		    i >= n || offsets[i] != off)
			goto out;
		i++;
	}
	while (fgets(line, sizeof(line), profile)) {
		if (sscanf(line, "%*s %255s %ld", event, &h) != 2 || strcmp(event, name))
			continue;
		if (k >= n)
			goto out;
		hits[k++] = h;
	}
	ret = i == n && k == n ? 0 : -1;
out:
	if (events)
		fclose(events);
	if (profile)
		fclose(profile);
	return ret;
}

int probe_batch_enable(const char *name, bool on)
{
	char file[256];
	int fd, ok;

	snprintf(file, sizeof(file), TRACEFS "/events/%s/%s/enable", GROUP, name);
	fd = open(file, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ok = write(fd, on ? "1" : "0", 1) == 1;
	return close(fd) || !ok ? -1 : 0;
}

int probe_batch_remove(const char *name)
{
	char cmd[256];
	int len;

	len = snprintf(cmd, sizeof(cmd), "-:%s/%s\n", GROUP, name);
	return append_text(TRACEFS "/uprobe_events", cmd, len);
}
