// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "pst.h"
#include "uprobes.h"

/*
 * The targets. Each sits alone at a 16-byte boundary; the probe goes on
 * its first instruction. The STP target checks the stored pair through a
 * reload, so a simulation that stored wrong values or moved SP wrongly
 * makes it return x (not x + 1), and a wrong SP also breaks the return.
 */
asm("	.text\n"
"	.balign	16\n"
"	.globl	pst_nop_target\n"
"	.type	pst_nop_target, %function\n"
"pst_nop_target:\n"
"	nop\n"
"	add	x0, x0, #1\n"
"	ret\n"
"	.size	pst_nop_target, . - pst_nop_target\n"
"\n"
"	.balign	16\n"
"	.globl	pst_stp_target\n"
"	.type	pst_stp_target, %function\n"
"pst_stp_target:\n"
"	stp	x29, x30, [sp, #-16]!\n"
"	ldp	x9, x10, [sp]\n"
"	cmp	x9, x29\n"
"	ccmp	x10, x30, #0, eq\n"
"	cinc	x0, x0, eq\n"
"	ldp	x29, x30, [sp], #16\n"
"	ret\n"
"	.size	pst_stp_target, . - pst_stp_target\n"
);

const char *pst_family_name(enum pst_family family)
{
	return family == PST_NOP ? "nop" : "stp";
}

unsigned long (*pst_target(enum pst_family family))(unsigned long x)
{
	return family == PST_NOP ? pst_nop_target : pst_stp_target;
}

int pst_target_location(enum pst_family family, char *path, size_t len,
			unsigned long *offset)
{
	return file_location((const void *)pst_target(family), path, len, offset);
}

bool pst_call(enum pst_family family, long n)
{
	unsigned long (*fn)(unsigned long x) = pst_target(family);
	unsigned long acc = 0;
	long i;

	for (i = 0; i < n; i++)
		acc = fn(acc);
	return acc == (unsigned long)n;
}

/* What a simulation with every switch on takes: STP only past the gate. */
static bool simulation_takes(enum pst_family family)
{
	return family == PST_NOP || system_allows_stp();
}

bool pst_kernel_simulates(enum pst_family family)
{
	if (probesim_mode() == MODE_BUILTIN)
		return simulation_takes(family);
	return family == PST_NOP && kernel_simulates_nop();
}

#ifdef PROBESIM_MODULE
bool pst_probesim_patches(enum pst_family family)
{
	return !pst_kernel_simulates(family) && simulation_takes(family);
}
#endif

bool pst_kernel_at_least(int major, int minor)
{
	struct utsname u;
	int ma = 0, mi = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &ma, &mi) != 2)
		return false;
	return ma > major || (ma == major && mi >= minor);
}

bool pst_tracefs_hits_percpu(void)
{
	return pst_kernel_at_least(6, 10);
}

int pst_pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

#ifdef PROBESIM_MODULE
int pst_stats_read(struct pst_stats *stats)
{
	static const struct probesim_stat_field fields[] = {
		{ "nop_patched", offsetof(struct pst_stats, patched[PST_NOP]) },
		{ "nop_live", offsetof(struct pst_stats, live[PST_NOP]) },
		{ "nop_hits", offsetof(struct pst_stats, hits[PST_NOP]) },
		{ "stp_patched", offsetof(struct pst_stats, patched[PST_STP]) },
		{ "stp_live", offsetof(struct pst_stats, live[PST_STP]) },
		{ "stp_hits", offsetof(struct pst_stats, hits[PST_STP]) },
		{ "stp_faults", offsetof(struct pst_stats, stp_faults) },
		{ "stp_refused", offsetof(struct pst_stats, stp_refused) },
		{ "track_failed", offsetof(struct pst_stats, track_failed) },
		{ "hook_missed", offsetof(struct pst_stats, hook_missed) },
	};

	return probesim_stats_read(stats, fields, ARRAY_SIZE(fields));
}

int pst_wait_idle(int timeout_ms)
{
	long deadline = pst_now_ms() + timeout_ms;
	struct pst_stats s;

	for (;;) {
		if (!probesim_is_loaded())
			return 0;
		if (!pst_stats_read(&s) && !s.live[PST_NOP] && !s.live[PST_STP])
			return 0;
		if (pst_now_ms() > deadline)
			return -1;
		pst_sleep_ms(10);
	}
}

int pst_module_load(const char *ko, const char *params)
{
	int fd = open(ko, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (syscall(SYS_finit_module, fd, params, 0))
		err = -errno;
	close(fd);
	return err;
}

long pst_module_refcnt(void)
{
	return read_file_long("/sys/module/probesim/refcnt", "%ld");
}

int pst_module_unload(void)
{
	if (syscall(SYS_delete_module, "probesim", O_NONBLOCK))
		return -errno;
	return 0;
}
#endif

long pst_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

void pst_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}
