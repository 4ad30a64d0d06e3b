// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every hit is counted exactly once.
 *
 * Each test probes one target function four ways: a tracefs uprobe and
 * uretprobe ("p:" and "r:", counted in uprobe_profile), and a perf uprobe
 * and uretprobe (the uprobe PMU, counting) for every task that calls the
 * target. The targets start with "nop" or with "stp x29, x30, [sp, #-16]!",
 * the two instructions probesim simulates. The target then runs a known
 * number of times: in one thread; in several threads at once; in a forked
 * child next to its parent; in a child before and after it execs. Every
 * probe must count exactly the calls.
 *
 * The perf counters are per task, opened on each caller, and not
 * inherited: inherited uprobe counters lose hits on these kernels whatever
 * probesim does (see perf_probe_open()).
 *
 * With probesim loaded (PROBESIM_MODE=loaded) its counters must agree: it
 * patched the uprobe once and simulated one hit per call. Without it
 * (PROBESIM_MODE=absent, or builtin: the kernel simulates, and has no
 * counters) those checks are skipped; the counts are not.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
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

#define CALLS		1000
#define THREADS		4
#define THREAD_CALLS	500
#define FORK_CALLS	400
#define EXEC_CALLS	300

#define EXEC_CALLS_ENV	"PROBESIM_COUNTING_EXEC_CALLS"
#define EXEC_FAMILY_ENV	"PROBESIM_COUNTING_EXEC_FAMILY"

/*
 * The image the exec test's child runs: the same binary, told by its
 * environment to call a target and exit before the harness starts. Exit
 * status 0 if every call returned the right value.
 */
static void __attribute__((constructor)) counting_exec_child(void)
{
	const char *calls = getenv(EXEC_CALLS_ENV);
	const char *family = getenv(EXEC_FAMILY_ENV);

	if (!calls || !family)
		return;
	_exit(call_target_repeat(atoi(family), atol(calls)) ? 0 : 3);
}

/* A perf uprobe and uretprobe counting one task's hits. */
struct perf_pair {
	int p, r;
};

FIXTURE(counting) {
	enum probesim_mode mode;
	char path[256];
	unsigned long offset;
	char name_p[64], name_r[64];
	bool tracefs_p, tracefs_r;
	struct perf_pair perf[2];	/* the test's task, a child */
	struct probesim_stats before;
	pid_t owner;			/* the test's process: owns the fds */
};

FIXTURE_VARIANT(counting) {
	enum call_family family;
};

FIXTURE_VARIANT_ADD(counting, nop) {
	.family = CALL_NOP,
};

FIXTURE_VARIANT_ADD(counting, stp) {
	.family = CALL_STP,
};

FIXTURE_SETUP(counting)
{
	const char *fam = call_family_name(variant->family);
	char err[256] = "";
	int i;

	self->owner = getpid();
	for (i = 0; i < 2; i++)
		self->perf[i].p = self->perf[i].r = -1;
	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	if (mode_simulates(self->mode)) {
		ASSERT_TRUE(probesim_param_on(fam))
			TH_LOG("PROBESIM_MODE=%s means the %s switch is on",
			       probesim_mode_name(self->mode), fam);
	}
	ASSERT_EQ(0, call_target_location(variant->family, self->path,
					 sizeof(self->path), &self->offset));
	snprintf(self->name_p, sizeof(self->name_p), "counting_%s_p", fam);
	snprintf(self->name_r, sizeof(self->name_r), "counting_%s_r", fam);
	/* Left over by an earlier run that died. */
	tracefs_probe_remove(self->name_p);
	tracefs_probe_remove(self->name_r);
	if (mode_counts(self->mode)) {
		ASSERT_EQ(0, probesim_stats_wait_idle(10000))
			TH_LOG("patched uprobes of earlier tests still live");
	}
}

/*
 * The teardown runs in the harness's process that waits for the test's,
 * once that one is gone (its perf fds closed with it), or in the test's
 * own process: see owner. Either way, after a failed ASSERT too.
 */
