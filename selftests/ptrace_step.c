// SPDX-License-Identifier: GPL-2.0-only
/*
 * A tracer single-steps (PTRACE_SINGLESTEP) through a five-instruction
 * function whose second instruction carries a uprobe, and must stop at
 * each instruction exactly once: offsets 0, 4, 8, 12, 16.
 *
 * Stock arm64 kernels get this wrong in two ways, both fixed by the
 * series in patches/:
 *  - XOL drops the step: arch_uprobe_post_xol() disables single-step
 *    unconditionally, so after the probed instruction the tracee runs
 *    free (the tracer sees 0, 4 and then the exit);
 *  - uprobe_single_step_handler() WARNs for every step of a task that has
 *    a uprobe_task, which a simulated probe leaves behind (the test bed
 *    allows exactly that WARN on stock kernels).
 * PROBESIM_KERNEL (stock, or series or fixes, which carry both fixes)
 * says which behaviour to expect; on a stock kernel the known failure is
 * reported as a skip naming the bug.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <asm/ptrace.h>

#include "kselftest_harness.h"
#include "step_targets.h"
#include "uprobes.h"

/* The targets return here (x30): the tracee exits. */
static void step_done(void)
{
	_exit(0);
}

#define TARGET_WORDS 5
#define MAX_STEPS 16

enum expect { EXPECT_EXACT, EXPECT_XOL_BUG };

static bool kernel_has_fixes(void)
{
	const char *kernel = getenv("PROBESIM_KERNEL");

	return kernel && (!strcmp(kernel, "series") || !strcmp(kernel, "fixes"));
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
 * Step a child through @fn from its first instruction; return the offsets
 * at which it stopped inside @fn, in @offsets, and their number.
 */
static int step_through(struct __test_metadata *_metadata, void (*fn)(void),
			long *offsets)
{
	struct user_pt_regs regs;
	int status, n = 0, steps;
	pid_t pid = fork();

	ASSERT_GE(pid, 0);
	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		raise(SIGSTOP);
		_exit(1);	/* not reached: the tracer moves PC */
	}
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	ASSERT_TRUE(WIFSTOPPED(status));
	ASSERT_EQ(get_regs(pid, &regs), 0);
	regs.pc = (uintptr_t)fn;
	regs.regs[30] = (uintptr_t)step_done;
	ASSERT_EQ(set_regs(pid, &regs), 0);

	for (steps = 0; steps < MAX_STEPS; steps++) {
		long off;

		ASSERT_EQ(get_regs(pid, &regs), 0);
		off = (long)(regs.pc - (uintptr_t)fn);
		if (off < 0 || off >= TARGET_WORDS * 4)
			break;
		offsets[n++] = off;
		ASSERT_EQ(ptrace(PTRACE_SINGLESTEP, pid, 0, 0), 0);
		ASSERT_EQ(waitpid(pid, &status, 0), pid);
		if (!WIFSTOPPED(status))
			return n;	/* the tracee ran free to its exit */
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return n;
}

static void check_steps(struct __test_metadata *_metadata, void (*fn)(void),
			const char *name, enum expect expect)
{
	static const long exact[TARGET_WORDS] = { 0, 4, 8, 12, 16 };
	long offsets[MAX_STEPS];
	unsigned long offset;
	char path[256];
	int n, i;

	ASSERT_EQ(file_location((void *)fn, path, sizeof(path), &offset), 0);
	ASSERT_EQ(tracefs_probe_add(name, path, offset + 4, false), 0);
	n = step_through(_metadata, fn, offsets);
	ASSERT_EQ(tracefs_probe_remove(name), 0);

	if (expect == EXPECT_XOL_BUG) {
		/* The known stock behaviour: stops at 0 and 4, then runs free. */
		ASSERT_EQ(n, 2);
		ASSERT_EQ(offsets[0], 0);
		ASSERT_EQ(offsets[1], 4);
		SKIP(return,
		     "XFAIL: stock bug: arch_uprobe_post_xol() drops an active ptrace single-step; fixed in patches/");
	}
	ASSERT_EQ(n, TARGET_WORDS);
	for (i = 0; i < TARGET_WORDS; i++)
		ASSERT_EQ(offsets[i], exact[i]);
}

/* xpaclri is single-stepped out of line on every kernel. */
TEST(step_over_xol_probe)
{
	check_steps(_metadata, step_target_xpaclri, "step_xpaclri",
		    kernel_has_fixes() ? EXPECT_EXACT : EXPECT_XOL_BUG);
}

/* nop is simulated when probesim is loaded (or the kernel simulates it). */
TEST(step_over_nop_probe)
{
	enum expect expect = EXPECT_EXACT;

	if (!kernel_has_fixes() && probesim_mode() != MODE_LOADED &&
	    !kernel_simulates_nop())
		expect = EXPECT_XOL_BUG;
	check_steps(_metadata, step_target_nop, "step_nop", expect);
}

/* The stp push is simulated with probesim loaded and stp=1. */
TEST(step_over_stp_probe)
{
	enum expect expect = EXPECT_EXACT;

	if (!kernel_has_fixes() && probesim_mode() != MODE_LOADED)
		expect = EXPECT_XOL_BUG;
	check_steps(_metadata, step_target_stp, "step_stp", expect);
}

TEST_HARNESS_MAIN
