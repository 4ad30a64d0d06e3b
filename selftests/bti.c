// SPDX-License-Identifier: GPL-2.0-only
/*
 * Probed BTI landing pads, reached every way that sets a different
 * PSTATE.BTYPE, on guarded (PROT_BTI) and unguarded pages: native, XOL
 * and simulated runs must agree on the signal, the PC and every register.
 *
 * The code is two pages. The oracle enters the first (never guarded) with
 * BLR; it branches with B to the second, which reaches the probed BTI:
 *   fall  by falling through from a NOP          BTYPE 00
 *   blr   with BLR X16                           BTYPE 10
 *   br16  with BR X16                            BTYPE 01
 *   br0   with BR X0: 11 from a guarded page, 01 from an unguarded one
 * and returns with RET. Whether the native run traps is also checked
 * against the Arm ARM's table, so that a broken guard cannot make every
 * leg agree on nothing.
 *
 * XOL executes the BTI from the XOL slot, which is not a guarded page: it
 * misses the trap. That is reported as a known limitation of XOL (XFAIL).
 * PACIASP is a landing pad too: on Linux, which sets SCTLR_EL1.BT0, it
 * accepts what BTI c does. A probed NOP, which is no landing pad, is
 * checked the same way; from
 * 6.13 the kernel simulates it itself without the check, which is reported
 * as a known stock bug (XFAIL).
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include <signal.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "oracle.h"
#include "uprobes.h"

#define BTI		0xd503241fU
#define BTI_C		0xd503245fU
#define BTI_J		0xd503249fU
#define BTI_JC		0xd50324dfU
#define PACIASP		0xd503233fU
#define AUTIASP		0xd50323bfU
#define BR_X16		0xd61f0200U
#define BR_X0		0xd61f0000U
#define BLR_X16		0xd63f0200U
#define MOV_X17_X30	0xaa1e03f1U
#define MOV_X30_X17	0xaa1103feU

enum entry { FALL, BLR, BR16, BR0 };

static const char layout_rw[] = "wwwwwwwwwwwwwwww";

static uint32_t insn_b(unsigned long from, unsigned long to)
{
	return 0x14000000U | (((to - from) >> 2) & 0x3ffffff);
}

static uint32_t insn_adr(unsigned int rd, unsigned long from, unsigned long to)
{
	unsigned long off = to - from;

	return 0x10000000U | (off & 3) << 29 | ((off >> 2) & 0x7ffff) << 5 | rd;
}

/* The BTYPE the branch into the landing pad sets (Arm ARM, BR/BLR). */
static unsigned int entry_btype(enum entry e, bool guarded)
{
	switch (e) {
	case FALL:
		return 0;
	case BLR:
		return 2;
	case BR16:
		return 1;
	default:
		return guarded ? 3 : 1;
	}
}

/* The Arm ARM's compatibility table, spelled out per variant and BTYPE. */
static bool expect_trap(uint32_t bti, unsigned int btype, bool guarded)
{
	/* One row per variant (bits 7:6), one column per BTYPE 00..11. */
	static const char *const by_variant[4] = {
		"-TTT",	/* bti:    no indirect branch allowed */
		"---T",	/* bti c:  BLR and BR X16/X17 */
		"--T-",	/* bti j:  BR, and BR X16/X17 */
		"----",	/* bti jc: all */
	};

	/* PACIxSP with SCTLR_EL1.BT0 set, as Linux sets it: BTI c's row. */
	if (bti == PACIASP)
		return guarded && by_variant[1][btype] == 'T';
	/* Any other instruction is no landing pad: only BTYPE 00 passes. */
	if (bti == INSN_NOP)
		return guarded && btype;
	return guarded && by_variant[(bti >> 6) & 3][btype] == 'T';
}

