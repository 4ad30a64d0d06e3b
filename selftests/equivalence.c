// SPDX-License-Identifier: GPL-2.0-only
/*
 * The equivalence oracle on every target (lib/targets.S): each is run
 * natively and probed, from the same register states, and everything the
 * architecture lets it change must come out the same: GPRs, SP, NZCV, the
 * stack memory, signals.
 *
 * xol_* tests probe through the out-of-line single step (every switch
 * of the simulation, probesim's or the kernel's, is off while the probes
 * are analysed), sim_* tests with it simulating; they skip where nothing
 * simulates. Each interface
 * users have: tracefs uprobe_events and perf_event_open() with the uprobe
 * PMU; *_ret adds a uretprobe on the function entry, which runs the entry
 * instruction through the same path and returns through the trampoline.
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

#define SP_PAGE	8	/* SP starts at the bottom of this arena page */
#define RUNS	2	/* register states per leg */

static const char layout_rw[] = "wwwwwwwwwwwwwwww";

FIXTURE(equiv) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
};

FIXTURE_VARIANT(equiv) {
	const char *target;
};

FIXTURE_VARIANT_ADD(equiv, nop) {
	.target = "nop",
};

FIXTURE_VARIANT_ADD(equiv, usdt) {
	.target = "usdt",
};

FIXTURE_VARIANT_ADD(equiv, stp_fp_lr) {
	.target = "stp_fp_lr",
};

FIXTURE_VARIANT_ADD(equiv, stp_x19_x20) {
	.target = "stp_x19_x20",
};

FIXTURE_VARIANT_ADD(equiv, stp_x0_x1_min) {
	.target = "stp_x0_x1_min",
};

FIXTURE_VARIANT_ADD(equiv, stp_max) {
	.target = "stp_max",
};

FIXTURE_VARIANT_ADD(equiv, stp_pos) {
	.target = "stp_pos",
};

FIXTURE_VARIANT_ADD(equiv, stp_zero) {
	.target = "stp_zero",
};

FIXTURE_VARIANT_ADD(equiv, stp_same) {
	.target = "stp_same",
};

FIXTURE_VARIANT_ADD(equiv, stp_xzr) {
	.target = "stp_xzr",
};

FIXTURE_VARIANT_ADD(equiv, stp_xzr_lr) {
	.target = "stp_xzr_lr",
};

FIXTURE_VARIANT_ADD(equiv, stp_odd) {
	.target = "stp_odd",
};

FIXTURE_VARIANT_ADD(equiv, b2b_nop) {
	.target = "b2b_nop",
};

FIXTURE_VARIANT_ADD(equiv, b2b_stp) {
	.target = "b2b_stp",
};

FIXTURE_VARIANT_ADD(equiv, b2b_mixed) {
	.target = "b2b_mixed",
};

