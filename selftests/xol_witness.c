// SPDX-License-Identifier: GPL-2.0-only
/*
 * An independent witness that simulated probes never single-step.
 *
 * The kernel maps the XOL area ("[uprobes]" in /proc/PID/maps) into a
 * process the first time one of its uprobes must be single-stepped out of
 * line, or the first time a uretprobe needs the return trampoline that
 * lives there. A process whose only probes are uprobes that are
 * simulated must therefore never get it, however often the probes hit.
 * The witness is the process's memory map, not a counter of the
 * simulation: no XOL area after any batch of hits. A process with a
 * uretprobe gets the area (the trampoline).
 *
 * The probed process is a child forked before any probe exists, running
 * batches of calls on command; its probes are a tracefs uprobe per target
 * and a perf uprobe bound to it. The hit counts prove the probes fired.
 */
/*
 * PROBESIM_MODE=loaded or builtin: as above. PROBESIM_MODE=absent: the
 * control; the same process gets the XOL area with its first hits, since
 * every probe is single-stepped (but for NOP from Linux 6.13 on, which
 * the kernel simulates itself).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
/*
 * -Wextra's -Wclobbered is right about the harness: in a TEST_F wrapper,
 * GCC may take the forked test process's "child" variable to be 1 again
 * after a failed ASSERT longjmps, so that process skips FIXTURE_TEARDOWN
 * and aborts. Hence FIXTURE_TEARDOWN_PARENT, which runs on either path,
 * and resources acquired in the test body, not in the setup.
 */
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "call_targets.h"
#include "uprobes.h"

#define BATCHES		5
#define BATCH_CALLS	200

FIXTURE(witness) {
	enum probesim_mode mode;
	pid_t child;
	int cmd, reply;		/* pipes to and from the child */
	char path[256];
	unsigned long offset[CALL_NR_FAMILIES];
	char name[CALL_NR_FAMILIES][64];
	bool tracefs[CALL_NR_FAMILIES];
	int perf[CALL_NR_FAMILIES];
	pid_t owner;		/* the test's process: the child's parent */
};

FIXTURE_VARIANT(witness) {
	bool family[CALL_NR_FAMILIES];	/* the targets probed and called */
};

FIXTURE_VARIANT_ADD(witness, nop) {
	.family = { [CALL_NOP] = true },
};

FIXTURE_VARIANT_ADD(witness, stp) {
	.family = { [CALL_STP] = true },
};

FIXTURE_VARIANT_ADD(witness, nop_and_stp) {
	.family = { [CALL_NOP] = true, [CALL_STP] = true },
};

/* The probed process: one batch of calls per command byte. */
static void child_main(const struct _fixture_variant_witness *variant, int cmd, int reply)
{
	char c, ok;
	int f;

	while (read(cmd, &c, 1) == 1 && c == 'c') {
		ok = '1';
		for (f = 0; f < CALL_NR_FAMILIES; f++)
			if (variant->family[f] && !call_target_repeat(f, BATCH_CALLS))
				ok = '0';
		if (write(reply, &ok, 1) != 1)
			break;
	}
	_exit(0);
}

FIXTURE_SETUP(witness)
{
	int to_child[2], from_child[2], f;
	char path[256], err[256] = "";
	pid_t child;

	self->owner = getpid();
	self->child = -1;
	self->cmd = -1;
	self->reply = -1;
	for (f = 0; f < CALL_NR_FAMILIES; f++)
		self->perf[f] = -1;
	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (mode_simulates(self->mode) && variant->family[f]) {
			ASSERT_TRUE(probesim_param_on(call_family_name(f)))
				TH_LOG("PROBESIM_MODE=%s means the %s switch is on",
				       probesim_mode_name(self->mode), call_family_name(f));
		}
		ASSERT_EQ(0, call_target_location(f, path, sizeof(path),
						  &self->offset[f]));
		snprintf(self->path, sizeof(self->path), "%s", path);
		snprintf(self->name[f], sizeof(self->name[f]), "xol_witness_%s",
			 call_family_name(f));
		tracefs_probe_remove(self->name[f]);	/* stale */
	}
	if (mode_counts(self->mode)) {
		ASSERT_EQ(0, probesim_stats_wait_idle(10000));
	}

	ASSERT_EQ(0, pipe(to_child));
	ASSERT_EQ(0, pipe(from_child));
	/* Not into self->child in the child too: self is shared. */
	child = fork();
	ASSERT_LE(0, child);
	if (child == 0) {
		close(to_child[1]);
		close(from_child[0]);
		child_main(variant, to_child[0], from_child[1]);
	}
	self->child = child;
	close(to_child[0]);
	close(from_child[1]);
	self->cmd = to_child[1];
	self->reply = from_child[0];
}