static void bti_image(struct code_image *img, uint32_t bti, enum entry e, bool guarded,
		      unsigned long *probe)
{
	unsigned long p = sysconf(_SC_PAGESIZE), at = p;

	image_put_insn(img, 0, insn_b(0, p));
	switch (e) {
	case FALL:
		image_put_insn(img, at, INSN_NOP);
		at += 4;
		break;
	case BLR:
		image_put_insn(img, at, MOV_X17_X30);
		image_put_insn(img, at + 4, insn_adr(16, at + 4, at + 20));
		image_put_insn(img, at + 8, BLR_X16);
		image_put_insn(img, at + 12, MOV_X30_X17);
		image_put_insn(img, at + 16, INSN_RET);
		at += 20;
		break;
	case BR16:
	case BR0:
		image_put_insn(img, at, insn_adr(e == BR16 ? 16 : 0, at, at + 8));
		image_put_insn(img, at + 4, e == BR16 ? BR_X16 : BR_X0);
		at += 8;
		break;
	}
	image_put_insn(img, at, bti);
	/* A signed LR is authenticated again before the return. */
	if (bti == PACIASP)
		image_put_insn(img, at + 4, AUTIASP);
	image_put_insn(img, at + (bti == PACIASP ? 8 : 4), INSN_RET);
	img->entry = 0;
	img->probes[0] = at;
	img->nprobes = 1;
	img->bti_from = guarded ? p : 0;
	*probe = at;
}

FIXTURE(bti) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
	unsigned long probe;
	uint32_t insn;
	bool trap;
};

FIXTURE_VARIANT(bti) {
	uint32_t insn;
	enum entry entry;
	bool guarded;
};

FIXTURE_VARIANT_ADD(bti, bti_fall_guarded) {
	.insn = BTI,
	.entry = FALL,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_blr_guarded) {
	.insn = BTI,
	.entry = BLR,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_br_x16_guarded) {
	.insn = BTI,
	.entry = BR16,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_br_x0_guarded) {
	.insn = BTI,
	.entry = BR0,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_fall_unguarded) {
	.insn = BTI,
	.entry = FALL,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_blr_unguarded) {
	.insn = BTI,
	.entry = BLR,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_br_x16_unguarded) {
	.insn = BTI,
	.entry = BR16,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_br_x0_unguarded) {
	.insn = BTI,
	.entry = BR0,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_c_fall_guarded) {
	.insn = BTI_C,
	.entry = FALL,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_c_blr_guarded) {
	.insn = BTI_C,
	.entry = BLR,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_c_br_x16_guarded) {
	.insn = BTI_C,
	.entry = BR16,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_c_br_x0_guarded) {
	.insn = BTI_C,
	.entry = BR0,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_c_fall_unguarded) {
	.insn = BTI_C,
	.entry = FALL,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_c_blr_unguarded) {
	.insn = BTI_C,
	.entry = BLR,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_c_br_x16_unguarded) {
	.insn = BTI_C,
	.entry = BR16,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_c_br_x0_unguarded) {
	.insn = BTI_C,
	.entry = BR0,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_j_fall_guarded) {
	.insn = BTI_J,
	.entry = FALL,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_j_blr_guarded) {
	.insn = BTI_J,
	.entry = BLR,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_j_br_x16_guarded) {
	.insn = BTI_J,
	.entry = BR16,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_j_br_x0_guarded) {
	.insn = BTI_J,
	.entry = BR0,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_j_fall_unguarded) {
	.insn = BTI_J,
	.entry = FALL,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_j_blr_unguarded) {
	.insn = BTI_J,
	.entry = BLR,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_j_br_x16_unguarded) {
	.insn = BTI_J,
	.entry = BR16,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_j_br_x0_unguarded) {
	.insn = BTI_J,
	.entry = BR0,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_fall_guarded) {
	.insn = BTI_JC,
	.entry = FALL,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_blr_guarded) {
	.insn = BTI_JC,
	.entry = BLR,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_br_x16_guarded) {
	.insn = BTI_JC,
	.entry = BR16,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_br_x0_guarded) {
	.insn = BTI_JC,
	.entry = BR0,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_fall_unguarded) {
	.insn = BTI_JC,
	.entry = FALL,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_blr_unguarded) {
	.insn = BTI_JC,
	.entry = BLR,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_br_x16_unguarded) {
	.insn = BTI_JC,
	.entry = BR16,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, bti_jc_br_x0_unguarded) {
	.insn = BTI_JC,
	.entry = BR0,
	.guarded = false,
};

