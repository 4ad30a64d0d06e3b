// SPDX-License-Identifier: GPL-2.0-only
/*
 * A push under a hardware watchpoint for the task's writes: a perf
 * breakpoint event of the task's own, as a debugger sets one through
 * ptrace. The CPU's STP hits it. The kernel's unprivileged stores match
 * it as well, but from EL1 the watchpoint exception is taken only with
 * kernel debug enabled (MDSCR_EL1.KDE), which a watchpoint on user memory
 * leaves off: a push the kernel simulated would go unseen. With an EL0
 * watchpoint armed, a probed push is handed back to the CPU, and the
 * event counts it as it counts the native one.
 *
 * Variants: the watched doubleword is the pair's lower or upper one; or
 * the watchpoint watches a doubleword the push does not write, which no
 * run hits, and the push is handed back all the same (the check asks
 * whether a watchpoint is armed, not where).
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include <errno.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

#define SP_PAGE		8

FIXTURE(watch) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
	int fd;
};

FIXTURE_VARIANT(watch) {
	int watched;	/* the doubleword watched, from the pair's address */
	bool hit;	/* the push writes it */
};

FIXTURE_VARIANT_ADD(watch, lower) {
	.watched = 0, .hit = true,
};

FIXTURE_VARIANT_ADD(watch, upper) {
	.watched = 8, .hit = true,
};

FIXTURE_VARIANT_ADD(watch, elsewhere) {
	.watched = -64, .hit = false,
};

FIXTURE_SETUP(watch)
{
	char err[256] = "";

	self->fd = -1;
	ASSERT_EQ(0, oracle_setup(&self->mode, &self->img, "stp_fp_lr", &self->arena,
				  err, sizeof(err)))
		TH_LOG("%s", err);
}

FIXTURE_TEARDOWN(watch)
{
	if (self->fd >= 0)
		close(self->fd);
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

/* The counter starts from 0 once the arena is laid out (which writes it). */
static int arm_counter(const struct arena *a, void *arg)
{
	int fd = *(int *)arg;

	if (ioctl(fd, PERF_EVENT_IOC_RESET, 0) || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		return -1;
	return 0;
}

/* Hits counted since arm_counter(), the counter stopped; -1 on failure. */
static long long counted_hits(int fd)
{
	long long count;

	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) ||
	    read(fd, &count, sizeof(count)) != sizeof(count))
		return -1;
	return count;
}

TEST_F(watch, push)
{
	uint64_t sp = arena_page(&self->arena, SP_PAGE);
	/* stp x29, x30, [sp, #-16]! */
	uint64_t pair = sp - 16;
	struct perf_event_attr attr = {
		.type = PERF_TYPE_BREAKPOINT,
		.size = sizeof(attr),
		.bp_type = HW_BREAKPOINT_W,
		.bp_addr = pair + variant->watched,
		.bp_len = HW_BREAKPOINT_LEN_8,
		.disabled = 1,
		.exclude_kernel = 1,
		.exclude_hv = 1,
	};
	struct oracle_case c = {
		.layout = "wwwwwwwwwwwwwwww", .prepare = arm_counter,
		.prepare_arg = &self->fd,
	};
	struct oracle_cmp cmp = { .arena = &self->arena };
	bool sim = mode_simulates(self->mode);
	bool trapped_again = sim && mode_declines_by_trapping_again(self->mode);
	bool counted = mode_counts(self->mode);
	struct probesim_stats before, d;
	struct oracle_result n, p;
	long long native_hits, probed_hits;
	char err[256] = "";

	self->fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (self->fd < 0 && (errno == EACCES || errno == EPERM))
		SKIP(return, "perf_event_open refused a breakpoint event: %s", strerror(errno));
	ASSERT_LE(0, self->fd) TH_LOG("perf_event_open (breakpoint): %s", strerror(errno));

	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, &self->img,
				      IFACE_TRACEFS, false, PARAMS_SIM, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (counted) {
		EXPECT_EQ(1L, self->probed.attach.patched[PROBESIM_STP_FAMILY]);
		ASSERT_EQ(0, probesim_stats_read(&before));
	}

	oracle_state_init(&c.in, 0, sp);
	ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n));
	native_hits = counted_hits(self->fd);
	ASSERT_EQ(0, oracle_run(&self->probed, &self->arena, &c, &p));
	probed_hits = counted_hits(self->fd);

	/* The scenario is what it says: the CPU's push hits or misses it. */
	EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
	EXPECT_EQ(variant->hit ? 1LL : 0LL, native_hits);
	EXPECT_EQ(native_hits, probed_hits)
		TH_LOG("the watchpoint saw the probed push %lld times, the native one %lld",
		       probed_hits, native_hits);
	EXPECT_EQ(0U, oracle_compare("probed", &n, &p, &cmp));

	/* Handed back: stepped out of line, whatever the watchpoint watches. */
	EXPECT_EQ(trapped_again ? 2L : 1L, oracle_leg_hits(&self->probed, 0));
	EXPECT_TRUE(has_xol_area(0));
	if (counted) {
		ASSERT_EQ(0, probesim_stats_since(&d, &before));
		EXPECT_EQ(0L, d.hits[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(1L, d.stp_watchpoint_xol);
		EXPECT_EQ(0L, d.stp_faults);
	}
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_HARNESS_MAIN
