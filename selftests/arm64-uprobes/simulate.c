// SPDX-License-Identifier: GPL-2.0-only
#ifdef PROBESIM_WITH_ALU
/*
 * Uprobes on the instructions the kernel simulates. Each case runs one
 * instruction natively and then with a uprobe on it, from the same
 * register state; both runs must leave the same general-purpose
 * registers, SP, NZCV and stack memory, or take the same signal. A hit
 * that was simulated never steps out of line, so the task must not get
 * the XOL area ("[uprobes]" in /proc/self/maps).
 */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <stdalign.h>
#include <stddef.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <asm/hwcap.h>

#include "kselftest_harness.h"
#include "simulate.h"
#include "uprobe.h"

static_assert(offsetof(struct regs, sp) == REGS_SP, "struct regs layout");
static_assert(offsetof(struct regs, nzcv) == REGS_NZCV, "struct regs layout");

/* x28 holds the output pointer in the blocks: not part of the state. */
#define BASE_REG	28
#define NZCV_ALL	0xf0000000UL
#define MAX_STATES	8

typedef void block_fn(void *in, void *out);

/* The blocks' stack, compared after every run. */
static alignas(16) __u64 stack[32];

struct result {
	struct outcome how;
	struct regs regs;
	__u64 stack[ARRAY_SIZE(stack)];
};

/* A register state from @seed, on the test stack. */
static void init_regs(struct regs *r, __u64 seed)
{
	int i;

	for (i = 0; i < 31; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		r->x[i] = seed ^ (seed >> 29);
	}
	r->sp = (uintptr_t)(stack + ARRAY_SIZE(stack));
	r->nzcv = seed & NZCV_ALL;
}

static void run(block_fn *block, struct regs *in, struct result *res)
{
	memset(res, 0, sizeof(*res));
	memset(stack, 0xa5, sizeof(stack));
	res->how = outcome_call(block, in, &res->regs);
	memcpy(res->stack, stack, sizeof(stack));
}

static bool same_u64(struct __test_metadata *_metadata, int i,
		     const char *what, __u64 n, __u64 p)
{
	if (n == p)
		return true;
	TH_LOG("state %d: %s natively %#llx, probed %#llx", i, what, n, p);
	return false;
}

static bool same_result(struct __test_metadata *_metadata, int i,
			const struct result *n, const struct result *p)
{
	char nbuf[128], pbuf[128], what[16];
	bool same = true;
	unsigned int r;

	if (!outcome_same(&n->how, &p->how)) {
		TH_LOG("state %d: natively %s, probed %s", i,
		       outcome_str(&n->how, nbuf, sizeof(nbuf)),
		       outcome_str(&p->how, pbuf, sizeof(pbuf)));
		return false;
	}
	for (r = 0; r < 31; r++) {
		snprintf(what, sizeof(what), "x%u", r);
		if (r != BASE_REG &&
		    !same_u64(_metadata, i, what, n->regs.x[r], p->regs.x[r]))
			same = false;
	}
	if (!same_u64(_metadata, i, "sp", n->regs.sp, p->regs.sp))
		same = false;
	if (!same_u64(_metadata, i, "nzcv", n->regs.nzcv, p->regs.nzcv))
		same = false;
	for (r = 0; r < ARRAY_SIZE(stack); r++) {
		snprintf(what, sizeof(what), "stack[%u]", r);
		if (!same_u64(_metadata, i, what, n->stack[r], p->stack[r]))
			same = false;
	}
	return same;
}

/*
 * Run @block on each of the @n states @in natively, then with a uprobe on
 * its instruction @insn. Each native run must end as @expect says (NULL:
 * it returns), and each probed run as its native run did; if @simulated,
 * without the XOL area.
 */
static void check(struct __test_metadata *_metadata, block_fn *block,
		  const void *insn, struct regs *in, int n,
		  const struct outcome *expect, bool simulated)
{
	const struct outcome returned = { 0 };
	struct result native[MAX_STATES], probed;
	char nbuf[128], ebuf[128];
	const char *why;
	int fd, i;

	why = uprobe_unavailable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_LE(n, MAX_STATES);
	ASSERT_EQ(0, outcome_catch_signals());
	ASSERT_FALSE(xol_area_mapped())
		TH_LOG("the XOL area is mapped before the probe");
	if (!expect)
		expect = &returned;

	for (i = 0; i < n; i++) {
		run(block, &in[i], &native[i]);
		/* What @expect says; the ESR record is the CPU's own. */
		ASSERT_TRUE(native[i].how.signo == expect->signo &&
			    native[i].how.code == expect->code &&
			    native[i].how.addr == expect->addr)
			TH_LOG("state %d: natively %s, expected %s", i,
			       outcome_str(&native[i].how, nbuf, sizeof(nbuf)),
			       outcome_str(expect, ebuf, sizeof(ebuf)));
	}

	fd = uprobe_open(insn, 0);
	ASSERT_LE(0, fd)
		TH_LOG("uprobe at %p: %s", insn, strerror(errno));
	for (i = 0; i < n; i++) {
		run(block, &in[i], &probed);
		EXPECT_TRUE(same_result(_metadata, i, &native[i], &probed));
	}
	EXPECT_EQ(n, uprobe_hits(fd))
		TH_LOG("the probe was not hit once per run");
	close(fd);

	if (simulated)
		EXPECT_FALSE(xol_area_mapped())
			TH_LOG("the probed instruction was stepped out of line");
}

