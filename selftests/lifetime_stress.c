// SPDX-License-Identifier: GPL-2.0-only
/*
 * Lifetime stress: probesim comes and goes while its probes are hit,
 * registered and unregistered.
 *
 * For a bounded time (PROBESIM_STRESS_SECONDS, default 20; up to twice
 * that while the module has been unloaded fewer than 10 times per 20 s,
 * as on a slow host) these run at once:
 *  - hit threads call the nop and stp targets in a loop. Most of the time
 *    each opens perf uprobes (and every second time a uretprobe) bound to
 *    itself, calls both targets a number of times it counts, and checks
 *    that every probe counted exactly those calls before closing them:
 *    probes that stayed registered during a known number of calls, under
 *    all the churn;
 *  - a tracefs thread adds and removes uprobes and uretprobes on the same
 *    targets;
 *  - the test's main thread loads probesim.ko (PROBESIM_KO, stp=1) with
 *    finit_module(2) and unloads it with delete_module(2), over and over.
 *    Each cycle tries an unload while probes are in use, when a refusal
 *    (EAGAIN: the module is in use, each live patched uprobe holding a
 *    reference; never EBUSY, which would mean that the module's exit had
 *    been taken away) is expected if patched uprobes are live; then it asks the
 *    threads to drop their probes, waits for the kernel to free the patched
 *    uprobes (asynchronously), and unloads, which must then succeed. At
 *    times the module stays out for a moment, so that probes registered
 *    meanwhile stay single-stepped while the module comes back.
 *
 * At the end, everything quiesced and the module loaded, a last set of
 * probes must count exactly, probesim's counters must agree, and the
 * module must still unload. It is left loaded, without probes, for the
 * rest of the suite. Loaded mode only: the test needs the module to churn.
 * The test bed checks the kernel log for splats.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
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

#define DEFAULT_SECONDS		20
#define MAX_SECONDS		600
#define MIN_UNLOADS_PER_20S	10
#define HIT_THREADS		3
#define WINDOW_CALLS		200	/* calls per target per probe window, at most */
#define WINDOW_CHUNK		10
#define FINAL_CALLS		500
#define DRAIN_TIMEOUT_MS	10000
#define PARAMS			"stp=1"

static const char * const tracefs_names[] = {
	"lifetime_stress_nop", "lifetime_stress_stp",
};
static const char * const final_names[] = {
	"lifetime_final_nop", "lifetime_final_stp_r",
};

struct stress {
	char path[256];
	unsigned long offset[CALL_NR_FAMILIES];

	atomic_bool stop;
	/*
	 * Probe holders announce themselves in @holders before they look at
	 * @quiet; the main thread sets @quiet, then waits for @holders to
	 * drain. Either a holder sees @quiet, or the main thread sees it.
	 */
	atomic_int quiet;
	atomic_int holders;

	/* Hit threads. */
	atomic_long windows, window_calls, plain_calls, window_ms, window_max_ms;
	atomic_long ret_windows;
	/* tracefs thread. */
	atomic_long tracefs_cycles;

	/* Failures, and the first one in words. */
	atomic_long errors;
	pthread_mutex_t lock;
	char first_error[512];
};

static void stress_error(struct stress *st, const char *fmt, ...)
{
	va_list ap;

	if (atomic_fetch_add(&st->errors, 1))
		return;
	pthread_mutex_lock(&st->lock);
	va_start(ap, fmt);
	vsnprintf(st->first_error, sizeof(st->first_error), fmt, ap);
	va_end(ap);
	pthread_mutex_unlock(&st->lock);
}

static bool window_enter(struct stress *st)
{
	atomic_fetch_add(&st->holders, 1);
	if (!atomic_load(&st->quiet))
		return true;
	atomic_fetch_sub(&st->holders, 1);
	return false;
}

static void window_leave(struct stress *st)
{
	atomic_fetch_sub(&st->holders, 1);
}

static pid_t thread_id(void)
{
	return syscall(SYS_gettid);
}

/*
 * One probe window: perf uprobes on both targets, bound to this thread
 * (so that no other thread's hits count), and every second window a
 * uretprobe on one of them; calls, in chunks, up to WINDOW_CALLS per
 * target or until the main thread asks for quiet; exact counts.
 */
