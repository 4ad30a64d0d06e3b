// SPDX-License-Identifier: GPL-2.0-only
/*
 * Differential fuzzing of the register-only ALU instructions uprobes
 * simulate: logical (immediate), add/sub (immediate), move wide, logical
 * (shifted register) and add/sub (shifted register), one test per class.
 *
 * Encodings and register states come from lib/alu_gen.h, which says how
 * they are chosen; what the encodings covered is printed. Each encoding
 * goes into a block of a code file on tmpfs (lib/raw.h) that loads every
 * GPR, SP and NZCV from a random state, executes it and stores them all.
 * The blocks are run natively first: the hardware is the oracle. Then
 * every instruction of the file gets a uprobe, a batch of them at a time
 * (lib/probe_batch.h), and each block is run again from the same state:
 * every GPR, SP and NZCV must come out as natively, and each probe must
 * have hit once per run. The simulated runs must never map the XOL area.
 *
 * PROBESIM_FUZZ_COUNT: encodings per class (default 10000).
 * PROBESIM_FUZZ_STATES: register states per encoding (default 1).
 */
/*
 * PROBESIM_MODE=absent: every probe is single-stepped out of line.
 * PROBESIM_MODE=loaded: probesim (alu=1) must have patched every probe of
 * the class and simulated every hit, by its counters; no XOL area.
 * PROBESIM_MODE=builtin: the kernel simulates (it has the series); no XOL
 * area.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "alu_gen.h"
#include "probe_batch.h"
#include "raw.h"
#include "uprobes.h"

#define DEFAULT_COUNT	10000
#define DEFAULT_STATES	1
#define MAX_STATES	64
#define BATCH		2500	/* encodings per code file and probe batch */
#define MAX_REPORTED	20	/* mismatches printed in full, per class */

#define diag(fmt, ...)	fprintf(stderr, "# " fmt "\n", ##__VA_ARGS__)

/* ---- settings ------------------------------------------------------------- */

/* A positive number from the environment, @def if unset; 0 if invalid. */
static unsigned long env_count(const char *name, unsigned long def, unsigned long max)
{
	const char *s = getenv(name);
	unsigned long v;
	char *end;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || !v || v > max)
		return 0;
	return v;
}

static unsigned long fuzz_count(void)
{
	return env_count("PROBESIM_FUZZ_COUNT", DEFAULT_COUNT, 1UL << 30);
}

static unsigned int fuzz_states(void)
{
	return env_count("PROBESIM_FUZZ_STATES", DEFAULT_STATES, MAX_STATES);
}

/*
 * The harness's timeout per test, scaled with the work: under qemu TCG a
 * run takes about 0.5 ms, probes included, and up to 2 ms when the host
 * is busy (a class of 10000 took 62 s on an idle host).
 */
static int fuzz_timeout(void)
{
	unsigned long work = fuzz_count() * (fuzz_states() ? fuzz_states() : 1);

	return 60 + work / 100;
}

/* ---- the test -------------------------------------------------------------- */

FIXTURE(alu_fuzz) {
	enum probesim_mode mode;
	char path[96];		/* the code file of the current batch */
	char event[64];		/* its tracefs event */
	bool event_added;
};

FIXTURE_SETUP(alu_fuzz)
{
	char err[256] = "";

	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	ASSERT_NE(0UL, fuzz_count())
		TH_LOG("PROBESIM_FUZZ_COUNT must be a number from 1 to 2^30");
	ASSERT_NE(0U, fuzz_states())
		TH_LOG("PROBESIM_FUZZ_STATES must be a number from 1 to %d", MAX_STATES);
	if (mode_simulates(self->mode)) {
		ASSERT_TRUE(probesim_param_on("alu"))
			TH_LOG("PROBESIM_MODE=%s means the alu switch is on",
			       probesim_mode_name(self->mode));
	}
	if (mode_counts(self->mode)) {
		struct probesim_stats s;
		char missing[512];

		ASSERT_EQ(0, probesim_stats_read(&s)) {
			probesim_stats_missing(&s, missing, sizeof(missing));
			TH_LOG("probesim/stats lacks: %s", missing);
		}
		ASSERT_EQ(0, probesim_stats_wait_idle(10000))
			TH_LOG("patched uprobes of earlier tests still live");
	}
}

/*
 * In the harness's process, once the test's is gone (its perf event and
 * mappings with it), or after a failed ASSERT.
 */