#ifdef PROBESIM_WITH_ALU
/*
 * Three states: the flags set, and clear, and an SP that is no stack at
 * all (no ALU instruction accesses memory).
 */
static void check_alu(struct __test_metadata *_metadata, block_fn *block,
		      const void *insn)
{
	struct regs in[3];
	int i;

	for (i = 0; i < 3; i++)
		init_regs(&in[i], i + 1);
	in[0].nzcv = NZCV_ALL;
	in[1].nzcv = 0;
	in[2].sp = in[2].x[0] & ~0xfUL;
	check(_metadata, block, insn, in, 3, NULL, true);
}

TEST(and_w9_w2_imm)
{
	check_alu(_metadata, and_w9_w2_imm_block, and_w9_w2_imm_insn);
}

TEST(sub_sp_imm)
{
	check_alu(_metadata, sub_sp_imm_block, sub_sp_imm_insn);
}

TEST(mov_x29_sp)
{
	check_alu(_metadata, mov_x29_sp_block, mov_x29_sp_insn);
}

TEST(movz_x3)
{
	check_alu(_metadata, movz_x3_block, movz_x3_insn);
}

TEST(movk_x3)
{
	check_alu(_metadata, movk_x3_block, movk_x3_insn);
}

TEST(adds_x0_lsl3)
{
	check_alu(_metadata, adds_x0_lsl3_block, adds_x0_lsl3_insn);
}

TEST(orr_x0_xzr_x1)
{
	check_alu(_metadata, orr_x0_xzr_x1_block, orr_x0_xzr_x1_insn);
}

/* Every way the subtraction can set C and V. */
TEST(subs_x0_x1_x2)
{
	static const __u64 ops[][2] = {
		{ 5, 5 },				/* Z, C */
		{ 0, 1 },				/* N, borrow */
		{ 0x8000000000000000, 1 },		/* V, C */
		{ 0x7fffffffffffffff, -1ULL },		/* N, V */
		{ 1, 0x8000000000000000 },		/* N, V */
		{ -1ULL, 0 },				/* N, C */
	};
	struct regs in[ARRAY_SIZE(ops)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		init_regs(&in[i], i + 1);
		in[i].x[1] = ops[i][0];
		in[i].x[2] = ops[i][1];
	}
	check(_metadata, subs_x0_x1_x2_block, subs_x0_x1_x2_insn, in,
	      ARRAY_SIZE(ops), NULL, true);
}

#endif /* PROBESIM_WITH_ALU */
#ifdef PROBESIM_WITH_BTI
/*
 * BLR (BTYPE 10) to @target on a guarded page, with the probe on the
 * landing pad at @insn.
 */
static void check_bti(struct __test_metadata *_metadata, char *target,
		      char *insn, const struct outcome *expect)
{
	struct regs in;

	if (!(getauxval(AT_HWCAP2) & HWCAP2_BTI))
		SKIP(return, "no BTI (HWCAP2_BTI)");
	ASSERT_EQ(0, mprotect(guarded_start, guarded_end - guarded_start,
			      PROT_READ | PROT_EXEC | PROT_BTI));
	init_regs(&in, 1);
	in.x[16] = (uintptr_t)target;
	check(_metadata, blr_x16_block, insn, &in, 1, expect, true);
}

/* BTI c accepts BTYPE 10 (BLR): the task runs on. */
TEST(bti_c_by_blr)
{
	check_bti(_metadata, bti_c_ret, bti_c_ret, NULL);
}

/* BTI j does not: a branch target exception, SIGILL at the BTI. */
TEST(bti_j_by_blr)
{
	const struct outcome sigill = {
		.signo = SIGILL,
		.code = ILL_ILLOPC,
		.addr = (uintptr_t)bti_j_ret,
	};

	check_bti(_metadata, bti_j_ret, bti_j_ret, &sigill);
}

/* After any instruction but a branch BTYPE is 00, which every BTI accepts. */
TEST(bti_j_by_fall_through)
{
	check_bti(_metadata, bti_c_bti_j_ret, bti_j_after_bti_c, NULL);
}

#endif /* PROBESIM_WITH_BTI */
#ifdef PROBESIM_WITH_PAC
static bool have_pac(void)
{
	return getauxval(AT_HWCAP) & HWCAP_PACA;
}

