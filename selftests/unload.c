// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unloading probesim.ko while patched uprobes are live (loaded mode only).
 *
 * in_use: each live patched uprobe holds a reference on the module, so
 * delete_module() answers EAGAIN, "in use", as for any module in use. It
 * must not answer EBUSY, which would mean that the module's exit had been
 * taken away (a write to struct module).
 *
 * unprivileged_quiet: a user without CAP_SYS_MODULE calling
 * delete_module("probesim") 1000 times while probes are live gets EPERM
 * each time, and the kernel log grows by at most one line: nothing of
 * probesim runs for a caller that is refused anyway.
 *
 * forced (a test of its own, run last in a boot: the forced unload taints
 * the kernel, which turns lockdep off): rmmod -f with live patched
 * uprobes. On 6.12 and later the module hands them back to XOL and waits
 * for the handlers in flight: a thread hitting the probes all along keeps
 * counting exactly, and nothing splats. 6.1 cannot wait for a handler in
 * flight; the module says so, and the test checks that it did.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "call_targets.h"
#include "kmsg.h"
#include "uprobes.h"

#define UNPRIVILEGED_CALLS	1000
#define NOBODY			65534

FIXTURE(unload) {
	enum probesim_mode mode;
	int fd;		/* a perf uprobe on the STP target */
};

FIXTURE_SETUP(unload)
{
	char err[256] = "", path[256];
	unsigned long offset;
	struct probesim_stats s;

	self->fd = -1;
	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	if (self->mode != MODE_LOADED)
		SKIP(return, "needs probesim.ko loaded (PROBESIM_MODE=loaded)");
	ASSERT_TRUE(call_family_probesim_patches(CALL_STP))
		TH_LOG("probesim does not patch STP probes here (stp=1?)");
	ASSERT_EQ(0, call_target_location(CALL_STP, path, sizeof(path), &offset));
	self->fd = perf_probe_open(path, offset, false, 0, false);
	ASSERT_LE(0, self->fd);
	ASSERT_EQ(0, probesim_stats_read(&s));
	ASSERT_LT(0L, s.live[PROBESIM_STP_FAMILY]) TH_LOG("no live patched uprobe");
}

FIXTURE_TEARDOWN(unload)
{
	if (self->fd >= 0)
		close(self->fd);
	/* Freed asynchronously: the next test expects a quiet module. */
	if (self->mode == MODE_LOADED)
		EXPECT_EQ(0, probesim_stats_wait_idle(10000));
}

TEST_F(unload, in_use)
{
	if (setup_skipped())
		return;
	EXPECT_EQ(-EAGAIN, probesim_module_unload());
	EXPECT_TRUE(call_target_repeat(CALL_STP, 10));
}

TEST_F(unload, unprivileged_quiet)
{
	int kmsg, status, i;
	pid_t child;

	if (setup_skipped())
		return;
	kmsg = kmsg_open_end();
	ASSERT_LE(0, kmsg);

	child = fork();
	ASSERT_LE(0, child);
	if (!child) {
		/*
		 * On the stack, so that the name is mapped in the child: a
		 * hook that reads it without faulting it in must see it.
		 */
		char name[] = "probesim";

		if (setgid(NOBODY) || setuid(NOBODY))
			_exit(2);
		for (i = 0; i < UNPRIVILEGED_CALLS; i++)
			if (!syscall(SYS_delete_module, name, O_NONBLOCK) || errno != EPERM)
				_exit(3);
		_exit(0);
	}
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
		TH_LOG("the unprivileged caller did not get EPERM every time (status %#x)",
		       status);
	EXPECT_GE(1L, kmsg_read_new(kmsg, NULL, NULL));
	close(kmsg);
}

TEST_HARNESS_MAIN
