// SPDX-License-Identifier: GPL-2.0-only
/*
 * An MTE task pushing onto a PROT_MTE stack. An STP with writeback is tag
 * checked even with SP as the base, as the task's tag-check mode says
 * (SCTLR_EL1.TCF0, set with PR_SET_TAGGED_ADDR_CTRL). With the stp switch
 * on, every probed push must behave as the native one:
 *  - no checks (TCF0 NONE): the push completes whatever the tags, and
 *    probesim.ko simulates it;
 *  - synchronous checks: it completes when SP's tag matches the memory's
 *    and raises SIGSEGV/SEGV_MTESERR when it does not. probesim.ko stores
 *    through the tagged address, checked as the task's own store; on a
 *    mismatch it hands the hit back to the CPU, whose fault is the native
 *    one, signal frame and all;
 *  - asynchronous checks: a kernel store's asynchronous fault would be
 *    dropped, so probesim.ko hands the hit back to the CPU at once.
 * The kernel with the series (builtin mode) decides the same way, and
 * declines where probesim.ko hands back.
 *
 * Needs a CPU with MTE (under qemu, -M virt,mte=on); skips elsewhere,
 * unless PROBESIM_REQUIRE_MTE is set.
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include <stdlib.h>
#include <sys/prctl.h>
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

#define HWCAP2_MTE_BIT	BIT(18)
#define MEM_TAG		3ULL	/* allocation tag of the stack */
#define OTHER_TAG	5ULL
#define MTE_PAGES	"wwwwwwmmmmwwwwww"	/* pages 6-9: PROT_MTE */
#define SP_PAGE		8

FIXTURE(mte) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
};

FIXTURE_VARIANT(mte) {
	unsigned long tcf;	/* PR_MTE_TCF_* */
	uint64_t sp_tag;
	bool faults;		/* natively */
	enum oracle_iface iface;
};

FIXTURE_VARIANT_ADD(mte, sync_match_tracefs) {
	.tcf = PR_MTE_TCF_SYNC, .sp_tag = MEM_TAG, .iface = IFACE_TRACEFS,
};

FIXTURE_VARIANT_ADD(mte, sync_match_perf) {
	.tcf = PR_MTE_TCF_SYNC, .sp_tag = MEM_TAG, .iface = IFACE_PERF,
};

FIXTURE_VARIANT_ADD(mte, sync_mismatch_tracefs) {
	.tcf = PR_MTE_TCF_SYNC, .sp_tag = OTHER_TAG, .faults = true,
	.iface = IFACE_TRACEFS,
};

FIXTURE_VARIANT_ADD(mte, sync_mismatch_perf) {
	.tcf = PR_MTE_TCF_SYNC, .sp_tag = OTHER_TAG, .faults = true,
	.iface = IFACE_PERF,
};

/* An untagged SP into tagged memory: a mismatch too. */
FIXTURE_VARIANT_ADD(mte, sync_untagged_sp) {
	.tcf = PR_MTE_TCF_SYNC, .sp_tag = 0, .faults = true,
	.iface = IFACE_TRACEFS,
};

FIXTURE_VARIANT_ADD(mte, none_mismatch) {
	.tcf = PR_MTE_TCF_NONE, .sp_tag = OTHER_TAG, .iface = IFACE_TRACEFS,
};

FIXTURE_VARIANT_ADD(mte, async_match) {
	.tcf = PR_MTE_TCF_ASYNC, .sp_tag = MEM_TAG, .iface = IFACE_TRACEFS,
};

