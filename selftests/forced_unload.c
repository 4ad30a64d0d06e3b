// SPDX-License-Identifier: GPL-2.0-only
/*
 * rmmod -f (delete_module() with O_TRUNC, CONFIG_MODULE_FORCE_UNLOAD)
 * while patched uprobes are live and hit. Loaded mode only, and last in a
 * boot: a forced unload taints the kernel, which turns lockdep off, and
 * leaves probesim unloaded.
 *
 * The module's exit hands every live patched uprobe back to XOL and, on
 * 6.12 and later, waits for the handlers in flight before its text goes.
 * So a task that hits the probe all along, across the unload, keeps
 * getting right results and the probe counts every call; the module is
 * gone, and says how many uprobes it handed back. On 6.1 no grace period
 * covers a handler, so the exit waits until the probe is removed: the
 * module stays while the task hits, and goes once the probe's fd is
 * closed. The test bed checks the kernel log for splats.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "call_targets.h"
#include "kmsg.h"
#include "uprobes.h"

#define AFTER_MS	300	/* hits after the unload */

/* The forced unload, from a thread of its own while the test's own hits. */
struct unloader {
	atomic_bool done;
	int ret;
};

static void *unload_forced(void *arg)
{
	struct unloader *u = arg;

	sleep_ms(100);
	u->ret = syscall(SYS_delete_module, "probesim", O_NONBLOCK | O_TRUNC) ? -errno : 0;
	atomic_store(&u->done, true);
	return NULL;
}

TEST(forced_unload)
{
	char err[256] = "", path[256];
	struct unloader u = { 0 };
	long calls = 0, until = 0;
	bool wrong = false;
	enum probesim_mode mode;
	unsigned long offset;
	struct probesim_stats s;
	pthread_t thread;
	int fd, kmsg;
	bool grace, said = false;

	ASSERT_EQ(0, probesim_mode_check(&mode, err, sizeof(err))) TH_LOG("%s", err);
	if (mode != MODE_LOADED)
		SKIP(return, "needs probesim.ko loaded (PROBESIM_MODE=loaded)");
	ASSERT_TRUE(call_family_probesim_patches(CALL_STP))
		TH_LOG("probesim does not patch STP probes here (stp=1?)");
	ASSERT_EQ(0, call_target_location(CALL_STP, path, sizeof(path), &offset));
	fd = perf_probe_open(path, offset, false, 0, false);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, probesim_stats_read(&s));
	ASSERT_LT(0L, s.live[PROBESIM_STP_FAMILY]) TH_LOG("no live patched uprobe");
	kmsg = kmsg_open_end();
	ASSERT_LE(0, kmsg);

	/* 6.12 on: the unload waits for a grace period; 6.1: for the probe. */
	grace = kernel_at_least(6, 12);
	ASSERT_EQ(0, pthread_create(&thread, NULL, unload_forced, &u));
	/* The perf event counts this thread: the hits are made here. */
	while (!until || now_ms() < until) {
		wrong |= !call_target_repeat(CALL_STP, 1);
		calls++;
		if (!until && (!grace || atomic_load(&u.done)))
			until = now_ms() + AFTER_MS;
	}
	EXPECT_EQ(calls, perf_probe_hits(fd));
	if (!grace) {
		EXPECT_FALSE(atomic_load(&u.done))
			TH_LOG("the module went while its probe was live");
		close(fd);
	}
	ASSERT_EQ(0, pthread_join(thread, NULL));

	ASSERT_EQ(0, u.ret) TH_LOG("delete_module(O_TRUNC): %s (no CONFIG_MODULE_FORCE_UNLOAD?)",
				   strerror(-u.ret));
	EXPECT_FALSE(probesim_is_loaded());
	EXPECT_FALSE(wrong) TH_LOG("a probed call returned a wrong value");
	kmsg_read_new(kmsg, grace ? "handed back to single-stepping\n" :
		      "every patched uprobe is freed\n", &said);
	EXPECT_TRUE(said) TH_LOG("no line from probesim's exit saying what it did");
	close(kmsg);
	if (grace)
		close(fd);
}

TEST_HARNESS_MAIN