FIXTURE_TEARDOWN_PARENT(counting)
{
	int i;

	if (getpid() == self->owner) {
		for (i = 0; i < 2; i++) {
			if (self->perf[i].p >= 0)
				close(self->perf[i].p);
			if (self->perf[i].r >= 0)
				close(self->perf[i].r);
		}
	}
	if (self->tracefs_p) {
		EXPECT_EQ(0, tracefs_probe_remove(self->name_p));
	}
	if (self->tracefs_r) {
		EXPECT_EQ(0, tracefs_probe_remove(self->name_r));
	}
	/* So that the next test, and the suite's rmmod, start clean. */
	if (mode_counts(self->mode)) {
		EXPECT_EQ(0, probesim_stats_wait_idle(10000))
			TH_LOG("patched uprobes still live 10 s after their probes went");
	}
}

/*
 * The tracefs uprobe and uretprobe. The first registration installs, and
 * so analyses, the uprobe. Done by the test, not the setup, so that the
 * teardown covers it.
 */
static void attach_tracefs(struct __test_metadata *_metadata,
			   FIXTURE_DATA(counting) *self)
{
	if (mode_counts(self->mode)) {
		ASSERT_EQ(0, probesim_stats_read(&self->before));
	}
	self->tracefs_p = true;
	ASSERT_EQ(0, tracefs_probe_add(self->name_p, self->path, self->offset, false));
	self->tracefs_r = true;
	ASSERT_EQ(0, tracefs_probe_add(self->name_r, self->path, self->offset, true));
}

/* perf uprobe and uretprobe counting the hits of task @tid. */
static int perf_pair_open(struct perf_pair *pp, const char *path,
			  unsigned long offset, pid_t tid)
{
	pp->p = perf_probe_open(path, offset, false, tid, false);
	pp->r = perf_probe_open(path, offset, true, tid, false);
	return pp->p >= 0 && pp->r >= 0 ? 0 : -1;
}

/* All four kinds of probe counted @calls hits; probesim agrees if loaded. */
static void check_counts(struct __test_metadata *_metadata,
			 FIXTURE_DATA(counting) *self,
			 const FIXTURE_VARIANT(counting) *variant, long calls,
			 long perf_p, long perf_r)
{
	enum call_family fam = variant->family, other = !fam;
	enum probesim_family sf = call_family_counted_as(fam);
	enum probesim_family so = call_family_counted_as(other);
	struct probesim_stats after, d;
	bool simulated;

	EXPECT_EQ(calls, tracefs_probe_hits(self->name_p))
		TH_LOG("tracefs uprobe (uprobe_profile)");
	EXPECT_EQ(calls, tracefs_probe_hits(self->name_r))
		TH_LOG("tracefs uretprobe (uprobe_profile)");
	EXPECT_EQ(calls, perf_p) TH_LOG("perf uprobes");
	EXPECT_EQ(calls, perf_r) TH_LOG("perf uretprobes");

	if (!mode_counts(self->mode)) {
		TH_LOG("probesim stats checks skipped: PROBESIM_MODE=%s has no probesim counters",
		       probesim_mode_name(self->mode));
		return;
	}
	/*
	 * STP is left to single-stepping on MTE or POE systems, NOP to the
	 * kernel's own simulation from 6.13 on.
	 */
	simulated = call_family_probesim_patches(fam);
	if (!simulated)
		TH_LOG("probesim must leave %s probes alone on this system or kernel",
		       call_family_name(fam));
	ASSERT_EQ(0, probesim_stats_read(&after));
	probesim_stats_delta(&d, &after, &self->before);
	EXPECT_EQ(simulated ? 1 : 0, d.patched[sf])
		TH_LOG("%s_patched delta", call_family_name(fam));
	EXPECT_EQ(simulated ? calls : 0, d.hits[sf])
		TH_LOG("%s_hits delta", call_family_name(fam));
	EXPECT_EQ(0, d.patched[so])
		TH_LOG("%s_patched delta (not probed)", call_family_name(other));
	EXPECT_EQ(0, d.hits[so])
		TH_LOG("%s_hits delta (not probed)", call_family_name(other));
	EXPECT_EQ(simulated ? 1 : 0, after.live[sf])
		TH_LOG("%s_live while the probes are registered", call_family_name(fam));
	EXPECT_EQ(0, d.stp_faults);
	EXPECT_EQ(0, d.declined);
	EXPECT_EQ(0, d.track_failed);
	EXPECT_EQ(0, d.hook_missed);
	if (fam == CALL_STP)
		EXPECT_EQ(simulated ? 0 : 1, d.stp_refused);
}

