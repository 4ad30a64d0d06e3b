// SPDX-License-Identifier: GPL-2.0-only
/*
 * Probed branches, which the kernel simulates, against the same branches
 * run natively. A simulated branch must do all that the CPU does besides
 * setting PC:
 *
 *  - complete a debugger's single step: PTRACE_SINGLESTEP over it stops
 *    on its target, not one instruction later;
 *  - check PSTATE.BTYPE, as the probed instruction is on a guarded page
 *    (a BRK is a valid landing pad, so the CPU does not check it);
 *  - set BTYPE: B, BL, RET and every other instruction to 00, BLR to 10,
 *    BR to 01 from an unguarded page or through x16 or x17, else to 11.
 *    BTI c accepts 01 and 10, BTI j 01 and 11.
 *
 * An instruction stepped out of line must pass the same check, which the
 * unguarded slot it is stepped in does not make, and keep a debugger's
 * single step, which the end of the kernel's own step must not drop.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <asm/hwcap.h>
#include <asm/ptrace.h>

#include "kselftest_harness.h"
#include "branches.h"
#include "uprobe.h"

#define STEPS	2

#define LABEL(l)	{ #l, l }
static const struct {
	const char *name;
	const char *addr;
} labels[] = {
	LABEL(step_b), LABEL(step_b_to), LABEL(step_bl), LABEL(step_bl_to),
	LABEL(step_blr), LABEL(step_blr_to), LABEL(step_ret), LABEL(step_ret_to),
	LABEL(step_adr), LABEL(step_adr_to), LABEL(step_nop), LABEL(step_nop_to),
	LABEL(step_xpaclri), LABEL(step_xpaclri_to),
	LABEL(u_b), LABEL(u_blr), LABEL(u_blr_insn), LABEL(u_br_x2),
	LABEL(u_br_x2_insn), LABEL(g_ret), LABEL(g_bti_c), LABEL(g_b),
	LABEL(g_br_x2), LABEL(g_br_x2_insn), LABEL(g_br_x16), LABEL(g_br_x16_insn),
};

/* @addr for the logs, as the nearest label before it plus an offset. */
static const char *where(uintptr_t addr)
{
	static char buf[4][64];
	static int next;
	char *s = buf[next++ % 4];
	uintptr_t best = 0;
	const char *name = "?";
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(labels); i++) {
		uintptr_t a = (uintptr_t)labels[i].addr;

		if (a <= addr && a >= best) {
			best = a;
			name = labels[i].name;
		}
	}
	if (addr - best > 64)
		snprintf(s, sizeof(buf[0]), "%#lx", (unsigned long)addr);
	else if (addr == best)
		snprintf(s, sizeof(buf[0]), "%s", name);
	else
		snprintf(s, sizeof(buf[0]), "%s+%lu", name, (unsigned long)(addr - best));
	return s;
}

static int get_regs(pid_t pid, struct user_pt_regs *regs)
{
	struct iovec iov = { regs, sizeof(*regs) };

	return ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &iov);
}

static int set_regs(pid_t pid, struct user_pt_regs *regs)
{
	struct iovec iov = { regs, sizeof(*regs) };

	return ptrace(PTRACE_SETREGSET, pid, NT_PRSTATUS, &iov);
}

/*
 * A traced child starts at @start with x0 and x30 pointing to @to, and is
 * single-stepped STEPS times; @regs gets its registers after each step.
 * With @probe, a uprobe on @start counts the child's hits in @hits.
 */
static void trace_steps(struct __test_metadata *_metadata, char *start,
			char *to, bool probe, struct user_pt_regs *regs,
			long *hits)
{
	struct user_pt_regs r;
	int status, fd = -1, i;
	pid_t pid;

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		_exit(1);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFSTOPPED(status) && WSTOPSIG(status) == SIGSTOP);

	if (probe)
		fd = uprobe_open(start, pid);
	for (i = 0; (!probe || fd >= 0) && i < STEPS; i++) {
		if (i == 0) {
			if (get_regs(pid, &r))
				break;
			r.pc = (uintptr_t)start;
			r.regs[0] = (uintptr_t)to;
			r.regs[30] = (uintptr_t)to;
			r.pstate &= ~PSR_BTYPE_MASK;
			if (set_regs(pid, &r))
				break;
		}
		if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) ||
		    waitpid(pid, &status, 0) != pid ||
		    !WIFSTOPPED(status) || WSTOPSIG(status) != SIGTRAP ||
		    get_regs(pid, &regs[i]))
			break;
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (probe) {
		ASSERT_LE(0, fd)
			TH_LOG("uprobe at %p: %s", start, strerror(errno));
		*hits = uprobe_hits(fd);
		close(fd);
	}
	ASSERT_EQ(STEPS, i)
		TH_LOG("single step %d failed: wait status %#x", i + 1, status);
}

static const char *describe(const struct outcome *o)
{
	static char buf[2][128];
	static int next;
	char *s = buf[next++ % 2];

	if (!o->signo)
		return "returned";
	snprintf(s, sizeof(buf[0]), "%s (si_code %d, ESR %s%#llx) at %s",
		 strsignal(o->signo), o->code, o->has_esr ? "" : "none ",
		 (unsigned long long)o->esr, where(o->addr));
	return s;
}