/*
 * Runs in the test's process, or in the harness's one above it once the
 * test's is gone: then the child has seen EOF on its command pipe and
 * exits by itself, and the perf fds were closed with the test's process.
 */
FIXTURE_TEARDOWN_PARENT(witness)
{
	int f;

	if (getpid() == self->owner) {
		if (self->cmd >= 0)
			close(self->cmd);	/* EOF: the child exits */
		if (self->reply >= 0)
			close(self->reply);
		if (self->child > 0)
			waitpid(self->child, NULL, 0);
		for (f = 0; f < CALL_NR_FAMILIES; f++)
			if (self->perf[f] >= 0)
				close(self->perf[f]);
	}
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (self->tracefs[f])
			EXPECT_EQ(0, tracefs_probe_remove(self->name[f]));
	}
	if (mode_counts(self->mode)) {
		EXPECT_EQ(0, probesim_stats_wait_idle(10000));
	}
}

/* One batch of calls in the child; true if it computed right. */
static bool run_batch(struct _test_data_witness *self)
{
	char c = 'c';

	return write(self->cmd, &c, 1) == 1 && read(self->reply, &c, 1) == 1 &&
	       c == '1';
}

/* Whether probes of @family are simulated in @mode on this system. */
static bool simulated(enum probesim_mode mode, enum call_family family)
{
	if (call_family_kernel_simulates(family))
		return true;
	if (mode == MODE_LOADED)
		return call_family_probesim_patches(family);
	return false;
}

TEST_F(witness, uprobes_only)
{
	bool stepped = false;
	int f, batch;

	for (f = 0; f < CALL_NR_FAMILIES; f++)
		if (variant->family[f] && !simulated(self->mode, f))
			stepped = true;
	if (mode_simulates(self->mode) && stepped)
		SKIP(return, "this system has MTE or POE: STP stays single-stepped");

	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (!variant->family[f])
			continue;
		self->tracefs[f] = true;
		ASSERT_EQ(0, tracefs_probe_add(self->name[f], self->path,
					       self->offset[f], false));
		self->perf[f] = perf_probe_open(self->path, self->offset[f],
						false, self->child, false);
		ASSERT_LE(0, self->perf[f]);
	}
	ASSERT_FALSE(has_xol_area(self->child))
		TH_LOG("XOL area before any hit");

	for (batch = 1; batch <= BATCHES; batch++) {
		ASSERT_TRUE(run_batch(self))
			TH_LOG("batch %d: the child failed or computed wrong results", batch);
		if (!stepped) {
			ASSERT_FALSE(has_xol_area(self->child))
				TH_LOG("%s: XOL area after %d hits per probe: a probe was stepped",
				       probesim_mode_name(self->mode), batch * BATCH_CALLS);
		} else {
			ASSERT_TRUE(has_xol_area(self->child))
				TH_LOG("%s (control): no XOL area after %d stepped hits per probe",
				       probesim_mode_name(self->mode), batch * BATCH_CALLS);
		}
	}

	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (!variant->family[f])
			continue;
		EXPECT_EQ(BATCHES * BATCH_CALLS, perf_probe_hits(self->perf[f]))
			TH_LOG("perf uprobe on the %s target", call_family_name(f));
		EXPECT_EQ(BATCHES * BATCH_CALLS, tracefs_probe_hits(self->name[f]))
			TH_LOG("tracefs uprobe on the %s target", call_family_name(f));
	}
}

/*
 * A uretprobe needs the trampoline in the XOL area, simulated entry or
 * not: its process gets the area in both modes.
 */
TEST_F(witness, uretprobe)
{
	int f;

	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (!variant->family[f])
			continue;
		self->perf[f] = perf_probe_open(self->path, self->offset[f],
						true, self->child, false);
		ASSERT_LE(0, self->perf[f]);
	}
	ASSERT_FALSE(has_xol_area(self->child))
		TH_LOG("XOL area before any hit");
	ASSERT_TRUE(run_batch(self));
	ASSERT_TRUE(has_xol_area(self->child))
		TH_LOG("%s: no XOL area after uretprobe hits", probesim_mode_name(self->mode));
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (!variant->family[f])
			continue;
		EXPECT_EQ(BATCH_CALLS, perf_probe_hits(self->perf[f]))
			TH_LOG("perf uretprobe on the %s target", call_family_name(f));
	}
}

TEST_HARNESS_MAIN