TEST_F(counting, single_thread)
{
	struct perf_pair *pp = &self->perf[0];

	attach_tracefs(_metadata, self);
	ASSERT_EQ(0, perf_pair_open(pp, self->path, self->offset, getpid()));
	ASSERT_TRUE(call_target_repeat(variant->family, CALLS));
	check_counts(_metadata, self, variant, CALLS,
		     perf_probe_hits(pp->p), perf_probe_hits(pp->r));
}

/*
 * Before 6.10 uprobe_profile's counter is a plain increment shared by all
 * CPUs: hits on two CPUs at once lose counts there (seen on 6.1). So where
 * the test makes hits in parallel, it keeps them on one CPU on those
 * kernels; these kernels do not preempt kernel code, so hits on one CPU
 * cannot interleave inside the increment. The CPU to use, or -1.
 */
static int one_cpu_if_shared_counter(struct __test_metadata *_metadata)
{
	int cpu;

	if (tracefs_hits_percpu())
		return -1;
	cpu = sched_getcpu();
	TH_LOG("kernel < 6.10: concurrent callers kept on CPU %d for uprobe_profile's shared counter",
	       cpu);
	return cpu;
}

struct caller {
	pthread_t thread;
	const char *path;
	unsigned long offset;
	enum call_family family;
	pthread_barrier_t *start;
	int cpu;		/* -1: anywhere */
	bool ok;
	long perf_p, perf_r;	/* its own perf counts */
};

/* Opens its own perf probes, calls once every thread has, counts. */
static void *caller_main(void *arg)
{
	struct caller *c = arg;
	struct perf_pair pp;
	bool opened;

	c->perf_p = c->perf_r = -1;
	opened = !(c->cpu >= 0 && pin_to_cpu(c->cpu)) &&
		 !perf_pair_open(&pp, c->path, c->offset, syscall(SYS_gettid));
	pthread_barrier_wait(c->start);
	if (!opened)
		return NULL;
	c->ok = call_target_repeat(c->family, THREAD_CALLS);
	c->perf_p = perf_probe_hits(pp.p);
	c->perf_r = perf_probe_hits(pp.r);
	close(pp.p);
	close(pp.r);
	return NULL;
}

TEST_F(counting, threads)
{
	struct caller callers[THREADS];
	pthread_barrier_t start;
	long perf_p = 0, perf_r = 0;
	int i, cpu;

	cpu = one_cpu_if_shared_counter(_metadata);
	attach_tracefs(_metadata, self);
	ASSERT_EQ(0, pthread_barrier_init(&start, NULL, THREADS));
	for (i = 0; i < THREADS; i++) {
		callers[i] = (struct caller){
			.path = self->path, .offset = self->offset,
			.family = variant->family, .start = &start, .cpu = cpu,
		};
		ASSERT_EQ(0, pthread_create(&callers[i].thread, NULL,
					    caller_main, &callers[i]));
	}
	for (i = 0; i < THREADS; i++) {
		ASSERT_EQ(0, pthread_join(callers[i].thread, NULL));
		EXPECT_LE(0, callers[i].perf_p)
			TH_LOG("thread %d: no perf probes (pinning or perf_event_open failed)", i);
		EXPECT_TRUE(callers[i].ok) TH_LOG("thread %d: wrong results", i);
		perf_p += callers[i].perf_p;
		perf_r += callers[i].perf_r;
	}
	check_counts(_metadata, self, variant, THREADS * THREAD_CALLS,
		     perf_p, perf_r);
}

