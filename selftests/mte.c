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
 *  - both allowed, with CPUs preferring different ones (mte_tcf_preferred):
 *    the mode is the one of the CPU the store runs on, even when the task
 *    moves in a fault the push takes (mte_moved).
 * The kernel with the series (builtin mode) decides the same way, and
 * declines where probesim.ko hands back.
 *
 * Needs a CPU with MTE (under qemu, -M virt,mte=on); skips elsewhere,
 * unless PROBESIM_REQUIRE_MTE is set.
 */
#define _GNU_SOURCE
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "oracle.h"
#include "uffd.h"
#include "uprobes.h"

#define HWCAP2_MTE_BIT	BIT(18)
#define MEM_TAG		3ULL	/* allocation tag of the stack */
#define OTHER_TAG	5ULL
#define MTE_PAGES	"wwwwwwmmmmwwwwww"	/* pages 6-9: PROT_MTE */
#define SP_PAGE		8
#ifndef PROT_MTE
#define PROT_MTE	0x20
#endif

/* Skip without MTE, or fail if PROBESIM_REQUIRE_MTE says it must be there. */
#define REQUIRE_MTE()								\
	do {									\
		if (!oracle_hwcap2(HWCAP2_MTE_BIT)) {				\
			ASSERT_EQ(NULL, getenv("PROBESIM_REQUIRE_MTE"))		\
				TH_LOG("PROBESIM_REQUIRE_MTE, but no MTE (qemu: -M virt,mte=on)"); \
			SKIP(return, "the CPU has no MTE (HWCAP2_MTE); under qemu, use -M virt,mte=on"); \
		}								\
	} while (0)

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
	REQUIRE_MTE();
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

/*
 * A push whose store sleeps in a fault and resumes on another CPU. The
 * task allows synchronous and asynchronous checks; each CPU picks one by
 * its mte_tcf_preferred: CPU 0 synchronous, CPU 1 asynchronous. The page
 * pushed to is missing, registered with a userfaultfd (kernel faults
 * included) whose server moves the task to CPU 1 and fills the page, with
 * tag 0: SP's tag does not match. Natively the push then completes on
 * CPU 1, checked asynchronously: SIGSEGV/SEGV_MTEAERR comes once the
 * task next enters the kernel. A simulation that chose the mode on CPU 0
 * and stored on CPU 1 would lose the fault (the kernel clears an EL0
 * asynchronous fault raised in the kernel when it returns to user space).
 */
#define MOVED_FROM	0
#define MOVED_TO	1

FIXTURE(mte_moved) {
	enum probesim_mode mode;
	struct arena arena;
	struct code_image img;
	struct oracle_leg native, probed;
	struct uffd_server uffd;
	char saved_pref[2][16];
	bool prefs_set;
};

static int cpu_pref(int cpu, char *old, size_t len, const char *new)
{
	char path[96];
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/mte_tcf_preferred", cpu);
	f = fopen(path, old ? "r" : "w");
	if (!f)
		return -1;
	if (old)
		ret = fgets(old, len, f) ? 0 : -1;
	else
		ret = fputs(new, f) < 0 ? -1 : 0;
	return fclose(f) || ret ? -1 : 0;
}

static void unpin(void)
{
	long cpu, ncpus = sysconf(_SC_NPROCESSORS_CONF);
	cpu_set_t cpus;

	CPU_ZERO(&cpus);
	for (cpu = 0; cpu < ncpus && cpu < CPU_SETSIZE; cpu++)
		CPU_SET(cpu, &cpus);
	sched_setaffinity(0, sizeof(cpus), &cpus);
}

FIXTURE_SETUP(mte_moved)
{
	char err[256] = "";

	self->uffd = (struct uffd_server)UFFD_SERVER_INIT;
	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	REQUIRE_MTE();
	if (sysconf(_SC_NPROCESSORS_ONLN) <= MOVED_TO)
		SKIP(return, "needs CPU %d", MOVED_TO);
	ASSERT_EQ(0, cpu_pref(MOVED_FROM, self->saved_pref[0], sizeof(self->saved_pref[0]), NULL));
	ASSERT_EQ(0, cpu_pref(MOVED_TO, self->saved_pref[1], sizeof(self->saved_pref[1]), NULL));
	self->prefs_set = true;
	ASSERT_EQ(0, cpu_pref(MOVED_FROM, NULL, 0, "sync"));
	ASSERT_EQ(0, cpu_pref(MOVED_TO, NULL, 0, "async"));
	ASSERT_EQ(0, prctl(PR_SET_TAGGED_ADDR_CTRL,
			   PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_SYNC | PR_MTE_TCF_ASYNC |
			   (0xfffeUL << PR_MTE_TAG_SHIFT), 0, 0, 0));
	ASSERT_EQ(0, image_from_target(&self->img, target_find("stp_fp_lr")));
	ASSERT_EQ(0, arena_init(&self->arena));
}

