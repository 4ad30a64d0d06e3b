// SPDX-License-Identifier: GPL-2.0-only
/*
 * STP pushes that fault: the push target unmapped (also past a stack
 * guard gap), read-only or PROT_NONE; SP a kernel or out-of-range
 * address; a pair straddling a page boundary into an unmapped page; a
 * tagged SP into an unmapped page; a handler that repairs the fault and
 * restarts the instruction; a misaligned SP. And two faults only the CPU's
 * own store takes as the task's: a page missing in a userfaultfd that
 * handles user faults only (the handler thread fills it and the push
 * completes), a poisoned page (SIGBUS/BUS_MCEERR_AR), and a protection
 * key that denies the write (SEGV_PKUERR; needs a CPU with FEAT_S1POE,
 * which qemu 7.2 does not have: a SKIP there).
 *
 * xol: the native run faults as the architecture says (checked, so that
 * the scenario is what it claims to be: a data abort from EL0, a write,
 * in the signal frame's ESR record) and the XOL run is the same.
 * sim: the simulated run is the same as the native one, the whole signal
 * frame included (siginfo, ESR record, PC, SP, every register) and the
 * memory written. A faulting push is handed back to the CPU: the probe
 * fires once more, now single-stepped, and stays single-stepped.
 *
 * Misaligned SP: Linux runs EL0 with the SP alignment check on, but qemu
 * does not implement it, so native and XOL runs do not fault there; only
 * the simulated run is held to what hardware does (SIGBUS, BUS_ADRALN,
 * si_addr = SP, the SP alignment ESR, nothing written).
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "oracle.h"
#include "uffd.h"
#include "uprobes.h"

#define HWCAP2_POE_BIT	BIT(63)
#define KERNEL_SP	0xffff000000001000ULL
/* Beyond any user VA size (48 or 52 bits), below the tag byte. */
#define WILD_SP		0x0070000000001000ULL

enum fix { FIX_NONE, FIX_MPROTECT, FIX_MMAP };
/* What the case does to one page once the arena is laid out. */
enum special { SPECIAL_NONE, SPECIAL_UFFD, SPECIAL_HWPOISON, SPECIAL_PKEY };

FIXTURE(fault) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
};

FIXTURE_VARIANT(fault) {
	const char *target;
	const char *layout;
	uint64_t sp;		/* SP, or 0: the bottom of arena page sp_page */
	unsigned int sp_page;
	unsigned int sp_add;
	uint64_t tag;		/* SP's top byte */
	int signo, code;	/* what the instruction raises */
	unsigned int fault_off;	/* si_addr is the pair's address plus this */
	bool loose_lower;	/* the lower half may be written before the fault */
	enum fix fix;		/* repair and restart */
	unsigned int fix_page;
	bool misaligned;	/* SP alignment fault: hardware only, not qemu */
	enum special special;	/* applied to page special_page */
	unsigned int special_page;
	bool completes;		/* natively: no signal, the push is done */
};

/* Unmapped push target. */
FIXTURE_VARIANT_ADD(fault, unmapped) {
	.target = "stp_fp_lr", .layout = "wwwwwww-wwwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_MAPERR,
};

/*
 * A MAP_GROWSDOWN stack whose growth would come within the stack guard
 * gap of a readable mapping: the kernel refuses to grow it.
 */
FIXTURE_VARIANT_ADD(fault, past_stack_guard) {
	.target = "stp_fp_lr", .layout = "nnnnnr-ggggggggg", .sp_page = 7,
	.signo = SIGSEGV, .code = SEGV_MAPERR,
};

FIXTURE_VARIANT_ADD(fault, readonly) {
	.target = "stp_fp_lr", .layout = "wwwwwwwrwwwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_ACCERR,
};

FIXTURE_VARIANT_ADD(fault, prot_none) {
	.target = "stp_x19_x20", .layout = "wwwwwwwnwwwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_ACCERR,
};

FIXTURE_VARIANT_ADD(fault, kernel_sp) {
	.target = "stp_fp_lr", .layout = "wwwwwwwwwwwwwwww", .sp = KERNEL_SP,
	.signo = SIGSEGV, .code = SEGV_MAPERR,
};

FIXTURE_VARIANT_ADD(fault, wild_sp) {
	.target = "stp_x0_x1_min", .layout = "wwwwwwwwwwwwwwww", .sp = WILD_SP,
	.signo = SIGSEGV, .code = SEGV_MAPERR,
};

/* The lower doubleword in an unmapped page, the upper one mapped. */
FIXTURE_VARIANT_ADD(fault, cross_lower_unmapped) {
	.target = "stp_odd", .layout = "wwwwwww-wwwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_MAPERR,
};

