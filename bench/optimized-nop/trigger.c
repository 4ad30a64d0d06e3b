// SPDX-License-Identifier: GPL-2.0-only
/*
 * optimized-nop-trigger: what a trap-free probe on a NOP site would save,
 * counted in instructions on the prototype kernel (kernel.patch).
 *
 * Two NOP sites of this program's text get a perf uprobe event each.
 * One is hit by its breakpoint, as every arm64 kernel does it. On the
 * other, once its breakpoint is in place, this program does what
 * arch_uprobe_optimize() would do: it writes "b slot" over the breakpoint,
 * and the slot enters the kernel by the prototype's syscall. Each path is
 * called from a loop, directly (bl); the cost per hit is the least of
 * ROUNDS spans of CALLS calls less the least span of the same site
 * unprobed (which holds what the reads of the counters cost), counted by
 * the PMU for this task at EL1 and EL0 apart. The
 * event's count must equal the hits, so a path that lost its consumers
 * fails. A null syscall is counted beside them, as the floor of any
 * syscall entry. Prints a Markdown table on stdout; exits 1 on a failed
 * check.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../../selftests/arm64-uprobes/uprobe.h"

#define CALLS	1000
#define ROUNDS	5
#define SYSCALL_UPROBE_PROTOTYPE	473	/* kernel.patch */
#define UPROBE_BRK	0xd42000a0u		/* BRK #5, UPROBE_SWBP_INSN */

void site_bp(void);
void site_opt(void);
extern const uint32_t opt_slot[];

/*
 * The sites, and the slot of site_opt: it saves x8 where the kernel takes
 * it back from, keeps SP 16-byte aligned, and names its site by offset.
 */
asm("	.text\n"
    "	.balign	16\n"
    "	.globl	site_bp\n"
    "site_bp:\n"
    "	nop\n"
    "	ret\n"
    "	.balign	16\n"
    "	.globl	site_opt\n"
    "site_opt:\n"
    "	nop\n"
    "	ret\n"
    "	.balign	16\n"
    "	.globl	opt_slot\n"
    "opt_slot:\n"
    "	str	x8, [sp, #-16]!\n"
    "	mov	x8, #473\n"
    "	svc	#0\n"
    "	udf	#0\n"
    "	.quad	site_opt - .\n");

struct counts {
	uint64_t kernel;
	uint64_t user;
};

static int counters = -1;	/* group leader: instructions at EL1 */