/* A child that waits for a byte on @go, then runs @fn. */
static pid_t fork_waiting(int go[2], int (*fn)(const void *), const void *arg)
{
	pid_t pid;
	char c;

	if (pipe(go))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(6);
		_exit(fn(arg));
	}
	close(go[0]);
	return pid;
}

/*
 * A child running @fn, counted by a perf pair of its own (perf[1]), which
 * is open before the child is let go so that it counts every call.
 */
static pid_t start_probed_child(struct __test_metadata *_metadata,
				FIXTURE_DATA(counting) *self,
				int (*fn)(const void *), const void *arg)
{
	int go[2];
	pid_t child = fork_waiting(go, fn, arg);

	ASSERT_LT(0, child);
	EXPECT_EQ(0, perf_pair_open(&self->perf[1], self->path, self->offset,
				    child));
	ASSERT_EQ(1, write(go[1], "g", 1));
	close(go[1]);
	return child;
}

static int fork_child(const void *arg)
{
	const FIXTURE_VARIANT(counting) *variant = arg;

	return call_target_repeat(variant->family, FORK_CALLS) ? 0 : 3;
}

/* Parent and child call at the same time, probed the same way. */
TEST_F(counting, fork)
{
	int status, cpu;
	pid_t child;
	bool ok;

	cpu = one_cpu_if_shared_counter(_metadata);
	if (cpu >= 0) {
		ASSERT_EQ(0, pin_to_cpu(cpu));	/* the child inherits it */
	}
	attach_tracefs(_metadata, self);
	ASSERT_EQ(0, perf_pair_open(&self->perf[0], self->path, self->offset,
				    getpid()));
	child = start_probed_child(_metadata, self, fork_child, variant);
	ok = call_target_repeat(variant->family, FORK_CALLS);
	ASSERT_EQ(child, waitpid(child, &status, 0));
	ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
		TH_LOG("child: status 0x%x", status);
	ASSERT_TRUE(ok);
	check_counts(_metadata, self, variant, 2 * FORK_CALLS,
		     perf_probe_hits(self->perf[0].p) + perf_probe_hits(self->perf[1].p),
		     perf_probe_hits(self->perf[0].r) + perf_probe_hits(self->perf[1].r));
}

static int exec_child(const void *arg)
{
	const FIXTURE_VARIANT(counting) *variant = arg;
	char calls[32], family[16];

	if (!call_target_repeat(variant->family, EXEC_CALLS))
		return 4;
	snprintf(calls, sizeof(calls), "%d", EXEC_CALLS);
	snprintf(family, sizeof(family), "%d", variant->family);
	setenv(EXEC_CALLS_ENV, calls, 1);
	setenv(EXEC_FAMILY_ENV, family, 1);
	execl("/proc/self/exe", "counting-exec", (char *)NULL);
	return 5;
}

/*
 * A child calls, execs the same binary with the probes live, calls again:
 * both images are probed, and its perf counters live on across the exec.
 */
TEST_F(counting, exec)
{
	int status;
	pid_t child;

	attach_tracefs(_metadata, self);
	child = start_probed_child(_metadata, self, exec_child, variant);
	ASSERT_EQ(child, waitpid(child, &status, 0));
	ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
		TH_LOG("child: status 0x%x (3: wrong results after exec, 4: before, 5: exec failed)",
		       status);
	check_counts(_metadata, self, variant, 2 * EXEC_CALLS,
		     perf_probe_hits(self->perf[1].p),
		     perf_probe_hits(self->perf[1].r));
}

TEST_HARNESS_MAIN
