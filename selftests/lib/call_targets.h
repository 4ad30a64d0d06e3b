/* SPDX-License-Identifier: GPL-2.0-only */
#ifdef PROBESIM_MODULE
/*
 * Shared by the counting, XOL witness and lifetime stress selftests: the
 * probed target functions, what probesim does with probes of them,
 * snapshots of probesim's counters, and loading and unloading probesim.ko.
 */
#else
/*
 * The probed target functions of the XOL witness test, and which of them
 * the kernel simulates.
 */
#endif
#ifndef PROBESIM_SELFTEST_PST_H
#define PROBESIM_SELFTEST_PST_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Targets, written in assembly so that their first instruction is known.
 * Each returns its argument plus one, which checks that the probed
 * instruction was executed (or simulated) correctly:
 *   pst_nop_target: "nop" first.
 *   pst_stp_target: "stp x29, x30, [sp, #-16]!" first; it reads the pair
 *   back and adds one only if memory holds x29 and x30.
 */
unsigned long pst_nop_target(unsigned long x);
unsigned long pst_stp_target(unsigned long x);

enum pst_family { PST_NOP, PST_STP, PST_NR_FAMILIES };

/* "nop" or "stp". */
const char *pst_family_name(enum pst_family family);
/* The target of @family and where it lives (file and offset). */
unsigned long (*pst_target(enum pst_family family))(unsigned long x);
int pst_target_location(enum pst_family family, char *path, size_t len,
			unsigned long *offset);
/* Call the target of @family @n times; true if every call returned x+1. */
bool pst_call(enum pst_family family, long n);

/*
 * Whether the kernel itself simulates probes of @family: NOP from Linux
 * 6.13 on, every family in PROBESIM_MODE=builtin (STP where the system
 * allows it). probesim then leaves them alone.
 */
bool pst_kernel_simulates(enum pst_family family);

#ifdef PROBESIM_MODULE
/*
 * Whether a loaded probesim patches, and so simulates and counts, new
 * probes of @family on this system and kernel.
 */
bool pst_probesim_patches(enum pst_family family);
#endif

/* Kernel release at least MAJOR.MINOR. */
bool pst_kernel_at_least(int major, int minor);

/*
 * Before 6.10 the tracefs uprobe hit counter (uprobe_profile) is a plain
 * increment shared by all CPUs, so concurrent hits on two CPUs can lose
 * counts; from 6.10 it is per CPU.
 */
bool pst_tracefs_hits_percpu(void);

/* Pin the calling thread to CPU @cpu; 0 on success. */
int pst_pin_to_cpu(int cpu);

#ifdef PROBESIM_MODULE
/* One read of debugfs probesim/stats. */
struct pst_stats {
	long patched[PST_NR_FAMILIES];
	long live[PST_NR_FAMILIES];
	long hits[PST_NR_FAMILIES];
	long stp_faults;
	long stp_refused;
	long track_failed;
	long hook_missed;
};

/* 0 if every counter was read. */
int pst_stats_read(struct pst_stats *stats);

/*
 * Poll until probesim tracks no live patched uprobe (they are freed
 * asynchronously after their probes go), up to @timeout_ms. 0 once idle
 * or when probesim is not loaded, -1 on timeout.
 */
int pst_wait_idle(int timeout_ms);

/* finit_module(@ko, @params); 0 or -errno. */
int pst_module_load(const char *ko, const char *params);
/* /sys/module/probesim/refcnt: references held on the module, or -1. */
long pst_module_refcnt(void);
/* delete_module("probesim", O_NONBLOCK); 0 or -errno. */
int pst_module_unload(void);
#endif

/* Milliseconds from CLOCK_MONOTONIC. */
long pst_now_ms(void);
void pst_sleep_ms(long ms);

#endif