/* PACIASP, a landing pad that also signs LR (pac.c checks the signing). */
FIXTURE_VARIANT_ADD(bti, paciasp_fall_guarded) {
	.insn = PACIASP,
	.entry = FALL,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, paciasp_fall_unguarded) {
	.insn = PACIASP,
	.entry = FALL,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, paciasp_blr_guarded) {
	.insn = PACIASP,
	.entry = BLR,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, paciasp_blr_unguarded) {
	.insn = PACIASP,
	.entry = BLR,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, paciasp_br_x16_guarded) {
	.insn = PACIASP,
	.entry = BR16,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, paciasp_br_x16_unguarded) {
	.insn = PACIASP,
	.entry = BR16,
	.guarded = false,
};

FIXTURE_VARIANT_ADD(bti, paciasp_br_x0_guarded) {
	.insn = PACIASP,
	.entry = BR0,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, paciasp_br_x0_unguarded) {
	.insn = PACIASP,
	.entry = BR0,
	.guarded = false,
};

/* A NOP is no landing pad: reached by BLR on a guarded page, it traps. */
FIXTURE_VARIANT_ADD(bti, nop_blr_guarded) {
	.insn = INSN_NOP,
	.entry = BLR,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, nop_fall_guarded) {
	.insn = INSN_NOP,
	.entry = FALL,
	.guarded = true,
};

FIXTURE_VARIANT_ADD(bti, nop_blr_unguarded) {
	.insn = INSN_NOP,
	.entry = BLR,
	.guarded = false,
};

FIXTURE_SETUP(bti)
{
	char err[256] = "";
	int ready = oracle_setup_bti(&self->mode, &self->arena, err, sizeof(err));

	ASSERT_LE(0, ready) TH_LOG("%s", err);
	if (ready)
		SKIP(return, "%s", err);
	ASSERT_EQ(0, image_alloc(&self->img, "bti", 2));
	bti_image(&self->img, variant->insn, variant->entry, variant->guarded, &self->probe);
	self->insn = variant->insn;
	self->trap = expect_trap(variant->insn,
				 entry_btype(variant->entry, variant->guarded),
				 variant->guarded);
}

