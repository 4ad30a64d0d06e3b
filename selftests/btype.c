// SPDX-License-Identifier: GPL-2.0-only
/*
 * PSTATE.BTYPE across a probed NOP. A BLR lands on a NOP that is the last
 * word of a page without BTI; the next page is PROT_BTI and starts with a
 * RET, which is no landing pad. Natively the NOP clears BTYPE (every
 * non-branch instruction does) and the RET runs. A probe that moves PC on
 * without clearing BTYPE makes the RET take a branch target exception:
 * SIGILL.
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include <unistd.h>
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

static const char layout_rw[] = "wwwwwwwwwwwwwwww";

/* Two pages: NOP at the end of the first, RET opening the guarded second. */
static int btype_image(struct code_image *img, bool enter_guarded)
{
	size_t page = sysconf(_SC_PAGESIZE);

	if (image_alloc(img, enter_guarded ? "btype_guard" : "btype", 2))
		return -1;
	img->bti_from = page;
	img->entry = enter_guarded ? page : page - 4;
	img->probes[0] = page - 4;
	img->nprobes = enter_guarded ? 0 : 1;
	image_put_insn(img, page - 4, INSN_NOP);
	image_put_insn(img, page, INSN_RET);
	return 0;
}

FIXTURE(btype) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
};

FIXTURE_SETUP(btype)
{
	char err[256] = "";
	int ready = oracle_setup_bti(&self->mode, &self->arena, err, sizeof(err));

	ASSERT_LE(0, ready) TH_LOG("%s", err);
	if (ready)
		SKIP(return, "%s", err);
}

FIXTURE_TEARDOWN(btype)
{
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

/*
 * The guard is real: a BLR straight to the RET traps. Without this, the
 * other tests could pass on a page that is not guarded at all.
 */
TEST_F(btype, guarded_page_traps)
{
	struct oracle_case c = { .layout = layout_rw };
	struct oracle_result n;
	char err[256] = "";

	if (setup_skipped())
		return;

	ASSERT_EQ(0, btype_image(&self->img, true));
	ASSERT_EQ(0, oracle_leg_open(&self->native, &self->img, "native", IFACE_NONE,
				     false, PARAMS_KEEP, self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	oracle_state_init(&c.in, 0, arena_page(&self->arena, 8));
	ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n));
	EXPECT_FALSE(n.completed);
	EXPECT_EQ(1U, n.nsig);
	EXPECT_EQ(SIGILL, n.sig.signo);
	EXPECT_EQ(self->img.entry, n.sig.pc - n.code_base);
	oracle_result_free(&n);
}

static void btype(struct __test_metadata *_metadata, struct _test_data_btype *self,
		  enum oracle_iface iface, bool sim)
{
	struct oracle_cmp cmp = { .arena = &self->arena };
	bool counted = mode_counts(self->mode);
	struct oracle_case c = { .layout = layout_rw };
	struct oracle_result n, p;
	struct probesim_stats d;
	bool stepped, patched;
	char err[256] = "";

	if (setup_skipped())
		return;

	if (!mode_has_leg(self->mode, sim))
		SKIP(return, "%s", mode_missing_leg(self->mode, sim));

	ASSERT_EQ(0, btype_image(&self->img, false));
	ASSERT_EQ(1U, self->img.nops);
	/* From 6.13 the kernel simulates the NOP itself, in either leg. */
	stepped = !sim && !kernel_simulates_nop();
	patched = sim && !kernel_simulates_nop();
	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, &self->img, iface,
				      false, sim ? PARAMS_SIM : PARAMS_XOL, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (counted)
		EXPECT_EQ(patched ? 1L : 0L, self->probed.attach.patched[PROBESIM_NOP_FAMILY]);

	oracle_state_init(&c.in, 2, arena_page(&self->arena, 8));
	ASSERT_EQ(0, oracle_legs_run(&self->native, &self->probed, &self->arena, &c,
				     &n, &p, &d));
	EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
	EXPECT_EQ(0U, oracle_compare(sim ? "sim" : "xol", &n, &p, &cmp));
	EXPECT_EQ(1L, oracle_leg_hits(&self->probed, 0));
	/* XOL steps through the XOL area; simulation never creates it. */
	EXPECT_EQ(stepped, has_xol_area(0)) TH_LOG("XOL area present: %d", has_xol_area(0));
	if (counted)
		EXPECT_EQ(patched ? 1L : 0L, d.hits[PROBESIM_NOP_FAMILY]);
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_F(btype, xol_tracefs)
{
	btype(_metadata, self, IFACE_TRACEFS, false);
}

TEST_F(btype, xol_perf)
{
	btype(_metadata, self, IFACE_PERF, false);
}

TEST_F(btype, sim_tracefs)
{
	btype(_metadata, self, IFACE_TRACEFS, true);
}

TEST_F(btype, sim_perf)
{
	btype(_metadata, self, IFACE_PERF, true);
}

TEST_HARNESS_MAIN