static void hit_window(struct stress *st, long n)
{
	int fd[CALL_NR_FAMILIES], rfd = -1, f;
	enum call_family rfam = (n / 2) % 2 ? CALL_NOP : CALL_STP;
	pid_t tid = thread_id();
	long calls = 0, count, t = now_ms(), max;

	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		fd[f] = perf_probe_open(st->path, st->offset[f], false, tid, false);
		if (fd[f] < 0)
			stress_error(st, "perf uprobe on %s target: %s",
				     call_family_name(f), strerror(errno));
	}
	if (n % 2) {
		rfd = perf_probe_open(st->path, st->offset[rfam], true, tid, false);
		if (rfd < 0)
			stress_error(st, "perf uretprobe on %s target: %s",
				     call_family_name(rfam), strerror(errno));
		else
			atomic_fetch_add(&st->ret_windows, 1);
	}
	while (calls < WINDOW_CALLS && !atomic_load(&st->quiet)) {
		for (f = 0; f < CALL_NR_FAMILIES; f++)
			if (!call_target_repeat(f, WINDOW_CHUNK))
				stress_error(st, "%s target returned wrong results in a probe window",
					     call_family_name(f));
		calls += WINDOW_CHUNK;
	}
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		if (fd[f] < 0)
			continue;
		count = perf_probe_hits(fd[f]);
		if (count != calls)
			stress_error(st, "perf uprobe on %s target counted %ld of %ld calls",
				     call_family_name(f), count, calls);
		close(fd[f]);
	}
	if (rfd >= 0) {
		count = perf_probe_hits(rfd);
		if (count != calls)
			stress_error(st, "perf uretprobe on %s target counted %ld of %ld returns",
				     call_family_name(rfam), count, calls);
		close(rfd);
	}
	atomic_fetch_add(&st->windows, 1);
	atomic_fetch_add(&st->window_calls, CALL_NR_FAMILIES * calls);
	t = now_ms() - t;
	atomic_fetch_add(&st->window_ms, t);
	max = atomic_load(&st->window_max_ms);
	while (t > max && !atomic_compare_exchange_weak(&st->window_max_ms, &max, t))
		;
}

static void *hit_thread(void *arg)
{
	struct stress *st = arg;
	long n = 0;
	int f;

	while (!atomic_load(&st->stop)) {
		n++;
		if (window_enter(st)) {
			hit_window(st, n);
			window_leave(st);
			continue;
		}
		/*
		 * Quiet: the targets still run, unprobed by this test, at a
		 * pace that leaves the CPUs to the module's unload and load.
		 */
		for (f = 0; f < CALL_NR_FAMILIES; f++)
			if (!call_target_repeat(f, WINDOW_CHUNK))
				stress_error(st, "%s target returned wrong results",
					     call_family_name(f));
		atomic_fetch_add(&st->plain_calls, CALL_NR_FAMILIES * WINDOW_CHUNK);
		sleep_ms(1);
	}
	return NULL;
}

/* tracefs churn: uprobes and uretprobes on both targets, on and off. */
static void *tracefs_thread(void *arg)
{
	struct stress *st = arg;
	unsigned int seed = 1;
	long n = 0;
	int f;

	while (!atomic_load(&st->stop)) {
		n++;
		if (window_enter(st)) {
			bool added[CALL_NR_FAMILIES] = { false };

			for (f = 0; f < CALL_NR_FAMILIES; f++) {
				/* Alternate uprobe and uretprobe per target. */
				bool ret = (n + f) % 2;

				if (tracefs_probe_add(tracefs_names[f], st->path,
						      st->offset[f], ret)) {
					stress_error(st, "tracefs: adding %s: %s",
						     tracefs_names[f], strerror(errno));
					tracefs_probe_remove(tracefs_names[f]);
					continue;
				}
				added[f] = true;
			}
			sleep_ms(2 + rand_r(&seed) % 10);
			for (f = 0; f < CALL_NR_FAMILIES; f++) {
				if (!added[f])
					continue;
				if (tracefs_probe_hits(tracefs_names[f]) < 0)
					stress_error(st, "tracefs: %s not in uprobe_profile",
						     tracefs_names[f]);
				if (tracefs_probe_remove(tracefs_names[f]))
					stress_error(st, "tracefs: removing %s: %s",
						     tracefs_names[f], strerror(errno));
			}
			atomic_fetch_add(&st->tracefs_cycles, 1);
			window_leave(st);
		}
		sleep_ms(2 + rand_r(&seed) % 10);
	}
	return NULL;
}

