// SPDX-License-Identifier: GPL-2.0-only
/*
 * probesim's stp parameter. With stp=0, an STP push probed from then on
 * is never simulated: the analysis refuses it (stp_refused goes up,
 * stp_patched does not), it single-steps through XOL, and behaves as
 * natively; a NOP next to it is still simulated. Setting stp=1 again
 * makes the next new STP probe simulated. Only meaningful with probesim.
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

#define RUNS	2

static const char layout_rw[] = "wwwwwwwwwwwwwwww";

FIXTURE(stp_param) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image mixed, push;
	struct oracle_leg native, off, on;
};

FIXTURE_SETUP(stp_param)
{
	char err[256] = "";

	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	if (!mode_counts(self->mode))
		SKIP(return, "PROBESIM_MODE=%s: the test reads probesim's stp parameter and counters",
		     probesim_mode_name(self->mode));
	/* A NOP then an STP push, both probed; and a lone push. */
	ASSERT_EQ(0, image_from_target(&self->mixed, target_find("b2b_mixed")));
	ASSERT_EQ(1U, self->mixed.nops);
	ASSERT_EQ(1U, self->mixed.stps);
	ASSERT_EQ(0, image_from_target(&self->push, target_find("stp_fp_lr")));
	ASSERT_EQ(0, arena_init(&self->arena));
}

FIXTURE_TEARDOWN(stp_param)
{
	oracle_leg_close(&self->on);
	oracle_leg_close(&self->off);
	oracle_leg_close(&self->native);
	oracle_params_restore(self->mode);
	arena_release(&self->arena);
	image_free(&self->mixed);
	image_free(&self->push);
}

TEST_F(stp_param, off_is_never_simulated)
{
	struct oracle_cmp cmp = { .arena = &self->arena };
	struct probesim_stats before, d;
	const struct probesim_stats *a;
	unsigned int seed, diffs = 0;
	char err[256] = "";

	ASSERT_EQ(0, oracle_leg_open(&self->native, &self->mixed, "native", IFACE_NONE,
				     false, PARAMS_KEEP, self->mode, err, sizeof(err)))
		TH_LOG("%s", err);

	/* stp=0 for this attach only; nop stays 1. */
	ASSERT_EQ(0, probesim_set_param("nop", "1"));
	ASSERT_EQ(0, probesim_set_param("stp", "0"));
	ASSERT_EQ(0, oracle_leg_open(&self->off, &self->mixed, "stp0", IFACE_TRACEFS,
				     false, PARAMS_KEEP, self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(0, probesim_set_param("stp", "1"));
	a = &self->off.attach;
	EXPECT_EQ(0L, a->patched[PROBESIM_STP_FAMILY]);
	EXPECT_EQ(1L, a->stp_refused);
	/* From 6.13 the kernel simulates the NOP itself. */
	EXPECT_EQ(kernel_simulates_nop() ? 0L : 1L, a->patched[PROBESIM_NOP_FAMILY]);

	ASSERT_EQ(0, probesim_stats_read(&before));
	for (seed = 0; seed < RUNS; seed++) {
		struct oracle_case c = { .layout = layout_rw };
		struct oracle_result n, p;

		oracle_state_init(&c.in, seed, arena_page(&self->arena, 8));
		ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n));
		ASSERT_EQ(0, oracle_run(&self->off, &self->arena, &c, &p));
		EXPECT_TRUE(n.completed && !n.nsig);
		diffs += oracle_compare("stp=0", &n, &p, &cmp);
		oracle_result_free(&n);
		oracle_result_free(&p);
	}
	EXPECT_EQ(0U, diffs);
	EXPECT_EQ((long)RUNS, oracle_leg_hits(&self->off, 0));
	EXPECT_EQ((long)RUNS, oracle_leg_hits(&self->off, 1));
	ASSERT_EQ(0, probesim_stats_since(&d, &before));
	EXPECT_EQ(kernel_simulates_nop() ? 0L : (long)RUNS, d.hits[PROBESIM_NOP_FAMILY]);
	EXPECT_EQ(0L, d.hits[PROBESIM_STP_FAMILY]);
	/* The push went through XOL. */
	EXPECT_TRUE(has_xol_area(0));

	/* stp=1 again: the next new STP probe is simulated. */
	ASSERT_EQ(0, oracle_leg_open(&self->on, &self->push, "stp1", IFACE_PERF,
				     false, PARAMS_KEEP, self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_EQ(1L, self->on.attach.patched[PROBESIM_STP_FAMILY]);
	EXPECT_EQ(0L, self->on.attach.stp_refused);
}

TEST_HARNESS_MAIN