FIXTURE_TEARDOWN(mte_moved)
{
	uffd_server_stop(&self->uffd);
	if (self->prefs_set) {
		cpu_pref(MOVED_FROM, NULL, 0, self->saved_pref[0]);
		cpu_pref(MOVED_TO, NULL, 0, self->saved_pref[1]);
	}
	unpin();
	oracle_teardown(&self->native, &self->probed, self->mode, &self->arena,
			&self->img);
}

/* What prepare_moved() failed at, for the log. */
static const char *moved_why = "not the preparation";

/*
 * The asynchronous fault is reported at whichever kernel entry comes
 * first: in the run, or after it (in its snapshot of the arena). A handler
 * of its own takes it, on a stack of its own (not the arena's, which the
 * run compares), and notes it. A synchronous SIGSEGV, which no run here
 * should raise, kills the test.
 */
static volatile sig_atomic_t moved_async_code;
static struct sigaction moved_saved_segv;

static void on_async_segv(int signo, siginfo_t *si, void *uc)
{
	if (si->si_code != SEGV_MTEAERR) {
		signal(SIGSEGV, SIG_DFL);
		return;
	}
	moved_async_code = si->si_code;
}

/*
 * Tag the stack, make the page pushed to missing and served by @arg (the
 * fixture's uffd_server), start on CPU 0, and take SIGSEGV as above.
 */
static int prepare_moved(const struct arena *a, void *arg)
{
	struct uffd_server *uffd = arg;
	static char alt[65536] __attribute__((aligned(16)));
	struct sigaction act = {
		.sa_sigaction = on_async_segv, .sa_flags = SA_SIGINFO | SA_ONSTACK,
	};
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt) };

	moved_async_code = 0;
	if (tag_stack(a, NULL) || pin_to_cpu(MOVED_FROM)) {
		moved_why = "pinning to CPU 0";
		return -1;
	}
	uffd->move_tid = gettid();
	uffd->move_cpu = MOVED_TO;
	if (uffd_server_start(uffd, arena_page(a, SP_PAGE - 1), a->page,
			      PROT_READ | PROT_WRITE | PROT_MTE, false)) {
		moved_why = "starting the userfaultfd server";
		return -1;
	}
	if (sigaltstack(&ss, NULL) || sigaction(SIGSEGV, &act, &moved_saved_segv)) {
		moved_why = "taking SIGSEGV";
		return -1;
	}
	return 0;
}

/* The si_code of the asynchronous SIGSEGV the run raised, or 0. */
static int async_segv(void)
{
	/* A kernel entry since the run, where an asynchronous fault is noted. */
	getppid();
	sigaction(SIGSEGV, &moved_saved_segv, NULL);
	return moved_async_code;
}

TEST_F(mte_moved, push)
{
	struct oracle_cmp cmp = { .arena = &self->arena };
	struct oracle_case c = {
		.layout = MTE_PAGES, .prepare = prepare_moved, .prepare_arg = &self->uffd,
	};
	bool handed_back = mode_simulates(self->mode);
	struct probesim_stats before, d;
	struct oracle_result n, p;
	int n_code, p_code;
	char err[256] = "";

	if (setup_skipped())
		return;

	ASSERT_EQ(0, oracle_legs_open(&self->native, &self->probed, &self->img,
				      IFACE_TRACEFS, false, PARAMS_SIM, self->mode,
				      err, sizeof(err)))
		TH_LOG("%s", err);
	if (mode_counts(self->mode))
		ASSERT_EQ(0, probesim_stats_read(&before));
	oracle_state_init(&c.in, 0, arena_page(&self->arena, SP_PAGE) | MEM_TAG << 56);

	ASSERT_EQ(0, oracle_run(&self->native, &self->arena, &c, &n))
		TH_LOG("native run: %s: %s", moved_why, strerror(errno));
	n_code = async_segv();
	ASSERT_EQ(0, oracle_run(&self->probed, &self->arena, &c, &p))
		TH_LOG("probed run: %s: %s", moved_why, strerror(errno));
	p_code = async_segv();

	/* The scenario is what it claims: natively, an asynchronous fault. */
	EXPECT_TRUE(n.completed && !n.nsig) oracle_dump("native", &n);
	EXPECT_EQ(SEGV_MTEAERR, n_code);
	oracle_summary("native", &n);
	oracle_summary("probed", &p);
	EXPECT_EQ(0U, oracle_compare("probed", &n, &p, &cmp));
	EXPECT_EQ(n_code, p_code)
		TH_LOG("asynchronous SIGSEGV: native si_code %d, probed %d",
		       n_code, p_code);
	if (mode_counts(self->mode)) {
		ASSERT_EQ(0, probesim_stats_since(&d, &before));
		/* Declined for the mode CPU 1 gives, not stored. */
		EXPECT_EQ(0L, d.hits[PROBESIM_STP_FAMILY]);
		EXPECT_EQ(1L, d.stp_tag_check_xol);
	}
	EXPECT_EQ(handed_back && mode_declines_by_trapping_again(self->mode) ? 2L : 1L,
		  oracle_leg_hits(&self->probed, 0));
	oracle_result_free(&n);
	oracle_result_free(&p);
}

TEST_HARNESS_MAIN