/* The signature depends on LR, on SP (the modifier) and on the key. */
static const __u64 pac_lr[] = {
	0x0000aaaacafe1234, 0x0000ffffb7f00ff0,
	0x0000000000400000, 0x0000ffffffffeff0,
};

static const __u64 pac_sp[] = {
	0x0000ffffc0de0000, 0x0000fffff0000010,
	0x0000000000001000, 0x0000aaaa00000000,
};

static void pac_states(struct regs *in)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pac_lr); i++) {
		init_regs(&in[i], i + 1);
		in[i].x[30] = pac_lr[i];
		in[i].sp = pac_sp[i];
	}
}

static void check_pac(struct __test_metadata *_metadata, block_fn *block,
		      const void *insn)
{
	struct regs in[ARRAY_SIZE(pac_lr)];

	pac_states(in);
	check(_metadata, block, insn, in, ARRAY_SIZE(pac_lr), NULL, true);
}

TEST(paciasp)
{
	if (!have_pac())
		SKIP(return, "no address authentication (HWCAP_PACA)");
	check_pac(_metadata, paciasp_block, paciasp_insn);
}

TEST(pacibsp)
{
	if (!have_pac())
		SKIP(return, "no address authentication (HWCAP_PACA)");
	check_pac(_metadata, pacibsp_block, pacibsp_insn);
}

/* New keys: the native and the probed runs both sign with them. */
TEST(paciasp_keys_reset)
{
	if (!have_pac())
		SKIP(return, "no address authentication (HWCAP_PACA)");
	ASSERT_EQ(0, prctl(PR_PAC_RESET_KEYS, PR_PAC_APIAKEY, 0, 0, 0));
	check_pac(_metadata, paciasp_block, paciasp_insn);
}

TEST(pacibsp_keys_reset)
{
	if (!have_pac())
		SKIP(return, "no address authentication (HWCAP_PACA)");
	ASSERT_EQ(0, prctl(PR_PAC_RESET_KEYS, PR_PAC_APIBKEY, 0, 0, 0));
	check_pac(_metadata, pacibsp_block, pacibsp_insn);
}

/* With its key disabled, PACIASP is a NOP. */
TEST(paciasp_key_disabled)
{
	struct regs in[ARRAY_SIZE(pac_lr)];
	struct result res;
	unsigned int i;
	int signed_lr = 0;

	if (!have_pac())
		SKIP(return, "no address authentication (HWCAP_PACA)");
	pac_states(in);
	for (i = 0; i < ARRAY_SIZE(pac_lr); i++) {
		run(paciasp_block, &in[i], &res);
		signed_lr += res.regs.x[30] != in[i].x[30];
	}
	ASSERT_NE(0, signed_lr)
		TH_LOG("PACIASP left LR alone with its key enabled");

	ASSERT_EQ(0, prctl(PR_PAC_SET_ENABLED_KEYS, PR_PAC_APIAKEY, 0, 0, 0));
	for (i = 0; i < ARRAY_SIZE(pac_lr); i++) {
		run(paciasp_block, &in[i], &res);
		ASSERT_EQ(in[i].x[30], res.regs.x[30])
			TH_LOG("PACIASP signed LR with its key disabled");
	}
	check_pac(_metadata, paciasp_block, paciasp_insn);
}

#endif /* PROBESIM_WITH_PAC */
#ifdef PROBESIM_WITH_STP
static void check_stp(struct __test_metadata *_metadata, block_fn *block,
		      const void *insn)
{
	struct regs in[2];

	init_regs(&in[0], 1);
	init_regs(&in[1], 2);
	check(_metadata, block, insn, in, 2, NULL, true);
}

TEST(stp_x29_x30_pre)
{
	check_stp(_metadata, stp_x29_x30_pre_block, stp_x29_x30_pre_insn);
}

TEST(stp_x19_x20_pre)
{
	check_stp(_metadata, stp_x19_x20_pre_block, stp_x19_x20_pre_insn);
}

/*
 * A push off the bottom of the stack, into an inaccessible page, takes
 * the same SIGSEGV either way. The probed hit may then go out of line,
 * so the XOL area proves nothing. The page is PROT_NONE rather than
 * unmapped so that nothing, such as the XOL area, can be mapped there.
 */
TEST(stp_push_fault)
{
	long page = sysconf(_SC_PAGESIZE);
	struct outcome segv = { .signo = SIGSEGV, .code = SEGV_ACCERR };
	struct regs in;
	char *map;

	map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, map);
	ASSERT_EQ(0, mprotect(map, page, PROT_NONE));
	init_regs(&in, 1);
	in.sp = (uintptr_t)map + page;
	segv.addr = in.sp - 16;
	check(_metadata, stp_x29_x30_pre_block, stp_x29_x30_pre_insn, &in, 1,
	      &segv, false);
	munmap(map, 2 * page);
}

#endif /* PROBESIM_WITH_STP */
TEST_HARNESS_MAIN
#endif /* PROBESIM_WITH_ALU */