FIXTURE_TEARDOWN_PARENT(alu_fuzz)
{
	if (self->event_added)
		EXPECT_EQ(0, probe_batch_remove(self->event));
	if (self->path[0])
		unlink(self->path);
	/* So that the next test, and the suite's rmmod, start clean. */
	if (mode_counts(self->mode)) {
		EXPECT_EQ(0, probesim_stats_wait_idle(10000))
			TH_LOG("patched uprobes still live 10 s after their probes went");
	}
}

/* Where the time goes, in milliseconds. */
enum phase { PH_NATIVE, PH_ATTACH, PH_PROBED, PH_DETACH, NR_PHASES };

/* One batch of encodings: its code file, probes and records. */
struct batch {
	enum alu_class cls;
	unsigned long first;	/* index of the first encoding in the class */
	unsigned int n, states;
	uint32_t insn[BATCH];
	unsigned long offset[BATCH];	/* of each instruction in the file */
	long hits[BATCH];
	struct cpu_state *native;	/* [n * states] */
	long ms[NR_PHASES];
};

#define BLOCK_BYTES	(RAW_BLOCK_WORDS * 4)

/* Write the blocks of @b to a new file at @path. */
static int batch_write(struct batch *b, const char *path, char *err, size_t len)
{
	size_t size = (size_t)b->n * BLOCK_BYTES;
	uint32_t *words = calloc(1, size);
	unsigned int i;
	ssize_t done;
	int fd;

	if (!words) {
		snprintf(err, len, "no memory for %zu bytes of code", size);
		return -1;
	}
	for (i = 0; i < b->n; i++) {
		raw_block_emit(words + i * RAW_BLOCK_WORDS, b->insn[i]);
		b->offset[i] = i * BLOCK_BYTES + RAW_BLOCK_INSN * 4;
	}
	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
	done = fd < 0 ? -1 : write(fd, words, size);
	free(words);
	if (fd < 0 || done != (ssize_t)size || close(fd)) {
		snprintf(err, len, "writing %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Map the code file private and never writable (what uprobes attach to),
 * and check that the word at each probed offset is @want, or the
 * instruction if @want is 0. NULL on failure, with the reason in @err.
 */
static uint8_t *batch_map(const struct batch *b, const char *path, uint32_t want,
			  char *err, size_t len)
{
	size_t size = (size_t)b->n * BLOCK_BYTES;
	char where[256];
	unsigned long base;
	unsigned int i;
	uint8_t *map;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, len, "opening %s: %s", path, strerror(errno));
		return NULL;
	}
	map = mmap(NULL, size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(err, len, "mapping %s: %s", path, strerror(errno));
		return NULL;
	}
	if (file_location(map, where, sizeof(where), &base) || strcmp(where, path) ||
	    base) {
		snprintf(err, len, "%s mapped at %p is not %s at offset 0", where,
			 (void *)map, path);
		goto fail;
	}
	for (i = 0; i < b->n; i++) {
		uint32_t word, expect = want ? want : b->insn[i];

		memcpy(&word, map + b->offset[i], sizeof(word));
		if (word != expect) {
			snprintf(err, len, "%s:%#lx holds %#010x, not %#010x", path,
				 b->offset[i], word, expect);
			goto fail;
		}
	}
	return map;
fail:
	munmap(map, size);
	return NULL;
}

/*
 * The native run did what the encoding says: nothing changed but the
 * destination (and NZCV for a flag-setting one); a 32-bit result is
 * zero-extended. This checks the blocks, not the hardware.
 */
static bool native_plausible(enum alu_class cls, uint32_t insn,
			     const struct cpu_state *in, const struct cpu_state *out)
{
	unsigned int dest = alu_dest(cls, insn), r;

	for (r = 0; r < 31; r++)
		if (r != dest && out->x[r] != in->x[r])
			return false;
	if (dest != ALU_DEST_SP && out->sp != in->sp)
		return false;
	if (!alu_sets_flags(cls, insn) && out->nzcv != in->nzcv)
		return false;
	if (out->nzcv & ~NZCV_MASK)
		return false;
	if (alu_is_64bit(insn) || dest == ALU_DEST_NONE)
		return true;
	return (dest == ALU_DEST_SP ? out->sp : out->x[dest]) >> 32 == 0;
}

static long lap(long *start)
{
	long now = now_ms(), ms = now - *start;

	*start = now;
	return ms;
}

/*
 * The instructions of @b run natively from a mapping of their own, then
 * probed from a new one: the probes go on before the file is mapped, so
 * that mmap() installs them all in one go, and come off with the mapping.
 */
static void fuzz_batch(struct __test_metadata *_metadata,
		       struct _test_data_alu_fuzz *self, struct batch *b,
		       unsigned int *reported, unsigned long *mismatches)
{
	size_t size = (size_t)b->n * BLOCK_BYTES;
	bool counted = mode_counts(self->mode);
	enum probesim_family fam = alu_class_family(b->cls);
	struct probesim_stats s0, s1, s2, d;
	unsigned int f;
	char err[1024] = "";
	long t = now_ms(), total;
	unsigned int i, k;
	uint8_t *map;
	int fd;

	ASSERT_EQ(0, batch_write(b, self->path, err, sizeof(err))) TH_LOG("%s", err);
	map = batch_map(b, self->path, 0, err, sizeof(err));
	ASSERT_NE(NULL, map) TH_LOG("%s", err);
	for (i = 0; i < b->n; i++) {
		for (k = 0; k < b->states; k++) {
			struct cpu_state in, *out = &b->native[i * b->states + k];

			alu_state_init(&in, b->cls, b->first + i, k);
			raw_run(map + i * BLOCK_BYTES, &in, out);
			ASSERT_TRUE(native_plausible(b->cls, b->insn[i], &in, out)) {
				cpu_state_diff_text(cpu_state_diff(&in, out, NULL), NULL,
						    "in", &in, "out", out, err, sizeof(err));
				TH_LOG("native run of %#010x changed:%s", b->insn[i], err);
			}
		}
	}
	munmap(map, size);
	b->ms[PH_NATIVE] += lap(&t);

	self->event_added = true;
	ASSERT_EQ(0, probe_batch_add(self->event, self->path, b->offset, b->n))
		TH_LOG("adding %u uprobes on %s: %s", b->n, self->path, strerror(errno));
	if (counted)
		ASSERT_EQ(0, probesim_stats_read(&s0));
	fd = probe_batch_perf_open(self->event, 0);
	ASSERT_LE(0, fd) TH_LOG("perf event on %s: %s", self->event, strerror(errno));
	/* Every probed word is the uprobe BRK now. */
	map = batch_map(b, self->path, UPROBE_BRK, err, sizeof(err));
	ASSERT_NE(NULL, map) TH_LOG("%s", err);
	if (counted) {
		ASSERT_EQ(0, probesim_stats_read(&s1));
		probesim_stats_delta(&d, &s1, &s0);
		/* Every probe patched, each in its own class's family, none elsewhere. */
		for (f = 0; f < PROBESIM_NR_FAMILIES; f++) {
			EXPECT_EQ(f == fam ? (long)b->n : 0L, d.patched[f])
				TH_LOG("%s_patched after %u %s probes",
				       probesim_family_name(f), b->n, alu_class_name(b->cls));
		}
	}
	b->ms[PH_ATTACH] += lap(&t);

	for (i = 0; i < b->n; i++) {
		for (k = 0; k < b->states; k++) {
			const struct cpu_state *n = &b->native[i * b->states + k];
			struct cpu_state in, out;
			uint64_t diff;

			alu_state_init(&in, b->cls, b->first + i, k);
			raw_run(map + i * BLOCK_BYTES, &in, &out);
			diff = cpu_state_diff(n, &out, NULL);
			if (!diff)
				continue;
			++*mismatches;
			if (++*reported <= MAX_REPORTED) {
				char ops[128];

				cpu_state_diff_text(diff, &in, "native", n, "probed", &out,
						    err, sizeof(err));
				alu_sources(b->cls, b->insn[i], &in, ops, sizeof(ops));
				diag("MISMATCH %s #%lu insn %#010x state %u, sources%s:%s",
				     alu_class_name(b->cls), b->first + i, b->insn[i], k,
				     ops[0] ? ops : " none", err);
			}
		}
	}
	b->ms[PH_PROBED] += lap(&t);

	/* Every probe hit once per run, and only those. */
	total = perf_probe_hits(fd);
	EXPECT_EQ((long)(b->n * b->states), total);
	ASSERT_EQ(0, probe_batch_hits(self->event, b->offset, b->n, b->hits))
		TH_LOG("uprobe_events and uprobe_profile do not list the %u uprobes of %s",
		       b->n, self->event);
	for (i = 0; i < b->n; i++) {
		long hits = b->hits[i];

		EXPECT_EQ((long)b->states, hits)
			TH_LOG("probe on %#010x (#%lu) hit %ld times", b->insn[i],
			       b->first + i, hits);
	}
	if (counted) {
		ASSERT_EQ(0, probesim_stats_read(&s2));
		probesim_stats_delta(&d, &s2, &s1);
		/* Every hit simulated, by its own class's family. */
		for (f = 0; f < PROBESIM_NR_FAMILIES; f++) {
			EXPECT_EQ(f == fam ? (long)(b->n * b->states) : 0L, d.hits[f])
				TH_LOG("%s_hits after %u runs of %s probes",
				       probesim_family_name(f), b->n * b->states,
				       alu_class_name(b->cls));
		}
		probesim_stats_delta(&d, &s2, &s0);
		EXPECT_EQ(0L, d.track_failed);
		EXPECT_EQ(0L, d.hook_missed);
	}

	munmap(map, size);
	close(fd);
	ASSERT_EQ(0, probe_batch_remove(self->event));
	self->event_added = false;
	unlink(self->path);
	b->ms[PH_DETACH] += lap(&t);
}

static void fuzz(struct __test_metadata *_metadata, struct _test_data_alu_fuzz *self,
		 enum alu_class cls)
{
	unsigned long count = fuzz_count(), i, mismatches = 0;
	unsigned int states = fuzz_states(), reported = 0;
	struct alu_gen gen;
	struct alu_coverage cov = { 0 };
	long start = now_ms();
	struct batch *b;

	b = calloc(1, sizeof(*b));
	ASSERT_NE(NULL, b);
	b->native = calloc(BATCH * states, sizeof(*b->native));
	ASSERT_NE(NULL, b->native);
	alu_gen_init(&gen, cls);
	b->cls = cls;
	b->states = states;
	snprintf(self->path, sizeof(self->path), "/tmp/alu_fuzz.%d.%s",
		 getpid(), alu_class_name(cls));
	snprintf(self->event, sizeof(self->event), "alu_fuzz_%s", alu_class_name(cls));
	/* Left over by an earlier run that died. */
	probe_batch_remove(self->event);

	for (b->first = 0; b->first < count; b->first += b->n) {
		b->n = count - b->first < BATCH ? count - b->first : BATCH;
		for (i = 0; i < b->n; i++) {
			uint32_t insn = alu_gen_next(&gen);

			ASSERT_TRUE(alu_accepted(cls, insn))
				TH_LOG("generated %#010x, not an accepted %s",
				       insn, alu_class_name(cls));
			alu_coverage_add(&cov, cls, insn);
			b->insn[i] = insn;
		}
		fuzz_batch(_metadata, self, b, &reported, &mismatches);
	}

	alu_coverage_print(&cov, cls, states);
	diag("%s: %lu runs %s, %lu mismatches", alu_class_name(cls), count * states,
	     mode_simulates(self->mode) ? "simulated" : "out of line", mismatches);
	diag("%s: %.1f s: native %.1f, attach %.1f, probed %.1f, detach %.1f",
	     alu_class_name(cls), (now_ms() - start) / 1000.0,
	     b->ms[PH_NATIVE] / 1000.0, b->ms[PH_ATTACH] / 1000.0,
	     b->ms[PH_PROBED] / 1000.0, b->ms[PH_DETACH] / 1000.0);
	EXPECT_EQ(0UL, mismatches);
	/* XOL steps through the XOL area; simulation never creates it. */
	if (mode_simulates(self->mode))
		EXPECT_FALSE(has_xol_area(0)) TH_LOG("a probe was single-stepped");
	if (!mode_simulates(self->mode))
		EXPECT_TRUE(has_xol_area(0));
	free(b->native);
	free(b);
}

TEST_F_TIMEOUT(alu_fuzz, logic_imm, fuzz_timeout())
{
	fuzz(_metadata, self, ALU_LOGIC_IMM);
}

TEST_F_TIMEOUT(alu_fuzz, addsub_imm, fuzz_timeout())
{
	fuzz(_metadata, self, ALU_ADDSUB_IMM);
}

TEST_F_TIMEOUT(alu_fuzz, movewide, fuzz_timeout())
{
	fuzz(_metadata, self, ALU_MOVEWIDE);
}

TEST_F_TIMEOUT(alu_fuzz, logic_reg, fuzz_timeout())
{
	fuzz(_metadata, self, ALU_LOGIC_REG);
}

TEST_F_TIMEOUT(alu_fuzz, addsub_reg, fuzz_timeout())
{
	fuzz(_metadata, self, ALU_ADDSUB_REG);
}

TEST_HARNESS_MAIN