FIXTURE(stress) {
	struct stress st;	/* shared with the threads */
	pid_t owner;		/* the test's process, which has the threads */
	char ko[256];
	bool loaded;		/* probesim, as far as this test knows */
	pthread_t threads[HIT_THREADS + 1];
	int nr_threads;
	int fd[CALL_NR_FAMILIES];
	bool final_probe[CALL_NR_FAMILIES];

	/* Module churn, counted by the main thread. */
	long loads, unloads, busy_unloads, quiet_unloads, eagain;
	long drain_max_ms, idle_max_ms, load_ms, load_max_ms, unload_ms;
	int last_err;
};

static void stop_threads(FIXTURE_DATA(stress) *self)
{
	atomic_store(&self->st.stop, true);
	while (self->nr_threads > 0)
		pthread_join(self->threads[--self->nr_threads], NULL);
}

FIXTURE_SETUP(stress)
{
	enum probesim_mode mode = probesim_mode();
	const char *ko = getenv("PROBESIM_KO");
	int f;

	self->owner = getpid();
	self->fd[CALL_NOP] = self->fd[CALL_STP] = -1;
	ASSERT_TRUE(mode != MODE_UNSET)
		TH_LOG("set PROBESIM_MODE to absent, loaded or builtin");
	if (mode != MODE_LOADED)
		SKIP(return, "PROBESIM_MODE=%s: the stress loads and unloads probesim, which the loaded mode provides",
		     probesim_mode_name(mode));
	ASSERT_TRUE(probesim_is_loaded())
		TH_LOG("PROBESIM_MODE=loaded but probesim is not loaded");
	self->loaded = true;
	ASSERT_NE(NULL, ko) TH_LOG("PROBESIM_KO is not set");
	snprintf(self->ko, sizeof(self->ko), "%s", ko);
	ASSERT_EQ(0, access(self->ko, R_OK)) TH_LOG("PROBESIM_KO=%s", self->ko);

	pthread_mutex_init(&self->st.lock, NULL);
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		ASSERT_EQ(0, call_target_location(f, self->st.path,
						 sizeof(self->st.path),
						 &self->st.offset[f]));
		tracefs_probe_remove(tracefs_names[f]);	/* stale */
		tracefs_probe_remove(final_names[f]);
	}
	ASSERT_EQ(0, probesim_stats_wait_idle(DRAIN_TIMEOUT_MS));
}

/*
 * Runs in the test's process, or in the harness's one above it once the
 * test's is gone, with its threads and perf fds.
 */
FIXTURE_TEARDOWN_PARENT(stress)
{
	int f, err;

	if (getpid() == self->owner) {
		stop_threads(self);
		for (f = 0; f < CALL_NR_FAMILIES; f++)
			if (self->fd[f] >= 0)
				close(self->fd[f]);
	}
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		tracefs_probe_remove(tracefs_names[f]);
		if (self->final_probe[f]) {
			EXPECT_EQ(0, tracefs_probe_remove(final_names[f]));
		}
	}
	/* The rest of the suite expects probesim loaded, with stp=1. */
	if (!probesim_is_loaded()) {
		err = probesim_module_load(self->ko, PARAMS);
		EXPECT_EQ(0, err) TH_LOG("reloading probesim: %s", strerror(-err));
	}
	EXPECT_EQ(0, probesim_stats_wait_idle(DRAIN_TIMEOUT_MS))
		TH_LOG("patched uprobes still live after the test");
}

static void load(struct __test_metadata *_metadata, FIXTURE_DATA(stress) *self)
{
	long t = now_ms();
	int err = probesim_module_load(self->ko, PARAMS);

	t = now_ms() - t;
	self->load_ms += t;
	if (t > self->load_max_ms)
		self->load_max_ms = t;

	ASSERT_EQ(0, err) TH_LOG("finit_module(%s): %s", self->ko, strerror(-err));
	self->loaded = true;
	self->loads++;
}

/* One delete_module(); true if it unloaded. Refusals are counted. */
static bool try_unload(struct __test_metadata *_metadata,
		       FIXTURE_DATA(stress) *self)
{
	long t = now_ms();
	int err = probesim_module_unload();

	self->last_err = err;
	switch (err) {
	case 0:
		self->unload_ms += now_ms() - t;
		self->loaded = false;
		self->unloads++;
		return true;
	case -EAGAIN:	/* in use: live patched uprobes hold references */
		self->eagain++;
		return false;
	default:
		ASSERT_EQ(0, err) TH_LOG("delete_module(probesim): %s", strerror(-err));
		return false;
	}
}