FIXTURE_TEARDOWN(bti)
{
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

/* What every leg runs: one state, SP in the middle of a read-write arena. */
static void bti_case(struct oracle_case *c, const struct arena *a)
{
	*c = (struct oracle_case){ .layout = layout_rw };
	oracle_state_init(&c->in, 5, arena_page(a, 8));
}

/*
 * The branches leave code addresses in x16, x0 and x30, and a trap's
 * si_addr is its PC; each leg runs its own mapping of the code, so these
 * are compared as offsets from its start.
 */
static void rebase_regs(struct cpu_state *s, uintptr_t base, size_t size)
{
	unsigned int i;

	for (i = 0; i < 31; i++)
		if (s->x[i] >= base && s->x[i] < base + size)
			s->x[i] -= base;
}

static void rebase(struct oracle_result *res, size_t size)
{
	rebase_regs(&res->out, res->code_base, size);
	rebase_regs(&res->sig.regs, res->code_base, size);
	if (res->nsig && res->sig.addr >= res->code_base &&
	    res->sig.addr < res->code_base + size)
		res->sig.addr -= res->code_base;
}

/* Natively, the CPU does what the Arm ARM's table says. */
TEST_F(bti, native_follows_the_arm_arm)
{
	struct oracle_result n;
	struct oracle_case c;
	char err[256] = "";

	if (setup_skipped())
		return;

	ASSERT_EQ(0, oracle_leg_open(&self->native, &self->img, "native", IFACE_NONE,
				     false, PARAMS_KEEP, self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	bti_case(&c, &self->arena);
	ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n));
	if (self->trap) {
		EXPECT_FALSE(n.completed);
		EXPECT_EQ(1U, n.nsig);
		EXPECT_EQ(SIGILL, n.sig.signo);
		EXPECT_EQ(ILL_ILLOPC, n.sig.code);
		EXPECT_EQ(self->probe, n.sig.pc - n.code_base);
		EXPECT_EQ(self->probe, n.sig.addr - n.code_base);
	} else {
		EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
	}
	oracle_result_free(&n);
}

static void compare(struct __test_metadata *_metadata, struct _test_data_bti *self,
		    bool sim)
{
	struct oracle_cmp cmp = { .arena = &self->arena };
	bool counted = mode_counts(self->mode);
	struct oracle_result n, p;
	struct oracle_case c;
	struct probesim_stats d;
	char err[256] = "";
	unsigned int diffs;
	bool nop = self->insn == INSN_NOP;
	/* From 6.13 the kernel simulates a NOP itself, in either leg. */
	bool kernel = nop && kernel_simulates_nop();
	/* ... and with the series, makes the branch-target check for it. */
	bool kernel_checks = self->mode == MODE_BUILTIN;
	/* probesim with pac=0 leaves PACIASP to the kernel, which steps it. */
	bool unsimulated = self->insn == PACIASP && !probesim_param_on("pac");
	bool stepped = (!sim || unsimulated) && !kernel;
	bool patched = sim && !kernel && !unsimulated;
	enum probesim_family fam = nop ? PROBESIM_NOP_FAMILY :
				   self->insn == PACIASP ? PROBESIM_PAC_FAMILY : PROBESIM_BTI_FAMILY;

	if (setup_skipped())
		return;

	if (!mode_has_leg(self->mode, sim))
		SKIP(return, "%s", mode_missing_leg(self->mode, sim));
	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, &self->img, IFACE_PERF,
				      false, sim ? PARAMS_SIM : PARAMS_XOL, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (counted)
		EXPECT_EQ(patched ? 1L : 0L, self->probed.attach.patched[fam]);
	bti_case(&c, &self->arena);
	ASSERT_EQ(0, oracle_legs_run(&self->native, &self->probed, &self->arena, &c,
				     &n, &p, &d));
	EXPECT_EQ(1L, oracle_leg_hits(&self->probed, 0));
	/* XOL steps through the XOL area; simulation never creates it. */
	EXPECT_EQ(stepped, has_xol_area(0)) TH_LOG("XOL area present: %d", has_xol_area(0));
	/* A hit that fails the branch-target check is not a simulated one. */
	if (counted) {
		EXPECT_EQ(patched && !self->trap ? 1L : 0L, d.hits[fam]);
		EXPECT_EQ(patched && self->trap ? 1L : 0L, d.branch_target_faults);
	}
	if (self->trap && (stepped || (kernel && !kernel_checks))) {
		/* The known stock behaviours: no trap, the run goes on. */
		EXPECT_TRUE(p.completed && !p.nsig) oracle_dump(sim ? "sim" : "xol", &p);
		oracle_result_free(&n);
		oracle_result_free(&p);
		if (kernel)
			SKIP(return,
			     "XFAIL: stock bug: the kernel's simulate_nop() (6.13 on) skips the branch-target check");
		SKIP(return,
		     "XFAIL: XOL runs the instruction from an unguarded slot and misses the branch-target trap");
	}
	rebase(&n, self->img.size);
	rebase(&p, self->img.size);
	diffs = oracle_compare(sim ? "sim" : "xol", &n, &p, &cmp);
	EXPECT_EQ(0U, diffs);
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_F(bti, xol)
{
	compare(_metadata, self, false);
}

TEST_F(bti, sim)
{
	compare(_metadata, self, true);
}

TEST_HARNESS_MAIN
