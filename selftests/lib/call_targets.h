/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The call targets of the counting, XOL witness, lifetime stress and
 * unload selftests: functions that start with an instruction the
 * simulation takes, called in loops under probes, and what becomes of
 * probes of them.
 */
#ifndef PROBESIM_SELFTEST_CALL_TARGETS_H
#define PROBESIM_SELFTEST_CALL_TARGETS_H

#include <stdbool.h>
#include <stddef.h>
#include "uprobes.h"

/*
 * Targets, written in assembly so that their first instruction is known.
 * Each returns its argument plus one, which checks that the probed
 * instruction was executed (or simulated) correctly:
 *   call_target_nop: "nop" first.
 *   call_target_stp: "stp x29, x30, [sp, #-16]!" first; it reads the pair
 *   back and adds one only if memory holds x29 and x30.
 */
unsigned long call_target_nop(unsigned long x);
unsigned long call_target_stp(unsigned long x);

/* The family of a target's first instruction. */
enum call_family { CALL_NOP, CALL_STP, CALL_NR_FAMILIES };

/* "nop" or "stp". */
const char *call_family_name(enum call_family family);
/* The target of @family and where it lives (file and offset). */
unsigned long (*call_target(enum call_family family))(unsigned long x);
int call_target_location(enum call_family family, char *path, size_t len,
			 unsigned long *offset);
/* Call the target of @family @n times; true if every call returned x+1. */
bool call_target_repeat(enum call_family family, long n);

/*
 * Whether the kernel itself simulates probes of @family: NOP from Linux
 * 6.13 on, every family in PROBESIM_MODE=builtin. probesim then leaves
 * them alone.
 */
bool call_family_kernel_simulates(enum call_family family);

/*
 * Whether a loaded probesim patches, and so simulates and counts, new
 * probes of @family on this system and kernel.
 */
bool call_family_probesim_patches(enum call_family family);
/* The family of probesim/stats that counts probes of @family. */
enum probesim_family call_family_counted_as(enum call_family family);

#endif