/* The upper doubleword in an unmapped page: the fault is at the upper. */
FIXTURE_VARIANT_ADD(fault, cross_upper_unmapped) {
	.target = "stp_odd", .layout = "wwwwwwww-wwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_MAPERR, .fault_off = 8,
	.loose_lower = true,
};

/* si_addr comes without the tag (no SA_EXPOSE_TAGBITS). */
FIXTURE_VARIANT_ADD(fault, tagged_unmapped) {
	.target = "stp_fp_lr", .layout = "wwwwwww-wwwwwwww", .sp_page = 8,
	.tag = 0x5a, .signo = SIGSEGV, .code = SEGV_MAPERR,
};

FIXTURE_VARIANT_ADD(fault, restart_readonly) {
	.target = "stp_fp_lr", .layout = "wwwwwwwrwwwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_ACCERR,
	.fix = FIX_MPROTECT, .fix_page = 7,
};

FIXTURE_VARIANT_ADD(fault, restart_unmapped) {
	.target = "stp_x0_x1_min", .layout = "wwwwwww-wwwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_MAPERR,
	.fix = FIX_MMAP, .fix_page = 7,
};

FIXTURE_VARIANT_ADD(fault, restart_cross_upper) {
	.target = "stp_odd", .layout = "wwwwwwww-wwwwwww", .sp_page = 8,
	.signo = SIGSEGV, .code = SEGV_MAPERR, .fault_off = 8,
	.loose_lower = true, .fix = FIX_MMAP, .fix_page = 8,
};

/* A userfaultfd for user faults only: the kernel's own store cannot wait. */
FIXTURE_VARIANT_ADD(fault, uffd_user_only) {
	.target = "stp_fp_lr", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.special = SPECIAL_UFFD, .special_page = 7, .completes = true,
};

FIXTURE_VARIANT_ADD(fault, hwpoison) {
	.target = "stp_x19_x20", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.special = SPECIAL_HWPOISON, .special_page = 7,
	.signo = SIGBUS, .code = BUS_MCEERR_AR,
};

FIXTURE_VARIANT_ADD(fault, pkey_denies_write) {
	.target = "stp_fp_lr", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.special = SPECIAL_PKEY, .special_page = 7,
	.signo = SIGSEGV, .code = SEGV_PKUERR,
};

FIXTURE_VARIANT_ADD(fault, misaligned_8) {
	.target = "stp_fp_lr", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.sp_add = 8, .misaligned = true,
};

FIXTURE_VARIANT_ADD(fault, misaligned_4) {
	.target = "stp_x19_x20", .layout = "wwwwwwwwwwwwwwww", .sp_page = 8,
	.sp_add = 4, .misaligned = true,
};

/* The alignment check comes before translation: SIGBUS, not SIGSEGV. */
FIXTURE_VARIANT_ADD(fault, misaligned_unmapped) {
	.target = "stp_fp_lr", .layout = "wwwwwww-wwwwwwww", .sp_page = 8,
	.sp_add = 8, .misaligned = true,
};

static size_t page_size;

static bool fix_mprotect(const siginfo_t *si, void *page)
{
	return !mprotect(page, page_size, PROT_READ | PROT_WRITE);
}

