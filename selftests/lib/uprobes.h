/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Attaching uprobes from a selftest, through the two interfaces users
 * have: tracefs uprobe_events and perf_event_open() with the uprobe PMU;
 * the simulation of probed instructions as a test sees it: what
 * simulates (the mode), its switches, and the XOL area; and the small
 * helpers the tests share (time, CPU, kernel release).
 */
#ifndef PROBESIM_SELFTEST_UPROBES_H
#define PROBESIM_SELFTEST_UPROBES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#ifndef BIT
#define BIT(nr)		(1UL << (nr))
#endif

/* BRK #5: the word a uprobe puts in place of the probed instruction. */
#define UPROBE_BRK	0xd42000a0U

/* probesim.ko's counters, which the tests check in PROBESIM_MODE=loaded. */
#include "stats.h"

/*
 * In a test body: FIXTURE_SETUP skipped the test. Harnesses before Linux
 * 6.9 (those without FIXTURE_TEARDOWN_PARENT) run the body after a SKIP
 * in the setup; a body whose setup can skip returns early on this. Needs
 * kselftest_harness.h included first.
 */
#ifdef FIXTURE_TEARDOWN_PARENT
#define setup_skipped()	false
#else
#define setup_skipped()	(_metadata->skip)
#endif

/*
 * Write @text to @file, appended or over what it holds (O_TRUNC, which
 * also empties tracefs' trace); 0, or -1.
 */
int write_file(const char *file, const char *text, bool append);

/* One number read from a (sysfs) file with scanf @format, or -1. */
long read_file_long(const char *file, const char *format);

/* Milliseconds from CLOCK_MONOTONIC. */
long now_ms(void);
void sleep_ms(long ms);
/* Pin the calling thread, or thread @tid, to CPU @cpu; 0 on success. */
int pin_to_cpu(int cpu);
int pin_thread_to_cpu(pid_t tid, int cpu);
/* Kernel release at least MAJOR.MINOR. */
bool kernel_at_least(int major, int minor);

/* Where @addr lives: the backing file and the offset within it. */
int file_location(const void *addr, char *path, size_t len, unsigned long *offset);

/* tracefs: "p:probesim_test/NAME PATH:OFFSET" (or "r:" for @ret). */
int tracefs_probe_add(const char *name, const char *path, unsigned long offset, bool ret);
int tracefs_probe_remove(const char *name);
/* Hits of probesim_test/NAME from uprobe_profile, or -1. */
long tracefs_probe_hits(const char *name);
/*
 * Before 6.10 the tracefs uprobe hit counter (uprobe_profile) is a plain
 * increment shared by all CPUs, so concurrent hits on two CPUs can lose
 * counts; from 6.10 it is per CPU.
 */
bool tracefs_hits_percpu(void);

/*
 * perf: a counting uprobe (or uretprobe) event on task @pid (0: self);
 * returns the fd or -1. With @inherit it counts the task's threads and
 * children too. Inherited uprobe counters lose hits, though: perf swaps
 * cloned event contexts between tasks at context switches, while the
 * uprobe perf filter accepts a hit only if the mm of the event's own task
 * is the current mm; after a swap, neither event counts. To count several
 * tasks exactly, open one event per task without @inherit.
 */
int perf_probe_open(const char *path, unsigned long offset, bool ret, pid_t pid,
		    bool inherit);
/* Hits counted by a perf uprobe event, or -1. */
long perf_probe_hits(int fd);

/*
 * PROBESIM_MODE, as set by the suite: what the test must expect (never
 * taken from behaviour). ABSENT: nothing simulates but what the stock
 * kernel does. LOADED: probesim.ko simulates, with its switches in
 * /sys/module/probesim/parameters and its counters in debugfs. BUILTIN:
 * the kernel itself simulates (the patch series): everything, always,
 * with no switches and no counters. UNSET: none of these.
 */
enum probesim_mode { MODE_UNSET, MODE_ABSENT, MODE_LOADED, MODE_BUILTIN };
enum probesim_mode probesim_mode(void);
const char *probesim_mode_name(enum probesim_mode mode);
/* Something simulates: probesim.ko or the kernel itself. */
static inline bool mode_simulates(enum probesim_mode mode)
{
	return mode == MODE_LOADED || mode == MODE_BUILTIN;
}

/* The simulation has per-family counters (debugfs probesim/stats). */
static inline bool mode_counts(enum probesim_mode mode)
{
	return mode == MODE_LOADED;
}

/*
 * The simulation can be switched off, so that a probe is stepped out of
 * line on this kernel (probesim's parameters). A kernel with the series
 * simulates what it simulates: there is no out-of-line leg to compare.
 */
static inline bool mode_has_xol_leg(enum probesim_mode mode)
{
	return mode != MODE_BUILTIN;
}

/*
 * Whether a test can run its simulated leg (@sim) or its out-of-line one
 * in @mode, and why not: the other leg compares with native instead.
 */
static inline bool mode_has_leg(enum probesim_mode mode, bool sim)
{
	return sim ? mode_simulates(mode) : mode_has_xol_leg(mode);
}

static inline const char *mode_missing_leg(enum probesim_mode mode, bool sim)
{
	if (sim)
		return "nothing simulates here: no simulated leg (the xol test compares with native)";
	return "the kernel simulates these itself: no out-of-line leg (the sim test compares with native)";
}

/*
 * A simulated push that faults is declined, and the CPU takes the native
 * fault.
 */
static inline bool mode_hands_faults_back(enum probesim_mode mode)
{
	return mode_simulates(mode);
}

/*
 * probesim.ko declines a hit by trapping again (docs/design.md,
 * "Declining a hit"): the probe counts that hit twice, and steps out of
 * line from then on. The kernel tree's handler declines before the hit
 * completes: one hit, and the probe stays simulated.
 */
static inline bool mode_declines_by_trapping_again(enum probesim_mode mode)
{
	return mode == MODE_LOADED;
}

/*
 * The mode, checked: it must be set, and probesim loaded exactly when it
 * says so. Stores it in @mode either way (for the teardown); 0, or -1 with
 * the reason in @err.
 */
int probesim_mode_check(enum probesim_mode *mode, char *err, size_t errlen);

/* probesim.ko state, for expectations set by the test's own mode. */
bool probesim_is_loaded(void);
/* finit_module(@ko, @params); 0 or -errno. */
int probesim_module_load(const char *ko, const char *params);
/* /sys/module/probesim/refcnt: references held on the module, or -1. */
long probesim_module_refcnt(void);
/* delete_module("probesim", O_NONBLOCK); 0 or -errno. */
int probesim_module_unload(void);
/*
 * A bool switch of probesim is on, and setting one (0 on success). In
 * BUILTIN mode every family is on, and none can be set (EOPNOTSUPP).
 */
bool probesim_param_on(const char *name);
int probesim_set_param(const char *name, const char *value);

/*
 * The kernel itself simulates every probed NOP (arm_probe_decode_insn(),
 * Linux 6.13 on), whatever the switches say: such a probe has no XOL leg,
 * probesim leaves it alone, and the kernel's simulate_nop() does no
 * branch-target check. A fact of the kernel under test, by its version.
 */
bool kernel_simulates_nop(void);

/* True if /proc/PID/maps (0: self) contains the "[uprobes]" XOL area. */
bool has_xol_area(pid_t pid);
/*
 * Start of the XOL area of PID (0: self), or 0 if it has none. Its first
 * slot is the uretprobe trampoline: a function whose return a uretprobe
 * intercepts returns with x30 (LR) holding this address.
 */
unsigned long xol_area_start(pid_t pid);

#endif