FIXTURE_SETUP(mte)
{
	char err[256] = "";

	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	if (!oracle_hwcap2(HWCAP2_MTE_BIT)) {
		ASSERT_EQ(NULL, getenv("PROBESIM_REQUIRE_MTE"))
			TH_LOG("PROBESIM_REQUIRE_MTE, but no MTE (qemu: -M virt,mte=on)");
		SKIP(return,
		     "the CPU has no MTE (HWCAP2_MTE); under qemu, use -M virt,mte=on");
	}
	/* IRG may pick any non-zero tag. */
	ASSERT_EQ(0, prctl(PR_SET_TAGGED_ADDR_CTRL,
			   PR_TAGGED_ADDR_ENABLE | variant->tcf |
			   (0xfffeUL << PR_MTE_TAG_SHIFT), 0, 0, 0));
	ASSERT_EQ(0, image_from_target(&self->img, target_find("stp_fp_lr")));
	ASSERT_EQ(0, arena_init(&self->arena));
}

FIXTURE_TEARDOWN(mte)
{
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

/* Give every granule of the PROT_MTE pages the allocation tag MEM_TAG. */
static int tag_stack(const struct arena *a, void *unused)
{
	uintptr_t p;

	for (p = arena_page(a, 6); p < arena_page(a, 10); p += 16) {
		uintptr_t tagged = p | MEM_TAG << 56;

		asm volatile("stg %0, [%0]" : : "r"(tagged) : "memory");
	}
	return 0;
}

/*
 * Probe the push with the stp switch on, run it natively and probed from
 * SP tagged as the variant says, compare.
 */
TEST_F(mte, push)
{
	struct oracle_cmp cmp = { .arena = &self->arena };
	struct oracle_case c = {
		.layout = MTE_PAGES, .prepare = tag_stack,
	};
	/* What the simulation does with the hit: simulate, or decline it. */
	bool sim = mode_simulates(self->mode);
	bool handed_back = sim && (variant->faults || variant->tcf == PR_MTE_TCF_ASYNC);
	bool simulated = sim && !handed_back;
	bool trapped_again = handed_back && mode_declines_by_trapping_again(self->mode);
	bool counted = mode_counts(self->mode);
	struct probesim_stats before, d;
	struct oracle_result n, p;
	char err[256] = "";

	if (setup_skipped())
		return;

	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, &self->img,
				      variant->iface, false, PARAMS_SIM, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (counted) {
		/* The decision is per hit: every STP probe is patched. */
		EXPECT_EQ(1L, self->probed.attach.patched[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(0L, self->probed.attach.stp_refused);
		ASSERT_EQ(0, probesim_stats_read(&before));
	}

	oracle_state_init(&c.in, 0, arena_page(&self->arena, SP_PAGE) |
			  variant->sp_tag << 56);
	ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n));
	ASSERT_EQ(0, oracle_run(&self->probed, &self->arena, &c, &p));

	if (variant->faults) {
		/* The tag check is real: the native push faults, writing nothing. */
		EXPECT_FALSE(n.completed);
		EXPECT_EQ(1U, n.nsig);
		EXPECT_EQ(SIGSEGV, n.sig.signo);
		EXPECT_EQ(SEGV_MTESERR, n.sig.code);
		EXPECT_TRUE(n.sig.has_esr);
		EXPECT_EQ(0, memcmp(n.before.data, n.after.data,
				    ARENA_PAGES * self->arena.page));
	} else {
		EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
	}
	oracle_summary("native", &n);
	oracle_summary("probed", &p);
	EXPECT_EQ(0U, oracle_compare("probed", &n, &p, &cmp));

	EXPECT_EQ(trapped_again ? 2L : 1L, oracle_leg_hits(&self->probed, 0));
	EXPECT_EQ(!simulated, has_xol_area(0))
		TH_LOG("the push was %ssingle-stepped", simulated ? "" : "not ");
	if (counted) {
		ASSERT_EQ(0, probesim_stats_since(&d, &before));
		/* A declined push is no simulated hit. */
		EXPECT_EQ(simulated ? 1L : 0L, d.hits[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(variant->faults ? 1L : 0L, d.stp_faults);
		EXPECT_EQ(variant->tcf == PR_MTE_TCF_ASYNC ? 1L : 0L, d.stp_tag_check_xol);
	}
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_HARNESS_MAIN