static bool fix_mmap(const siginfo_t *si, void *page)
{
	return mmap(page, page_size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == page;
}

/*
 * The userfaultfd case: a fresh (missing) page, registered for missing
 * faults from user mode only (lib/uffd.h).
 */
static struct uffd_server uffd_server = UFFD_SERVER_INIT;

static int prepare_uffd(const struct arena *a, void *arg)
{
	return uffd_server_start(&uffd_server, arena_page(a, (unsigned int)(uintptr_t)arg),
				 page_size, PROT_READ | PROT_WRITE, true);
}

/* The pkey case: the page keeps PROT_WRITE, its key denies writes. */
static int prepare_pkey(const struct arena *a, void *arg)
{
	static int pkey = -1;

	if (pkey < 0)
		pkey = pkey_alloc(0, PKEY_DISABLE_WRITE);
	if (pkey < 0)
		return -1;
	return pkey_mprotect((void *)arena_page(a, (unsigned int)(uintptr_t)arg), page_size,
			     PROT_READ | PROT_WRITE, pkey);
}

static void ignore_signal(int signo, siginfo_t *si, void *uc)
{
}

/*
 * The hwpoison case: the page's memory is marked as failed. Its contents
 * are lost, so the injection itself sends this task a SIGBUS, which is
 * not the one under test: it is taken here and dropped.
 */
static int prepare_hwpoison(const struct arena *a, void *arg)
{
	struct sigaction ignore = { .sa_sigaction = ignore_signal, .sa_flags = SA_SIGINFO };
	struct sigaction saved;
	int ret;

	if (sigaction(SIGBUS, &ignore, &saved))
		return -1;
	ret = madvise((void *)arena_page(a, (unsigned int)(uintptr_t)arg), page_size,
		      MADV_HWPOISON);
	if (sigaction(SIGBUS, &saved, NULL))
		return -1;
	return ret;
}

FIXTURE_SETUP(fault)
{
	char err[256] = "";

	ASSERT_EQ(0, oracle_setup(&self->mode, &self->img, variant->target,
				  &self->arena, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_EQ(1U, self->img.stps);
	page_size = self->arena.page;
}

FIXTURE_TEARDOWN(fault)
{
	uffd_server_stop(&uffd_server);
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

static void make_case(struct _test_data_fault *self, const struct _fixture_variant_fault *v,
		      struct oracle_case *c)
{
	uint64_t sp = v->sp ? v->sp : arena_page(&self->arena, v->sp_page) + v->sp_add;

	memset(c, 0, sizeof(*c));
	c->layout = v->layout;
	oracle_state_init(&c->in, 0, sp | v->tag << 56);
	if (v->fix == FIX_MPROTECT)
		c->fix = fix_mprotect;
	else if (v->fix == FIX_MMAP)
		c->fix = fix_mmap;
	c->fix_arg = (void *)arena_page(&self->arena, v->fix_page);
	if (v->special == SPECIAL_UFFD)
		c->prepare = prepare_uffd;
	else if (v->special == SPECIAL_HWPOISON)
		c->prepare = prepare_hwpoison;
	else if (v->special == SPECIAL_PKEY)
		c->prepare = prepare_pkey;
	c->prepare_arg = (void *)(uintptr_t)v->special_page;
}

static uint32_t probed_insn(const struct code_image *img)
{
	uint32_t insn;

	memcpy(&insn, img->bytes + img->probes[0], sizeof(insn));
	return insn;
}

/* The address the pair is stored at; si_addr as Linux reports it, untagged. */
static uint64_t pair_address(const struct code_image *img, uint64_t sp)
{
	return sp + stp_push_offset(probed_insn(img));
}

static uint64_t untag(uint64_t addr)
{
	return addr & (addr & (1ULL << 55) ? ~0ULL : 0x00ffffffffffffffULL);
}

/* The value of register @n of the pair in @in (31 is XZR). */
static uint64_t pair_reg(const struct cpu_state *in, unsigned int n)
{
	return n == 31 ? 0 : in->x[n];
}

/*
 * The native run did what the scenario says: one signal as described,
 * then (with a repair) a normal return.
 */
static unsigned int check_native(const struct _fixture_variant_fault *v,
				 const struct code_image *img, const struct arena *a,
				 const struct oracle_case *c, const struct oracle_result *n)
{
	uint64_t pair = pair_address(img, c->in.sp);
	uint64_t loose = v->loose_lower ? untag(pair) : 0;
	uint64_t addr = untag(pair) + v->fault_off;
	unsigned int diffs = 0;

	if (v->completes) {
		if (n->nsig || !n->completed || n->out.sp != pair) {
			fprintf(stderr, "# native: expected the push to complete, sp %#lx\n",
				(unsigned long)pair);
			oracle_dump("native", n);
			diffs++;
		}
		return diffs;
	}
	if (n->nsig && (!n->sig.has_esr || ESR_EC(n->sig.esr) != ESR_EC_DABT_LOW ||
			!(n->sig.esr & ESR_WNR))) {
		fprintf(stderr, "# native: ESR record %s%#lx, expected an EL0 data abort (write)\n",
			n->sig.has_esr ? "" : "none ", (unsigned long)n->sig.esr);
		diffs++;
	}
	if (v->fix == FIX_NONE)
		return diffs + oracle_check_fault("native", n, &c->in, v->signo, v->code,
						  addr, img->probes[0], a, loose,
						  pair_reg(&c->in, probed_insn(img) & 0x1f));
	if (n->nsig != 1 || !n->completed || n->sig.signo != v->signo ||
	    n->sig.code != v->code || n->sig.addr != addr) {
		fprintf(stderr,
			"# native: expected signal %d/%d at %#lx, repaired, then a return\n",
			v->signo, v->code, (unsigned long)addr);
		oracle_dump("native", n);
		diffs++;
	}
	if (n->completed && n->out.sp != pair) {
		fprintf(stderr, "# native: sp %#lx after the restart, expected %#lx\n",
			(unsigned long)n->out.sp, (unsigned long)pair);
		diffs++;
	}
	return diffs;
}

static void run_case(struct __test_metadata *_metadata, struct _test_data_fault *self,
		     const struct _fixture_variant_fault *v, bool sim)
{
	const struct code_image *img = &self->img;
	bool counted = mode_counts(self->mode);
	struct oracle_result n, p;
	struct probesim_stats d;
	struct oracle_case c;
	struct oracle_cmp cmp = { .arena = &self->arena };
	long attempts = v->fix == FIX_NONE ? 1 : 2;
	/*
	 * A simulated push that faults is declined, and the CPU runs it;
	 * probesim.ko declines by letting the task trap once more.
	 */
	bool handed_back = sim && !v->misaligned && mode_hands_faults_back(self->mode);
	bool trapped_again = handed_back && mode_declines_by_trapping_again(self->mode);
	char err[256] = "";

	if (v->special == SPECIAL_PKEY && !oracle_hwcap2(HWCAP2_POE_BIT))
		SKIP(return,
		     "the CPU has no FEAT_S1POE (HWCAP2_POE; qemu 7.2 has none): no protection keys");
	if (!mode_has_leg(self->mode, sim))
		SKIP(return, "%s", mode_missing_leg(self->mode, sim));

	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, img, IFACE_TRACEFS,
				      false, sim ? PARAMS_SIM : PARAMS_XOL, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (counted)
		EXPECT_EQ(sim ? 1L : 0L, self->probed.attach.patched[PROBESIM_STP_FAMILY]);

	make_case(self, v, &c);
	ASSERT_EQ(0, oracle_legs_run(&self->native, &self->probed, &self->arena, &c,
				     &n, &p, &d));

	if (v->misaligned) {
		/* qemu: no SP alignment check; native does what it does. */
		oracle_summary("native (qemu has no SP alignment check)", &n);
		oracle_summary(sim ? "sim" : "xol", &p);
	} else {
		EXPECT_EQ(0U, check_native(v, img, &self->arena, &c, &n));
	}

	if (sim && v->misaligned) {
		/* What hardware does: an SP alignment fault before any access. */
		EXPECT_EQ(0U, oracle_check_fault("sim", &p, &c.in, SIGBUS, BUS_ADRALN,
						 c.in.sp, img->probes[0], &self->arena,
						 0, 0));
		EXPECT_TRUE(p.sig.has_esr &&
			    p.sig.esr == ((uint64_t)ESR_EC_SP_ALIGN << 26 | ESR_IL))
			TH_LOG("ESR record %s%#lx, expected that of an SP alignment exception",
			       p.sig.has_esr ? "" : "none ", (unsigned long)p.sig.esr);
	} else {
		if (v->loose_lower) {
			cmp.loose_addr = untag(pair_address(img, c.in.sp));
			cmp.loose_value = pair_reg(&c.in, probed_insn(img) & 0x1f);
		}
		if (v->loose_lower && v->fix == FIX_NONE) {
			/* Allowed either way; worth knowing which. */
			fprintf(stderr,
				"# lower doubleword of the faulting pair: native %s, %s %s\n",
				oracle_word_after(&n, &self->arena, cmp.loose_addr) ==
				cmp.loose_value ? "written" : "not written",
				sim ? "sim" : "xol",
				oracle_word_after(&p, &self->arena, cmp.loose_addr) ==
				cmp.loose_value ? "written" : "not written");
		}
		EXPECT_EQ(0U, oracle_compare(sim ? "sim" : "xol", &n, &p, &cmp));
	}

	/* The probe fired on each attempt: a restart hits it again. */
	EXPECT_EQ(attempts + trapped_again, oracle_leg_hits(&self->probed, 0));
	EXPECT_EQ(!sim || handed_back, has_xol_area(0))
		TH_LOG("the push was %ssingle-stepped", sim && !handed_back ? "" : "not ");
	if (counted) {
		/*
		 * A push handed back is no simulated hit, and single-steps
		 * from then on; one that raised the alignment fault is one.
		 */
		EXPECT_EQ(sim && !handed_back ? 1L : 0L, d.hits[PROBESIM_STP_FAMILY]);
		/* Each run faults once, then (repaired) completes. */
		EXPECT_EQ(sim ? 1L : 0L, d.stp_faults);
	}
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_F(fault, xol)
{
	run_case(_metadata, self, variant, false);
}

TEST_F(fault, sim)
{
	run_case(_metadata, self, variant, true);
}

TEST_HARNESS_MAIN
