// SPDX-License-Identifier: GPL-2.0-only
/*
 * STP pushes that succeed from an unusual SP: tagged (TBI: the top byte is
 * ignored by the access and kept in SP), and at the bottom of a
 * MAP_GROWSDOWN stack, which the push grows by a page. Native, XOL and
 * simulated runs must be the same.
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

FIXTURE(sp) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
};

FIXTURE_VARIANT(sp) {
	const char *target;
	const char *layout;
	unsigned int sp_page;	/* SP: the bottom of this arena page */
	uint64_t tag;		/* SP's top byte */
	int grows_page;		/* this unmapped page must become mapped; -1: none */
};

FIXTURE_VARIANT_ADD(sp, tagged_5a) {
	.target = "stp_fp_lr", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.tag = 0x5a, .grows_page = -1,
};

FIXTURE_VARIANT_ADD(sp, tagged_ff_min) {
	.target = "stp_x0_x1_min", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.tag = 0xff, .grows_page = -1,
};

FIXTURE_VARIANT_ADD(sp, tagged_01_max) {
	.target = "stp_max", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.tag = 0x01, .grows_page = -1,
};

FIXTURE_VARIANT_ADD(sp, tagged_b2b) {
	.target = "b2b_stp", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.tag = 0x5a, .grows_page = -1,
};

/* Nothing accessible within the guard gap below: the stack grows. */
FIXTURE_VARIANT_ADD(sp, stack_growth) {
	.target = "stp_fp_lr", .layout = "nnnnnn-ggggggggg", .sp_page = 7,
	.grows_page = 6,
};

FIXTURE_VARIANT_ADD(sp, stack_growth_tagged) {
	.target = "stp_x19_x20", .layout = "nnnnnn-ggggggggg", .sp_page = 7,
	.tag = 0x5a, .grows_page = 6,
};

FIXTURE_SETUP(sp)
{
	char err[256] = "";

	ASSERT_EQ(0, oracle_setup(&self->mode, &self->img, variant->target,
				  &self->arena, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(self->img.nprobes, self->img.stps);
}

FIXTURE_TEARDOWN(sp)
{
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

static void push(struct __test_metadata *_metadata, struct _test_data_sp *self,
		 const struct _fixture_variant_sp *v, bool sim)
{
	const struct code_image *img = &self->img;
	struct oracle_cmp cmp = { .arena = &self->arena };
	bool counted = mode_counts(self->mode);
	struct oracle_case c = { .layout = v->layout };
	struct oracle_result n, p;
	struct probesim_stats d;
	uint64_t sp = arena_page(&self->arena, v->sp_page);
	unsigned int i;
	char err[256] = "";

	if (!mode_has_leg(self->mode, sim))
		SKIP(return, "%s", mode_missing_leg(self->mode, sim));

	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, img, IFACE_PERF,
				      false, sim ? PARAMS_SIM : PARAMS_XOL, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (counted)
		EXPECT_EQ(sim ? (long)img->stps : 0L,
			  self->probed.attach.patched[PROBESIM_STP_FAMILY]);

	oracle_state_init(&c.in, 1, sp | v->tag << 56);
	ASSERT_EQ(0, oracle_legs_run(&self->native, &self->probed, &self->arena, &c,
				     &n, &p, &d));

	/* The scenario is what it says: a normal return, a tagged SP kept. */
	EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
	EXPECT_EQ(v->tag, n.out.sp >> 56);
	if (v->grows_page >= 0) {
		EXPECT_FALSE(n.before.mapped[v->grows_page]);
		EXPECT_TRUE(n.after.mapped[v->grows_page]) TH_LOG("the stack did not grow");
	}
	EXPECT_EQ(0U, oracle_compare(sim ? "sim" : "xol", &n, &p, &cmp));

	for (i = 0; i < self->probed.nprobes; i++)
		EXPECT_EQ(1L, oracle_leg_hits(&self->probed, i));
	if (!sim)
		EXPECT_TRUE(has_xol_area(0));
	if (sim)
		EXPECT_FALSE(has_xol_area(0)) TH_LOG("a simulated probe was single-stepped");
	if (counted) {
		EXPECT_EQ(sim ? (long)img->stps : 0L, d.hits[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(0L, d.stp_faults);
	}
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_F(sp, xol)
{
	push(_metadata, self, variant, false);
}

TEST_F(sp, sim)
{
	push(_metadata, self, variant, true);
}

TEST_HARNESS_MAIN
