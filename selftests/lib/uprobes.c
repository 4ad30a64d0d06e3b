// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "uprobes.h"

#define TRACEFS "/sys/kernel/tracing"
#define GROUP "probesim_test"

int file_location(const void *addr, char *path, size_t len, unsigned long *offset)
{
	unsigned long start, end, pgoff, a = (unsigned long)addr;
	char line[512], file[256];
	FILE *maps = fopen("/proc/self/maps", "r");
	int found = -1;

	if (!maps)
		return -1;
	while (fgets(line, sizeof(line), maps)) {
		file[0] = 0;
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &start, &end,
			   &pgoff, file) < 3)
			continue;
		if (a < start || a >= end || file[0] != '/')
			continue;
		snprintf(path, len, "%s", file);
		*offset = a - start + pgoff;
		found = 0;
		break;
	}
	fclose(maps);
	return found;
}

static int write_file(const char *file, const char *text, bool append)
{
	int fd = open(file, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

int tracefs_probe_add(const char *name, const char *path, unsigned long offset, bool ret)
{
	char cmd[512], enable[256];

	snprintf(cmd, sizeof(cmd), "%c:%s/%s %s:0x%lx\n", ret ? 'r' : 'p',
		 GROUP, name, path, offset);
	if (write_file(TRACEFS "/uprobe_events", cmd, true))
		return -1;
	snprintf(enable, sizeof(enable), TRACEFS "/events/%s/%s/enable", GROUP, name);
	return write_file(enable, "1", false);
}

int tracefs_probe_remove(const char *name)
{
	char cmd[256], enable[256];

	snprintf(enable, sizeof(enable), TRACEFS "/events/%s/%s/enable", GROUP, name);
	write_file(enable, "0", false);
	snprintf(cmd, sizeof(cmd), "-:%s/%s\n", GROUP, name);
	return write_file(TRACEFS "/uprobe_events", cmd, true);
}

long tracefs_probe_hits(const char *name)
{
	FILE *f = fopen(TRACEFS "/uprobe_profile", "r");
	char line[512], file[256], event[256];
	long hits = -1, n;
	char want[300];

	if (!f)
		return -1;
	/* uprobe_profile names the event without its group. */
	snprintf(want, sizeof(want), "%s", name);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%255s %255s %ld", file, event, &n) == 3 &&
		    !strcmp(event, want)) {
			hits = n;
			break;
		}
	}
	fclose(f);
	return hits;
}

static long read_long(const char *file, const char *format)
{
	FILE *f = fopen(file, "r");
	long v = -1;

	if (!f)
		return -1;
	if (fscanf(f, format, &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

int perf_probe_open(const char *path, unsigned long offset, bool ret, pid_t pid)
{
	struct perf_event_attr attr;
	long type = read_long("/sys/bus/event_source/devices/uprobe/type", "%ld");
	long bit = read_long("/sys/bus/event_source/devices/uprobe/format/retprobe",
			     "config:%ld");

	if (type < 0 || (ret && bit < 0))
		return -1;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = ret ? 1ULL << bit : 0;
	attr.config1 = (uint64_t)(uintptr_t)path;	/* uprobe_path */
	attr.config2 = offset;				/* probe_offset */
	attr.inherit = 1;
	return syscall(SYS_perf_event_open, &attr, pid, pid == -1 ? 0 : -1, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

long perf_probe_hits(int fd)
{
	uint64_t count;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return -1;
	return (long)count;
}

bool probesim_is_loaded(void)
{
	return access("/sys/module/probesim", F_OK) == 0;
}

long probesim_stat(const char *name)
{
	FILE *f = fopen("/sys/kernel/debug/probesim/stats", "r");
	char key[64];
	long v, found = -1;

	if (!f)
		return -1;
	while (fscanf(f, "%63s %ld", key, &v) == 2) {
		if (!strcmp(key, name)) {
			found = v;
			break;
		}
	}
	fclose(f);
	return found;
}

int probesim_set_param(const char *name, const char *value)
{
	char file[256];

	snprintf(file, sizeof(file), "/sys/module/probesim/parameters/%s", name);
	return write_file(file, value, false);
}

bool has_xol_area(pid_t pid)
{
	char file[64], line[512];
	bool found = false;
	FILE *maps;

	if (pid)
		snprintf(file, sizeof(file), "/proc/%d/maps", pid);
	else
		snprintf(file, sizeof(file), "/proc/self/maps");
	maps = fopen(file, "r");
	if (!maps)
		return false;
	while (!found && fgets(line, sizeof(line), maps))
		found = strstr(line, "[uprobes]") != NULL;
	fclose(maps);
	return found;
}

unsigned long xol_area_start(pid_t pid)
{
	unsigned long start, found = 0;
	char file[64], line[512];
	FILE *maps;

	if (pid)
		snprintf(file, sizeof(file), "/proc/%d/maps", pid);
	else
		snprintf(file, sizeof(file), "/proc/self/maps");
	maps = fopen(file, "r");
	if (!maps)
		return 0;
	while (!found && fgets(line, sizeof(line), maps))
		if (strstr(line, "[uprobes]") && sscanf(line, "%lx-", &start) == 1)
			found = start;
	fclose(maps);
	return found;
}