static void die(const char *what)
{
	fprintf(stderr, "optimized-nop-trigger: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void fail(const char *what)
{
	fprintf(stderr, "optimized-nop-trigger: %s\n", what);
	exit(1);
}

static int perf_open(struct perf_event_attr *attr, int group)
{
	return syscall(__NR_perf_event_open, attr, 0, -1, group, 0);
}

static void open_counters(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_HW_INSTRUCTIONS,
		.read_format = PERF_FORMAT_GROUP,
		.exclude_user = 1,
		.exclude_hv = 1,
	};
	int user;

	counters = perf_open(&attr, -1);
	if (counters < 0)
		die("perf_event_open(instructions, kernel)");
	attr.exclude_user = 0;
	attr.exclude_kernel = 1;
	user = perf_open(&attr, counters);
	if (user < 0)
		die("perf_event_open(instructions, user)");
}

static struct counts read_counters(void)
{
	uint64_t buf[3];

	if (read(counters, buf, sizeof(buf)) != sizeof(buf) || buf[0] != 2)
		die("read(instructions)");
	return (struct counts){ .kernel = buf[1], .user = buf[2] };
}

/* The least of ROUNDS spans of CALLS calls of @body. */
#define LEAST_SPAN(result, body)						\
	do {									\
		(result) = (struct counts){ UINT64_MAX, UINT64_MAX };		\
		for (int r = 0; r < ROUNDS; r++) {				\
			struct counts a = read_counters(), b;			\
			for (int i = 0; i < CALLS; i++)				\
				body;						\
			b = read_counters();					\
			if (b.kernel - a.kernel < (result).kernel)		\
				(result).kernel = b.kernel - a.kernel;		\
			if (b.user - a.user < (result).user)			\
				(result).user = b.user - a.user;		\
		}								\
	} while (0)

/* A perf uprobe event on @site, counting its hits (the kselftests' helper). */
static int attach(const void *site)
{
	int fd = uprobe_open(site, 0);

	if (fd < 0)
		die("perf_event_open(uprobe)");
	return fd;
}

/* Every call of every span must have reached the uprobe's consumer. */
static void detach_counting_every_hit(int fd, const char *path)
{
	long n = uprobe_hits(fd);

	if (n < 0)
		die("read(uprobe)");
	close(fd);
	if (n != (long)CALLS * ROUNDS) {
		fprintf(stderr, "%s: %ld hits counted, %d calls\n", path, n, CALLS * ROUNDS);
		fail("a path lost hits");
	}
}

/* What arch_uprobe_optimize() would do: the breakpoint becomes "b slot". */
static void optimize(void (*site)(void), const uint32_t *slot)
{
	uint32_t *insn = (uint32_t *)(uintptr_t)site;
	uintptr_t page = (uintptr_t)insn & ~(uintptr_t)(getpagesize() - 1);
	long delta = ((intptr_t)slot - (intptr_t)insn) / 4;

	if (*insn != UPROBE_BRK)
		fail("the site holds no uprobe breakpoint");
	if (mprotect((void *)page, getpagesize(), PROT_READ | PROT_WRITE | PROT_EXEC))
		die("mprotect(site, rwx)");
	__atomic_store_n(insn, 0x14000000u | ((uint32_t)delta & 0x03ffffffu), __ATOMIC_RELEASE);
	__builtin___clear_cache((char *)insn, (char *)(insn + 1));
	if (mprotect((void *)page, getpagesize(), PROT_READ | PROT_EXEC))
		die("mprotect(site, rx)");
}

static void row(const char *what, struct counts probed, struct counts bare)
{
	double k = (double)(probed.kernel - bare.kernel) / CALLS;
	double u = ((double)probed.user - (double)bare.user) / CALLS;

	printf("| %s | %.1f | %.1f | %.1f |\n", what, k, u, k + u);
}

int main(void)
{
	struct counts bare_bp, bare_opt, bp, opt, nullsys, empty;
	int fd_bp, fd_opt;

	open_counters();
	LEAST_SPAN(empty, asm volatile("" ::: "memory"));
	LEAST_SPAN(nullsys, syscall(SYS_getppid));
	LEAST_SPAN(bare_bp, site_bp());
	LEAST_SPAN(bare_opt, site_opt());
	/* A span counts the reads of the counters too: that of no call. */
	if (bare_bp.kernel != empty.kernel || bare_opt.kernel != empty.kernel)
		fail("an unprobed call counted kernel instructions");

	fd_bp = attach(site_bp);
	LEAST_SPAN(bp, site_bp());
	detach_counting_every_hit(fd_bp, "the breakpoint path");

	fd_opt = attach(site_opt);
	optimize(site_opt, opt_slot);
	LEAST_SPAN(opt, site_opt());
	detach_counting_every_hit(fd_opt, "the syscall entry");
	if (bp.kernel <= bare_bp.kernel || opt.kernel <= bare_opt.kernel)
		fail("a probed hit counted no kernel instructions");

	printf("| path of a probed NOP hit | kernel | user | all |\n");
	printf("| --- | ---: | ---: | ---: |\n");
	row("breakpoint (BRK #5; 7.3 simulates the NOP)", bp, bare_bp);
	row("prototype: `b slot`, slot enters by svc", opt, bare_opt);
	row("a null syscall (getppid), for scale", nullsys, empty);
	printf("\nbreakpoint / prototype, in all instructions: %.3f\n",
	       ((double)(bp.kernel - bare_bp.kernel) + (double)bp.user - (double)bare_bp.user) /
	       ((double)(opt.kernel - bare_opt.kernel) + (double)opt.user - (double)bare_opt.user));
	return 0;
}