FIXTURE_SETUP(equiv)
{
	char err[256] = "";

	ASSERT_EQ(0, oracle_setup(&self->mode, &self->img, variant->target,
				  &self->arena, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(self->img.nprobes, self->img.nops + self->img.stps)
		TH_LOG("a probed instruction is neither NOP nor an STP push");
}

FIXTURE_TEARDOWN(equiv)
{
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

/* SP after the code: every probed instruction is a NOP or an STP push. */
static uint64_t expected_sp(const struct code_image *img, uint64_t sp)
{
	unsigned int i;

	for (i = 0; i < img->nprobes; i++) {
		uint32_t insn;

		memcpy(&insn, img->bytes + img->probes[i], sizeof(insn));
		if (insn_is_stp_push(insn))
			sp += stp_push_offset(insn);
	}
	return sp;
}

static void equiv(struct __test_metadata *_metadata, struct _test_data_equiv *self,
		  enum oracle_params params, enum oracle_iface iface, bool ret)
{
	const struct code_image *img = &self->img;
	bool sim = params == PARAMS_SIM;
	/* From 6.13 the kernel simulates NOPs itself, in either leg. */
	unsigned int nops_sim = sim && !kernel_simulates_nop() ? img->nops : 0;
	unsigned int stepped = sim ? 0 : img->stps + (kernel_simulates_nop() ? 0 : img->nops);
	bool counted = mode_counts(self->mode);
	struct probesim_stats before, d;
	unsigned int i, seed, diffs = 0;
	char err[256] = "";

	if (!mode_has_leg(self->mode, sim))
		SKIP(return, "%s", mode_missing_leg(self->mode, sim));

	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, img, iface, ret,
				      params, self->mode, err, sizeof(err)))
		TH_LOG("%s", err);

	if (counted) {
		const struct probesim_stats *a = &self->probed.attach;

		/* Simulated: every probed instruction; XOL: none, STP refused. */
		EXPECT_EQ((long)nops_sim, a->patched[PROBESIM_NOP_FAMILY]);
		EXPECT_EQ(sim ? (long)img->stps : 0L, a->patched[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(sim ? 0L : (long)img->stps, a->stp_refused);
		ASSERT_EQ(0, probesim_stats_read(&before));
	}

	for (seed = 0; seed < RUNS; seed++) {
		struct oracle_case c = { .layout = layout_rw };
		struct oracle_cmp cmp = { .arena = &self->arena };
		struct oracle_result n, p;
		char what[64];

		oracle_state_init(&c.in, seed, arena_page(&self->arena, SP_PAGE));
		ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n));
		ASSERT_EQ(0, oracle_run(&self->probed, &self->arena, &c, &p));

		/* The oracle itself: the native run did what the code says. */
		EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
		EXPECT_EQ(expected_sp(img, c.in.sp), n.out.sp);
		EXPECT_EQ(oracle_return_address(), n.out.x[30]);

		if (ret) {
			/* The uretprobe took the return: LR is its trampoline. */
			cmp.tramp = xol_area_start(0);
			EXPECT_NE(0UL, cmp.tramp);
			EXPECT_EQ(cmp.tramp, p.out.x[30]);
		}
		snprintf(what, sizeof(what), "%s, state %u", sim ? "sim" : "xol", seed);
		diffs += oracle_compare(what, &n, &p, &cmp);
		oracle_result_free(&n);
		oracle_result_free(&p);
	}
	EXPECT_EQ(0U, diffs);

	/* Every probe fired once per run, the uretprobe included. */
	for (i = 0; i < self->probed.nprobes; i++) {
		const struct oracle_probe *probe = &self->probed.probes[i];

		EXPECT_EQ((long)RUNS, oracle_leg_hits(&self->probed, i))
			TH_LOG("probe %u (offset %#lx%s)", i, probe->offset,
			       probe->ret ? ", uretprobe" : "");
	}

	/* XOL steps through the XOL area; simulation never creates it. */
	if (stepped || !ret)
		EXPECT_EQ(stepped != 0, has_xol_area(0))
			TH_LOG("XOL area: %d, probes single-stepped: %u", has_xol_area(0), stepped);

	if (counted) {
		ASSERT_EQ(0, probesim_stats_since(&d, &before));
		EXPECT_EQ(RUNS * (long)nops_sim, d.hits[PROBESIM_NOP_FAMILY]);
		EXPECT_EQ(sim ? RUNS * (long)img->stps : 0L, d.hits[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(0L, d.stp_faults);
	}
}

TEST_F(equiv, xol_tracefs)
{
	equiv(_metadata, self, PARAMS_XOL, IFACE_TRACEFS, false);
}

TEST_F(equiv, xol_perf)
{
	equiv(_metadata, self, PARAMS_XOL, IFACE_PERF, false);
}

TEST_F(equiv, xol_tracefs_ret)
{
	equiv(_metadata, self, PARAMS_XOL, IFACE_TRACEFS, true);
}

TEST_F(equiv, xol_perf_ret)
{
	equiv(_metadata, self, PARAMS_XOL, IFACE_PERF, true);
}

TEST_F(equiv, sim_tracefs)
{
	equiv(_metadata, self, PARAMS_SIM, IFACE_TRACEFS, false);
}

TEST_F(equiv, sim_perf)
{
	equiv(_metadata, self, PARAMS_SIM, IFACE_PERF, false);
}

TEST_F(equiv, sim_tracefs_ret)
{
	equiv(_metadata, self, PARAMS_SIM, IFACE_TRACEFS, true);
}

TEST_F(equiv, sim_perf_ret)
{
	equiv(_metadata, self, PARAMS_SIM, IFACE_PERF, true);
}

TEST_HARNESS_MAIN