/* PC, x0 and x30 after each step, natively and probed, must be the same. */
static void check_steps(struct __test_metadata *_metadata, char *start,
			char *to)
{
	struct user_pt_regs native[STEPS], probed[STEPS];
	const char *why;
	long hits = -1;
	int i;

	why = uprobe_unavailable();
	if (why)
		SKIP(return, "%s", why);
	trace_steps(_metadata, start, to, false, native, NULL);
	trace_steps(_metadata, start, to, true, probed, &hits);

	for (i = 0; i < STEPS; i++) {
		EXPECT_EQ(native[i].pc, probed[i].pc)
			TH_LOG("step %d: natively at %s, probed at %s", i + 1,
			       where(native[i].pc), where(probed[i].pc));
		EXPECT_EQ(native[i].regs[0], probed[i].regs[0])
			TH_LOG("step %d: x0 natively %s, probed %s", i + 1,
			       where(native[i].regs[0]), where(probed[i].regs[0]));
		EXPECT_EQ(native[i].regs[30], probed[i].regs[30])
			TH_LOG("step %d: x30 natively %s, probed %s", i + 1,
			       where(native[i].regs[30]), where(probed[i].regs[30]));
	}
	EXPECT_EQ(1, hits);
}

TEST(singlestep_b)
{
	check_steps(_metadata, step_b, step_b_to);
}

TEST(singlestep_bl)
{
	check_steps(_metadata, step_bl, step_bl_to);
}

TEST(singlestep_blr)
{
	check_steps(_metadata, step_blr, step_blr_to);
}

TEST(singlestep_ret)
{
	check_steps(_metadata, step_ret, step_ret_to);
}

TEST(singlestep_adr)
{
	check_steps(_metadata, step_adr, step_adr_to);
}

/* Not a branch: the control. */
TEST(singlestep_nop)
{
	check_steps(_metadata, step_nop, step_nop_to);
}

/*
 * An instruction no kernel simulates, stepped out of line: the step the
 * debugger asked for must survive the kernel's own.
 */
TEST(singlestep_xpaclri)
{
	check_steps(_metadata, step_xpaclri, step_xpaclri_to);
}

/*
 * btype_call(@entry, @target) natively and with a uprobe on @insn; both
 * must return, or both take the same SIGILL.
 */
static void check_btype(struct __test_metadata *_metadata, char *entry,
			char *target, char *insn)
{
	struct outcome native, probed;
	const char *why;
	int fd;

	if (!(getauxval(AT_HWCAP2) & HWCAP2_BTI))
		SKIP(return, "no BTI (HWCAP2_BTI)");
	why = uprobe_unavailable();
	if (why)
		SKIP(return, "%s", why);
	ASSERT_EQ(0, outcome_catch_signals());
	ASSERT_EQ(0, mprotect(guarded_start, guarded_end - guarded_start,
			      PROT_READ | PROT_EXEC | PROT_BTI));

	native = outcome_call(btype_call, entry, target);
	fd = uprobe_open(insn, 0);
	ASSERT_LE(0, fd)
		TH_LOG("uprobe at %p: %s", insn, strerror(errno));
	probed = outcome_call(btype_call, entry, target);
	EXPECT_EQ(1, uprobe_hits(fd));
	close(fd);

	EXPECT_TRUE(outcome_same(&native, &probed))
		TH_LOG("natively %s, probed %s", describe(&native),
		       describe(&probed));
}

/* BLR to an unguarded B (BTYPE 10); B sets 00 for its guarded target. */
TEST(btype_b_clears)
{
	check_btype(_metadata, u_b, NULL, u_b);
}

#ifndef PROBESIM_FIXES_ONLY
/* BLR to a guarded B: B is no landing pad, natively SIGILL at the B. */
TEST(btype_b_checked)
{
	check_btype(_metadata, g_b, NULL, g_b);
}

/* The same for an instruction stepped out of line: the slot is unguarded. */
TEST(btype_stepped_checked)
{
	check_btype(_metadata, g_ldr, NULL, g_ldr);
}
#endif

/* BLR sets 10: a guarded target that is no landing pad takes SIGILL. */
TEST(btype_blr_sets_10)
{
	check_btype(_metadata, u_blr, g_ret, u_blr_insn);
}

/* BR x2 on a guarded page sets 11, which BTI c does not accept. */
TEST(btype_br_guarded_sets_11)
{
	check_btype(_metadata, g_br_x2, g_bti_c, g_br_x2_insn);
}

/* BR x2 on an unguarded page sets 01: no landing pad, SIGILL. */
TEST(btype_br_unguarded_sets_01)
{
	check_btype(_metadata, u_br_x2, g_ret, u_br_x2_insn);
}

/* BR x16 on a guarded page sets 01: no landing pad, SIGILL. */
TEST(btype_br_x16_sets_01)
{
	check_btype(_metadata, g_br_x16, g_ret, g_br_x16_insn);
}

/* The same BTYPE 01, accepted by BTI c: not 11. */
TEST(btype_br_x16_to_bti_c)
{
	check_btype(_metadata, g_br_x16, g_bti_c, g_br_x16_insn);
}

TEST_HARNESS_MAIN
