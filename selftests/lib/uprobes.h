/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Attaching uprobes from a selftest, through the two interfaces users
 * have: tracefs uprobe_events and perf_event_open() with the uprobe PMU.
 */
#ifndef PROBESIM_SELFTEST_UPROBES_H
#define PROBESIM_SELFTEST_UPROBES_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* Where @addr lives: the backing file and the offset within it. */
int file_location(const void *addr, char *path, size_t len, unsigned long *offset);

/* tracefs: "p:probesim_test/NAME PATH:OFFSET" (or "r:" for @ret). */
int tracefs_probe_add(const char *name, const char *path, unsigned long offset, bool ret);
int tracefs_probe_remove(const char *name);
/* Hits of probesim_test/NAME from uprobe_profile, or -1. */
long tracefs_probe_hits(const char *name);

/* perf: a counting uprobe (or uretprobe) event; returns the fd. */
int perf_probe_open(const char *path, unsigned long offset, bool ret, pid_t pid);
/* Hits counted by a perf uprobe event, or -1. */
long perf_probe_hits(int fd);

/* probesim.ko state, for expectations set by the test's own mode. */
bool probesim_is_loaded(void);
/* A counter from debugfs probesim/stats, or -1. */
long probesim_stat(const char *name);
/* Write a module parameter of probesim; 0 on success. */
int probesim_set_param(const char *name, const char *value);

/* True if /proc/PID/maps (0: self) contains the "[uprobes]" XOL area. */
bool has_xol_area(pid_t pid);
/*
 * Start of the XOL area of PID (0: self), or 0 if it has none. Its first
 * slot is the uretprobe trampoline: a function whose return a uretprobe
 * intercepts returns with x30 (LR) holding this address.
 */
unsigned long xol_area_start(pid_t pid);

#endif