TEST_F_TIMEOUT(stress, churn, 2 * MAX_SECONDS + 180)
{
	struct stress *st = &self->st;
	const char *env = getenv("PROBESIM_STRESS_SECONDS");
	long seconds = env ? atol(env) : DEFAULT_SECONDS;
	long min_unloads, deadline, start, t, now, cycles = 0;
	bool extended = false;
	unsigned int seed = 42;
	struct probesim_stats before, d;
	int f, i, tries;

	ASSERT_TRUE(seconds > 0 && seconds <= MAX_SECONDS)
		TH_LOG("PROBESIM_STRESS_SECONDS=%s: want 1 to %d", env, MAX_SECONDS);
	min_unloads = MIN_UNLOADS_PER_20S * seconds / 20;
	if (min_unloads < 1)
		min_unloads = 1;

	for (i = 0; i < HIT_THREADS; i++) {
		ASSERT_EQ(0, pthread_create(&self->threads[i], NULL, hit_thread, st));
		self->nr_threads++;
	}
	ASSERT_EQ(0, pthread_create(&self->threads[i], NULL, tracefs_thread, st));
	self->nr_threads++;

	start = now_ms();
	deadline = start + seconds * 1000;
	/*
	 * On a slow host (a loaded machine under emulation) loads and
	 * unloads take longer: go on for up to as long again if the
	 * unloads fall short, so that the count says something about the
	 * module rather than about the host.
	 */
	while (!atomic_load(&st->errors)) {
		now = now_ms();
		if (now >= deadline + seconds * 1000 ||
		    (now >= deadline && self->unloads >= min_unloads))
			break;
		extended = now >= deadline;
		cycles++;
		/*
		 * Busy: probes come and go, hit all the time; patched ones
		 * hold the module, so this unload is mostly refused.
		 */
		sleep_ms(50 + rand_r(&seed) % 100);
		if (try_unload(_metadata, self)) {
			self->busy_unloads++;
			sleep_ms(rand_r(&seed) % 20);
			load(_metadata, self);
		}

		/* Quiet: every probe goes; once freed, the unload must work. */
		atomic_store(&st->quiet, 1);
		t = now_ms();
		while (atomic_load(&st->holders)) {
			ASSERT_LT(now_ms() - t, DRAIN_TIMEOUT_MS)
				TH_LOG("threads still hold probes after %d ms", DRAIN_TIMEOUT_MS);
			sleep_ms(1);
		}
		if (now_ms() - t > self->drain_max_ms)
			self->drain_max_ms = now_ms() - t;
		t = now_ms();
		ASSERT_EQ(0, probesim_stats_wait_idle(DRAIN_TIMEOUT_MS))
			TH_LOG("patched uprobes still live %d ms after their probes went",
			       DRAIN_TIMEOUT_MS);
		if (now_ms() - t > self->idle_max_ms)
			self->idle_max_ms = now_ms() - t;
		for (tries = 0; tries < 50; tries++) {
			if (try_unload(_metadata, self))
				break;
			sleep_ms(10);
		}
		if (self->loaded) {
			struct probesim_stats now;

			probesim_stats_read(&now);
			ASSERT_FALSE(self->loaded)
				TH_LOG("no patched uprobe live, no probe registered, and still no unload after %d tries: %s; module refcnt %ld, nop_live %ld, stp_live %ld",
				       tries, strerror(-self->last_err),
				       probesim_module_refcnt(), now.live[PROBESIM_NOP_FAMILY],
				       now.live[PROBESIM_STP_FAMILY]);
		}
		self->quiet_unloads++;

		/*
		 * Back in. Every third cycle the probes come back first, while
		 * the module is out: those uprobes stay single-stepped, and so
		 * does any later probe that joins one of them. Otherwise the
		 * new probes are all patched, and pin the module.
		 */
		if (cycles % 3 == 0) {
			atomic_store(&st->quiet, 0);
			sleep_ms(rand_r(&seed) % 30);
		}
		load(_metadata, self);
		atomic_store(&st->quiet, 0);
	}
	stop_threads(self);
	atomic_store(&st->quiet, 1);
	if (!self->loaded)
		load(_metadata, self);

	if (extended)
		TH_LOG("fewer than %ld unloads in %ld s: ran on until %ld s",
		       min_unloads, seconds, (now_ms() - start) / 1000);
	TH_LOG("%ld s, %ld cycles: %ld unloads (%ld while probes were in use, %ld after quiescing), %ld loads, %ld EAGAIN refusals",
	       (now_ms() - start) / 1000, cycles, self->unloads,
	       self->busy_unloads, self->quiet_unloads, self->loads,
	       self->eagain);
	TH_LOG("finit_module: %ld ms on average, %ld ms at most; successful delete_module: %ld ms on average",
	       self->loads ? self->load_ms / self->loads : 0, self->load_max_ms,
	       self->unloads ? self->unload_ms / self->unloads : 0);
	TH_LOG("hits: %ld probe windows (%ld with a uretprobe; %ld ms on average, %ld ms at most), %ld calls in windows, %ld calls outside",
	       atomic_load(&st->windows), atomic_load(&st->ret_windows),
	       atomic_load(&st->windows) ?
			atomic_load(&st->window_ms) / atomic_load(&st->windows) : 0,
	       atomic_load(&st->window_max_ms),
	       atomic_load(&st->window_calls), atomic_load(&st->plain_calls));
	TH_LOG("%ld tracefs cycles; longest drain of the probes %ld ms, longest wait for the kernel to free patched uprobes %ld ms",
	       atomic_load(&st->tracefs_cycles), self->drain_max_ms,
	       self->idle_max_ms);
	EXPECT_EQ(0, atomic_load(&st->errors))
		TH_LOG("first failure: %s", st->first_error);
	EXPECT_LE(min_unloads, self->unloads)
		TH_LOG("too few successful unloads in %ld s", seconds);
	EXPECT_LT(0, atomic_load(&st->windows));
	EXPECT_LT(0, atomic_load(&st->ret_windows));
	EXPECT_LT(0, atomic_load(&st->tracefs_cycles));

	/*
	 * Quiesced and loaded: fresh probes count exactly, probesim patched
	 * and simulated them, and nothing it patched outlives its probes.
	 */
	ASSERT_EQ(0, probesim_stats_wait_idle(DRAIN_TIMEOUT_MS));
	ASSERT_EQ(0, probesim_stats_read(&before));
	self->final_probe[CALL_NOP] = true;
	ASSERT_EQ(0, tracefs_probe_add(final_names[CALL_NOP], st->path,
				       st->offset[CALL_NOP], false));
	self->final_probe[CALL_STP] = true;
	ASSERT_EQ(0, tracefs_probe_add(final_names[CALL_STP], st->path,
				       st->offset[CALL_STP], true));
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		self->fd[f] = perf_probe_open(st->path, st->offset[f], f == CALL_NOP,
					      getpid(), false);
		ASSERT_LE(0, self->fd[f]);
	}
	for (f = 0; f < CALL_NR_FAMILIES; f++)
		ASSERT_TRUE(call_target_repeat(f, FINAL_CALLS));
	EXPECT_EQ(FINAL_CALLS, tracefs_probe_hits(final_names[CALL_NOP]));
	EXPECT_EQ(FINAL_CALLS, tracefs_probe_hits(final_names[CALL_STP]));
	EXPECT_EQ(FINAL_CALLS, perf_probe_hits(self->fd[CALL_NOP]));
	EXPECT_EQ(FINAL_CALLS, perf_probe_hits(self->fd[CALL_STP]));
	ASSERT_EQ(0, probesim_stats_since(&d, &before));
	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		bool simulated = call_family_probesim_patches(f);
		enum probesim_family sf = call_family_counted_as(f);

		EXPECT_EQ(simulated ? 1 : 0, d.patched[sf])
			TH_LOG("%s_patched delta", call_family_name(f));
		EXPECT_EQ(simulated ? FINAL_CALLS : 0, d.hits[sf])
			TH_LOG("%s_hits delta", call_family_name(f));
	}
	EXPECT_EQ(0, d.stp_faults);
	EXPECT_EQ(0, d.track_failed);

	for (f = 0; f < CALL_NR_FAMILIES; f++) {
		close(self->fd[f]);
		self->fd[f] = -1;
		self->final_probe[f] = false;
		EXPECT_EQ(0, tracefs_probe_remove(final_names[f]));
	}
	ASSERT_EQ(0, probesim_stats_wait_idle(DRAIN_TIMEOUT_MS))
		TH_LOG("patched uprobes still live after the last probes went");
	/* Still unloadable; then back for the rest of the suite. */
	ASSERT_TRUE(try_unload(_metadata, self));
	load(_metadata, self);
}

TEST_HARNESS_MAIN
