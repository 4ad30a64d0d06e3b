// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "uprobes.h"


#define TRACEFS "/sys/kernel/tracing"
#define MODULE_SWITCHES "/sys/module/probesim/parameters"
#define GROUP "probesim_test"

long read_file_long(const char *file, const char *format)
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

long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

int pin_thread_to_cpu(pid_t tid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(tid, sizeof(set), &set);
}

int pin_to_cpu(int cpu)
{
	return pin_thread_to_cpu(0, cpu);
}

bool kernel_at_least(int major, int minor)
{
	struct utsname u;
	int ma = 0, mi = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &ma, &mi) != 2)
		return false;
	return ma > major || (ma == major && mi >= minor);
}

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

int write_file(const char *file, const char *text, bool append)
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

bool tracefs_hits_percpu(void)
{
	return kernel_at_least(6, 10);
}

int perf_probe_open(const char *path, unsigned long offset, bool ret, pid_t pid,
		    bool inherit)
{
	struct perf_event_attr attr;
	long type = read_file_long("/sys/bus/event_source/devices/uprobe/type", "%ld");
	long bit = read_file_long("/sys/bus/event_source/devices/uprobe/format/retprobe",
				  "config:%ld");

	if (type < 0 || (ret && bit < 0))
		return -1;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config = ret ? 1ULL << bit : 0;
	attr.config1 = (uint64_t)(uintptr_t)path;	/* uprobe_path */
	attr.config2 = offset;				/* probe_offset */
	attr.inherit = inherit;
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

enum probesim_mode probesim_mode(void)
{
	const char *mode = getenv("PROBESIM_MODE");

	if (mode && !strcmp(mode, "absent"))
		return MODE_ABSENT;
	if (mode && !strcmp(mode, "loaded"))
		return MODE_LOADED;
	if (mode && !strcmp(mode, "builtin"))
		return MODE_BUILTIN;
	return MODE_UNSET;
}

const char *probesim_mode_name(enum probesim_mode mode)
{
	switch (mode) {
	case MODE_ABSENT:
		return "absent";
	case MODE_LOADED:
		return "loaded";
	case MODE_BUILTIN:
		return "builtin";
	default:
		return "unset";
	}
}

int probesim_mode_check(enum probesim_mode *mode, char *err, size_t errlen)
{
	bool loaded = probesim_is_loaded();

	*mode = probesim_mode();
	if (*mode == MODE_UNSET) {
		snprintf(err, errlen,
			 "PROBESIM_MODE must be \"absent\", \"loaded\" or \"builtin\"");
		return -1;
	}
	if ((*mode == MODE_LOADED) != loaded) {
		snprintf(err, errlen, "PROBESIM_MODE=%s but probesim is %sloaded",
			 probesim_mode_name(*mode), loaded ? "" : "not ");
		return -1;
	}
	return 0;
}

bool probesim_is_loaded(void)
{
	return access("/sys/module/probesim", F_OK) == 0;
}

int probesim_module_load(const char *ko, const char *params)
{
	int fd = open(ko, O_RDONLY | O_CLOEXEC), err = 0;
	const char *untested = getenv("PROBESIM_UNTESTED");
	char all[512];

	if (fd < 0)
		return -errno;
	/* On a kernel series probesim was not tested on, it loads only when told to. */
	if (untested && !strcmp(untested, "1")) {
		snprintf(all, sizeof(all), "%s untested_kernel=1", params);
		params = all;
	}
	if (syscall(SYS_finit_module, fd, params, 0))
		err = -errno;
	close(fd);
	return err;
}

long probesim_module_refcnt(void)
{
	return read_file_long("/sys/module/probesim/refcnt", "%ld");
}

int probesim_module_unload(void)
{
	if (syscall(SYS_delete_module, "probesim", O_NONBLOCK))
		return -errno;
	return 0;
}

bool probesim_param_on(const char *name)
{
	char file[256], value[8] = "";
	FILE *f;

	if (probesim_mode() == MODE_BUILTIN)
		return true;
	snprintf(file, sizeof(file), "%s/%s", MODULE_SWITCHES, name);
	f = fopen(file, "r");
	if (!f)
		return false;
	if (!fgets(value, sizeof(value), f))
		value[0] = 0;
	fclose(f);
	return value[0] == 'Y' || value[0] == '1';
}

int probesim_set_param(const char *name, const char *value)
{
	char file[256];

	if (probesim_mode() == MODE_BUILTIN) {
		errno = EOPNOTSUPP;
		return -1;
	}
	snprintf(file, sizeof(file), "%s/%s", MODULE_SWITCHES, name);
	return write_file(file, value, false);
}

bool kernel_simulates_nop(void)
{
	return kernel_at_least(6, 13);
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

bool has_xol_area(pid_t pid)
{
	return xol_area_start(pid) != 0;
}
