// SPDX-License-Identifier: GPL-2.0-only
/*
 * PACIASP and PACIBSP probed, held to the CPU: what the task's own
 * instruction computes is the oracle, bit for bit.
 *
 * One code file holds, for each key, a block that runs the instruction
 * from a complete register state (lib/raw.h) and a function that signs
 * its first argument with its second as SP; and a function for the
 * uretprobe case. The file is written twice: the native copy is never
 * probed, the probed copy has a uprobe on each PAC instruction, enabled
 * for every process (a tracefs event), so that threads, forked children
 * and an exec'd program hit them too.
 *
 * - fuzz_ia, fuzz_ib: random LR, SP and every other register, from a
 *   fixed seed: every register, SP and NZCV must come out as natively.
 * - disabled_ia, disabled_ib: PR_PAC_SET_ENABLED_KEYS turned one key off:
 *   natively its instruction does nothing, and so it must probed.
 * - reset_keys: PR_PAC_RESET_KEYS between hits: each new key signs as
 *   the CPU signs with it.
 * - fork_child: a child signs with its parent's keys.
 * - exec_child: an exec'd program signs with keys of its own.
 * - threads: several threads of one process hit a probe at once.
 * - uretprobe: a uretprobe on a function that opens with PACIASP and
 *   returns with AUTIASP: the return address signed is the trampoline's,
 *   and the function returns through it.
 *
 * Each case shows what ran. Simulated, the task never gets the XOL area
 * (the uretprobe case, whose trampoline lives there, goes by probesim's
 * counters); stepped out of line, it does.
 */
/*
 * PROBESIM_MODE=loaded: probesim (pac=1) simulates, and counts each hit.
 * PROBESIM_MODE=builtin: the kernel with the series simulates them.
 * PROBESIM_MODE=absent: the kernel steps them out of line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
/* TEST_F()'s wrapper in kselftest_harness.h assigns after setjmp(). */
#pragma GCC diagnostic ignored "-Wclobbered"
#include "kselftest_harness.h"
#include "prng.h"
#include "probe_batch.h"
#include "raw.h"
#include "uprobes.h"

#ifndef PR_PAC_RESET_KEYS
#define PR_PAC_RESET_KEYS	54
#endif
#ifndef PR_PAC_SET_ENABLED_KEYS
#define PR_PAC_SET_ENABLED_KEYS	60
#define PR_PAC_GET_ENABLED_KEYS	61
#endif
#ifndef PR_PAC_APIAKEY
#define PR_PAC_APIAKEY		(1UL << 0)
#define PR_PAC_APIBKEY		(1UL << 1)
#endif
#define HWCAP_PACA_BIT		BIT(30)

#define SEED		0x7061637369676e00ULL
#define FUZZ_RUNS	2000	/* per key */
#define CASE_RUNS	200	/* per key and case */
#define THREADS		4
#define MAX_REPORTED	10

#define PACIASP		0xd503233fU
#define PACIBSP		0xd503237fU
#define AUTIASP		0xd50323bfU

enum pac_key { KEY_IA, KEY_IB, NR_KEYS };

static const char * const key_names[NR_KEYS] = { "ia", "ib" };
static const uint32_t key_insns[NR_KEYS] = { PACIASP, PACIBSP };
static const unsigned long key_masks[NR_KEYS] = { PR_PAC_APIAKEY, PR_PAC_APIBKEY };

/* ---- the code file ------------------------------------------------------ */

#define BLOCK_BYTES	(RAW_BLOCK_WORDS * 4)
#define FN_WORDS	16
#define FN_PAC_WORD	4	/* the PAC instruction of a signing function */
#define CODE_BYTES	4096

/* Where things are in the file: a block and a function per key. */
static unsigned long block_at(enum pac_key k)
{
	return k * BLOCK_BYTES;
}

static unsigned long fn_at(enum pac_key k)
{
	return NR_KEYS * BLOCK_BYTES + k * FN_WORDS * 4;
}

/* The function the uretprobe is on, after the signing ones. */
static unsigned long uret_fn_at(void)
{
	return fn_at(NR_KEYS);
}

/* The probed instructions: the blocks' and the signing functions'. */
#define NR_PROBES	(2 * NR_KEYS)

static unsigned long probe_at(unsigned int i)
{
	enum pac_key k = i % NR_KEYS;

	return i < NR_KEYS ? block_at(k) + RAW_BLOCK_INSN * 4 : fn_at(k) + FN_PAC_WORD * 4;
}

/*
 * sign(lr, sp): x30 = lr and SP = sp around the PAC instruction alone;
 * the caller's LR and SP are kept in x9 and x10. Safe in any thread.
 */
static void emit_sign_fn(uint32_t *p, uint32_t insn)
{
	static const uint32_t head[] = {
		0xaa1e03e9,	/* mov x9, x30 */
		0x910003ea,	/* mov x10, sp */
		0x9100003f,	/* mov sp, x1 */
		0xaa0003fe,	/* mov x30, x0 */
	};
	static const uint32_t tail[] = {
		0xaa1e03e0,	/* mov x0, x30 */
		0x9100015f,	/* mov sp, x10 */
		0xaa0903fe,	/* mov x30, x9 */
		0xd65f03c0,	/* ret */
	};

	memcpy(p, head, sizeof(head));
	p[FN_PAC_WORD] = insn;
	memcpy(p + FN_PAC_WORD + 1, tail, sizeof(tail));
}

/* uret(out): out[0] = LR as PACIASP signed it, out[1] = SP; AUTIASP; RET. */
static void emit_uret_fn(uint32_t *p)
{
	static const uint32_t fn[] = {
		PACIASP,
		0xaa1e03e1,	/* mov x1, x30 */
		0x910003e2,	/* mov x2, sp */
		0xa9000801,	/* stp x1, x2, [x0] */
		AUTIASP,
		0xd65f03c0,	/* ret */
	};

	memcpy(p, fn, sizeof(fn));
}

static int write_code(const char *path)
{
	uint32_t words[CODE_BYTES / 4] = { 0 };
	enum pac_key k;
	ssize_t done;
	int fd;

	for (k = 0; k < NR_KEYS; k++) {
		raw_block_emit(words + block_at(k) / 4, key_insns[k]);
		emit_sign_fn(words + fn_at(k) / 4, key_insns[k]);
	}
	emit_uret_fn(words + uret_fn_at() / 4);
	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
	if (fd < 0)
		return -1;
	done = write(fd, words, sizeof(words));
	return close(fd) || done != (ssize_t)sizeof(words) ? -1 : 0;
}

static uint8_t *map_code(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *map;

	if (fd < 0)
		return NULL;
	map = mmap(NULL, CODE_BYTES, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	close(fd);
	return map == MAP_FAILED ? NULL : map;
}

/* A mapping of the code file, and the calls into it. */
struct code {
	uint8_t *map;
};

typedef uint64_t sign_fn(uint64_t lr, uint64_t sp);

static uint64_t code_sign(const struct code *c, enum pac_key k, uint64_t lr, uint64_t sp)
{
	return ((sign_fn *)(c->map + fn_at(k)))(lr, sp);
}

static void code_run_block(const struct code *c, enum pac_key k,
			   const struct cpu_state *in, struct cpu_state *out)
{
	raw_run(c->map + block_at(k), in, out);
}

/* ---- inputs ------------------------------------------------------------- */

/*
 * A pointer to sign: user and kernel halves (bit 55 picks the PAC field
 * layout), tagged top bytes, already signed ones, and the extremes.
 */
static uint64_t pick_pointer(struct prng *r)
{
	static const uint64_t edges[] = {
		0, ~0ULL, 0x0000ffffffffffffULL, 0x0080000000000000ULL,
		0xff7fffffffffffffULL, 0x0000aaaaaaab0000ULL,
	};
	uint64_t v = prng_next(r);

	switch (v % 6) {
	case 0:
		return edges[(v >> 8) % ARRAY_SIZE(edges)];
	case 1:
		return v & 0x0000fffffffffffcULL;		/* a user code address */
	case 2:
		return (v & 0x0000fffffffffffcULL) | (prng_next(r) << 56);	/* tagged */
	default:
		return prng_next(r);
	}
}

static void input_state(struct cpu_state *s, enum pac_key k, unsigned int i)
{
	struct prng r = { SEED ^ (uint64_t)k << 56 ^ i };
	unsigned int n;

	prng_next(&r);
	for (n = 0; n < 31; n++)
		s->x[n] = prng_next(&r);
	s->x[30] = pick_pointer(&r);
	s->sp = pick_pointer(&r);
	s->nzcv = (prng_next(&r) & 0xf) << 28;
}

/* Input @i of a case: LR and SP for a signing function. */
static void input_pair(uint64_t seed, enum pac_key k, unsigned int i, uint64_t *lr,
		       uint64_t *sp)
{
	struct prng r = { seed ^ (uint64_t)k << 60 ^ (uint64_t)i << 4 };

	prng_next(&r);
	*lr = pick_pointer(&r);
	*sp = pick_pointer(&r);
}

/* ---- what ran ----------------------------------------------------------- */

/* Whether the probes are simulated: by the mode and, for probesim, its switch. */
static bool pac_simulated(enum probesim_mode mode)
{
	return mode_simulates(mode) && probesim_param_on("pac");
}

/* How many of @n inputs of @seed @probed signs with key @k otherwise than @native. */
static unsigned int key_mismatches(const struct code *native, const struct code *probed,
				   uint64_t seed, enum pac_key k, unsigned int n, bool report)
{
	unsigned int i, bad = 0;

	for (i = 0; i < n; i++) {
		uint64_t lr, sp, want, got;

		input_pair(seed, k, i, &lr, &sp);
		want = code_sign(native, k, lr, sp);
		got = code_sign(probed, k, lr, sp);
		if (want == got)
			continue;
		if (report && bad < MAX_REPORTED)
			fprintf(stderr,
				"# MISMATCH %s lr %#llx sp %#llx: native %#llx probed %#llx%s\n",
				key_names[k], (unsigned long long)lr,
				(unsigned long long)sp, (unsigned long long)want,
				(unsigned long long)got,
				got == code_sign(native, NR_KEYS - 1 - k, lr, sp) ?
				" (the other key's signature)" : "");
		bad++;
	}
	return bad;
}

/* The same over both keys. */
static unsigned int sign_mismatches(const struct code *native, const struct code *probed,
				    uint64_t seed, unsigned int n, bool report)
{
	unsigned int bad = 0;
	enum pac_key k;

	for (k = 0; k < NR_KEYS; k++)
		bad += key_mismatches(native, probed, seed, k, n, report);
	return bad;
}

/* ---- the fixture -------------------------------------------------------- */

FIXTURE(pac) {
	enum probesim_mode mode;
	bool simulated;
	char native_path[96], probed_path[96];
	char event[64];
	bool event_added;
	struct code native, probed;
	unsigned long offsets[NR_PROBES];
	struct probesim_stats before;
};

FIXTURE_SETUP(pac)
{
	char err[256] = "";
	unsigned int i;

	ASSERT_EQ(0, probesim_mode_check(&self->mode, err, sizeof(err)))
		TH_LOG("%s", err);
	if (!(getauxval(AT_HWCAP) & HWCAP_PACA_BIT))
		SKIP(return, "the CPU has no address authentication (HWCAP_PACA)");
	if (self->mode == MODE_LOADED) {
		ASSERT_TRUE(probesim_param_on("pac"))
			TH_LOG("PROBESIM_MODE=loaded means the pac switch is on");
	}
	self->simulated = pac_simulated(self->mode);
	snprintf(self->native_path, sizeof(self->native_path), "/tmp/pac.%d.native", getpid());
	snprintf(self->probed_path, sizeof(self->probed_path), "/tmp/pac.%d.probed", getpid());
	snprintf(self->event, sizeof(self->event), "pac_%d", getpid());
	ASSERT_EQ(0, write_code(self->native_path)) TH_LOG("%s", strerror(errno));
	ASSERT_EQ(0, write_code(self->probed_path)) TH_LOG("%s", strerror(errno));
	for (i = 0; i < NR_PROBES; i++)
		self->offsets[i] = probe_at(i);
	ASSERT_EQ(0, probe_batch_add(self->event, self->probed_path, self->offsets, NR_PROBES))
		TH_LOG("adding uprobes on %s: %s", self->probed_path, strerror(errno));
	self->event_added = true;
	ASSERT_EQ(0, probe_batch_enable(self->event, true)) TH_LOG("%s", strerror(errno));
	if (mode_counts(self->mode))
		ASSERT_EQ(0, probesim_stats_read(&self->before));
	self->native.map = map_code(self->native_path);
	ASSERT_NE(NULL, self->native.map);
	self->probed.map = map_code(self->probed_path);
	ASSERT_NE(NULL, self->probed.map);
	for (i = 0; i < NR_PROBES; i++) {
		uint32_t word;

		memcpy(&word, self->probed.map + self->offsets[i], sizeof(word));
		ASSERT_EQ(UPROBE_BRK, word) TH_LOG("no uprobe at %#lx", self->offsets[i]);
	}
}

/*
 * In the harness's process, once the test's is gone (its mappings with
 * it), also after a failed ASSERT or a crash: the probes must not outlive
 * the test, or probesim could not be unloaded after the suite.
 */
FIXTURE_TEARDOWN_PARENT(pac)
{
	if (self->event_added) {
		probe_batch_enable(self->event, false);
		EXPECT_EQ(0, probe_batch_remove(self->event));
	}
	if (self->native_path[0])
		unlink(self->native_path);
	if (self->probed_path[0])
		unlink(self->probed_path);
}

/* What probesim counted: @hits PAC hits in all, and @patched probes. */
static void expect_counted(struct __test_metadata *_metadata, struct _test_data_pac *self,
			   long hits, long patched)
{
	struct probesim_stats d;

	if (!mode_counts(self->mode))
		return;
	ASSERT_EQ(0, probesim_stats_since(&d, &self->before));
	EXPECT_EQ(hits, d.hits[PROBESIM_PAC_FAMILY]);
	EXPECT_EQ(patched, d.patched[PROBESIM_PAC_FAMILY]);
}

/*
 * What ran in this task: simulated, no XOL area and probesim counted
 * @hits PAC hits in all (and @patched probes); stepped, the XOL area.
 */
static void expect_ran(struct __test_metadata *_metadata, struct _test_data_pac *self,
		       long hits, long patched)
{
	EXPECT_EQ(!self->simulated, has_xol_area(0))
		TH_LOG("expected the probes %s", self->simulated ? "simulated" : "single-stepped");
	expect_counted(_metadata, self, hits, patched);
}

/* The hits of each probe, as uprobe_profile has them, are @want[]. */
static void expect_hits(struct __test_metadata *_metadata, struct _test_data_pac *self,
			const long *want)
{
	long hits[NR_PROBES];
	unsigned int i;

	ASSERT_EQ(0, probe_batch_hits(self->event, self->offsets, NR_PROBES, hits));
	for (i = 0; i < NR_PROBES; i++) {
		unsigned long at = probe_at(i);

		EXPECT_EQ(want[i], hits[i]) TH_LOG("probe at %#lx", at);
	}
}

/* ---- the cases ---------------------------------------------------------- */

static void fuzz(struct __test_metadata *_metadata, struct _test_data_pac *self,
		 enum pac_key k)
{
	unsigned int i, r, mismatches = 0, signed_natively = 0;
	long want[NR_PROBES] = { 0 };

	for (i = 0; i < FUZZ_RUNS; i++) {
		struct cpu_state in, native, probed;
		bool same = true;

		input_state(&in, k, i);
		code_run_block(&self->native, k, &in, &native);
		code_run_block(&self->probed, k, &in, &probed);
		/* Natively, only x30 changes. */
		for (r = 0; r < 30; r++)
			ASSERT_EQ(in.x[r], native.x[r]);
		ASSERT_EQ(in.sp, native.sp);
		signed_natively += native.x[30] != in.x[30];
		for (r = 0; r < 31; r++)
			same &= native.x[r] == probed.x[r];
		same &= native.sp == probed.sp && native.nzcv == probed.nzcv;
		if (same)
			continue;
		if (++mismatches <= MAX_REPORTED)
			fprintf(stderr,
				"# MISMATCH %s #%u lr %#llx sp %#llx: native lr %#llx probed lr %#llx%s\n",
				key_names[k], i, (unsigned long long)in.x[30],
				(unsigned long long)in.sp, (unsigned long long)native.x[30],
				(unsigned long long)probed.x[30],
				native.x[30] == probed.x[30] ? " (another register differs)" : "");
	}
	fprintf(stderr, "# %s: %u runs %s, %u signed natively, %u mismatches\n", key_names[k],
		FUZZ_RUNS, self->simulated ? "simulated" : "out of line", signed_natively,
		mismatches);
	/* The key is on: a test where nothing is signed would prove nothing. */
	EXPECT_LT(FUZZ_RUNS / 2U, signed_natively);
	EXPECT_EQ(0U, mismatches);
	want[k] = FUZZ_RUNS;
	expect_hits(_metadata, self, want);
	expect_ran(_metadata, self, FUZZ_RUNS, NR_PROBES);
}

TEST_F(pac, fuzz_ia)
{
	fuzz(_metadata, self, KEY_IA);
}

TEST_F(pac, fuzz_ib)
{
	fuzz(_metadata, self, KEY_IB);
}

/* Key @off disabled by the task: its instruction is a NOP, natively and probed. */
static void disabled(struct __test_metadata *_metadata, struct _test_data_pac *self,
		     enum pac_key off)
{
	long want[NR_PROBES] = { 0 };
	unsigned int i, signed_natively[NR_KEYS] = { 0 };
	enum pac_key k;

	ASSERT_EQ(0, prctl(PR_PAC_SET_ENABLED_KEYS, key_masks[off], 0, 0, 0))
		TH_LOG("PR_PAC_SET_ENABLED_KEYS: %s", strerror(errno));
	ASSERT_EQ((long)key_masks[NR_KEYS - 1 - off],
		  prctl(PR_PAC_GET_ENABLED_KEYS, 0, 0, 0, 0) &
		  (long)(PR_PAC_APIAKEY | PR_PAC_APIBKEY));
	for (k = 0; k < NR_KEYS; k++)
		for (i = 0; i < CASE_RUNS; i++) {
			uint64_t lr, sp;

			input_pair(SEED, k, i, &lr, &sp);
			signed_natively[k] += code_sign(&self->native, k, lr, sp) != lr;
		}
	EXPECT_EQ(0U, signed_natively[off]);
	EXPECT_LT(CASE_RUNS / 2U, signed_natively[NR_KEYS - 1 - off]);
	EXPECT_EQ(0U, sign_mismatches(&self->native, &self->probed, SEED, CASE_RUNS, true));
	want[NR_KEYS + KEY_IA] = CASE_RUNS;
	want[NR_KEYS + KEY_IB] = CASE_RUNS;
	expect_hits(_metadata, self, want);
	expect_ran(_metadata, self, NR_KEYS * CASE_RUNS, NR_PROBES);
}

TEST_F(pac, disabled_ia)
{
	disabled(_metadata, self, KEY_IA);
}

TEST_F(pac, disabled_ib)
{
	disabled(_metadata, self, KEY_IB);
}

/* Native results of the signing functions for the inputs of @seed. */
static void native_table(const struct code *native, uint64_t seed,
			 uint64_t table[NR_KEYS][CASE_RUNS])
{
	unsigned int i;
	enum pac_key k;

	for (k = 0; k < NR_KEYS; k++)
		for (i = 0; i < CASE_RUNS; i++) {
			uint64_t lr, sp;

			input_pair(seed, k, i, &lr, &sp);
			table[k][i] = code_sign(native, k, lr, sp);
		}
}

/*
 * How many of the native signatures of the inputs of @seed differ from
 * @table's, per key. A PAC field can be as narrow as 7 bits (a 48-bit
 * address with a tagged top byte), so two keys agree on one pointer now
 * and then; on most of them they differ.
 */
static void count_changed(const struct code *native, uint64_t seed,
			  uint64_t table[NR_KEYS][CASE_RUNS], unsigned int changed[NR_KEYS])
{
	static uint64_t now[NR_KEYS][CASE_RUNS];
	unsigned int i;
	enum pac_key k;

	native_table(native, seed, now);
	for (k = 0; k < NR_KEYS; k++) {
		changed[k] = 0;
		for (i = 0; i < CASE_RUNS; i++)
			changed[k] += now[k][i] != table[k][i];
	}
	memcpy(table, now, sizeof(now));
}

/* New keys between hits: each signs as the CPU signs with it. */
TEST_F(pac, reset_keys)
{
	static uint64_t last[NR_KEYS][CASE_RUNS];
	unsigned int epoch, changed[NR_KEYS];
	long want[NR_PROBES] = { 0 };
	enum pac_key k;

	native_table(&self->native, SEED, last);
	for (epoch = 0; epoch < 4; epoch++) {
		if (epoch) {
			ASSERT_EQ(0, prctl(PR_PAC_RESET_KEYS, 0, 0, 0, 0));
			count_changed(&self->native, SEED, last, changed);
			for (k = 0; k < NR_KEYS; k++) {
				const char *key = key_names[k];

				EXPECT_LT(CASE_RUNS / 2U, changed[k])
					TH_LOG("%s key not reset", key);
			}
		}
		EXPECT_EQ(0U, sign_mismatches(&self->native, &self->probed, SEED + epoch,
					      CASE_RUNS, true)) TH_LOG("epoch %u", epoch);
	}
	want[NR_KEYS + KEY_IA] = 4 * CASE_RUNS;
	want[NR_KEYS + KEY_IB] = 4 * CASE_RUNS;
	expect_hits(_metadata, self, want);
	expect_ran(_metadata, self, 4 * NR_KEYS * CASE_RUNS, NR_PROBES);
}

/*
 * What a child's exit status says: 0 all well, 1 it signed differently,
 * 2 the probes ran otherwise than expected (simulated or not), and
 * anything else that it could not set itself up.
 */
static const char *child_outcome(int status)
{
	switch (status) {
	case 1:
		return "signed differently";
	case 2:
		return "did not run the probes as expected";
	default:
		return "could not set itself up";
	}
}

/* The exit status of a child that had @bad mismatches, as child_outcome() reads it. */
static int child_status(unsigned int bad, bool simulated)
{
	return bad ? 1 : has_xol_area(0) == !simulated ? 0 : 2;
}

/* A forked child signs as its parent; its exit status is child_outcome()'s. */
TEST_F(pac, fork_child)
{
	static uint64_t parent[NR_KEYS][CASE_RUNS];
	int status;
	pid_t pid;

	native_table(&self->native, SEED, parent);
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		unsigned int i, bad = 0;
		enum pac_key k;

		for (k = 0; k < NR_KEYS; k++)
			for (i = 0; i < CASE_RUNS; i++) {
				uint64_t lr, sp;

				input_pair(SEED, k, i, &lr, &sp);
				bad += code_sign(&self->probed, k, lr, sp) != parent[k][i];
			}
		if (bad)
			fprintf(stderr, "# child: %u signed differently from its parent\n", bad);
		_exit(child_status(bad, self->simulated));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status))
		TH_LOG("the child %s", child_outcome(WEXITSTATUS(status)));
}

/*
 * The exec'd program: PAC_EXEC_CHILD=native:probed:simulated. It writes
 * its own native signatures of the inputs of SEED to stdout, one per
 * line, and exits 0 if the probed copy signed as its native one, 1 if
 * not, 2 if the probes ran otherwise than expected.
 */
__attribute__((constructor)) static void exec_child_main(void)
{
	static uint64_t table[NR_KEYS][CASE_RUNS];
	const char *spec = getenv("PAC_EXEC_CHILD");
	char native_path[96], probed_path[96];
	struct code native, probed;
	unsigned int bad, i;
	int simulated;
	enum pac_key k;

	if (!spec)
		return;
	if (sscanf(spec, "%95[^:]:%95[^:]:%d", native_path, probed_path, &simulated) != 3)
		_exit(3);
	native.map = map_code(native_path);
	probed.map = map_code(probed_path);
	if (!native.map || !probed.map)
		_exit(3);
	native_table(&native, SEED, table);
	for (k = 0; k < NR_KEYS; k++)
		for (i = 0; i < CASE_RUNS; i++)
			printf("%llx\n", (unsigned long long)table[k][i]);
	fflush(stdout);
	bad = sign_mismatches(&native, &probed, SEED, CASE_RUNS, true);
	_exit(child_status(bad, simulated));
}

TEST_F(pac, exec_child)
{
	static uint64_t parent[NR_KEYS][CASE_RUNS];
	unsigned int i, differ[NR_KEYS] = { 0 };
	unsigned long long v;
	char spec[256];
	int fds[2], status;
	enum pac_key k;
	FILE *out;
	pid_t pid;

	native_table(&self->native, SEED, parent);
	snprintf(spec, sizeof(spec), "%s:%s:%d", self->native_path, self->probed_path,
		 self->simulated);
	ASSERT_EQ(0, pipe(fds));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		dup2(fds[1], 1);
		setenv("PAC_EXEC_CHILD", spec, 1);
		execl("/proc/self/exe", "pac", (char *)NULL);
		_exit(4);
	}
	close(fds[1]);
	out = fdopen(fds[0], "r");
	ASSERT_NE(NULL, out);
	for (k = 0; k < NR_KEYS; k++)
		for (i = 0; i < CASE_RUNS; i++) {
			ASSERT_EQ(1, fscanf(out, "%llx", &v));
			differ[k] += v != parent[k][i];
		}
	fclose(out);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status))
		TH_LOG("the exec'd program %s", child_outcome(WEXITSTATUS(status)));
	/* Its keys are its own (see count_changed() on narrow PAC fields). */
	for (k = 0; k < NR_KEYS; k++) {
		const char *key = key_names[k];

		EXPECT_LT(CASE_RUNS / 2U, differ[k])
			TH_LOG("%s: the exec'd program signs as its parent", key);
	}
}

struct thread_arg {
	const struct code *native, *probed;
	enum pac_key key;
	uint64_t seed;
	unsigned int mismatches;
};

static void *sign_thread(void *p)
{
	struct thread_arg *a = p;

	a->mismatches = key_mismatches(a->native, a->probed, a->seed, a->key, CASE_RUNS, false);
	return NULL;
}

/*
 * THREADS threads of one process sign with key @k at once; the exit
 * status is child_outcome()'s, 3 if a thread could not be started or
 * joined.
 */
static int sign_in_threads(struct _test_data_pac *self, enum pac_key k)
{
	struct thread_arg args[THREADS];
	pthread_t threads[THREADS];
	unsigned int t, bad = 0;

	for (t = 0; t < THREADS; t++) {
		args[t] = (struct thread_arg) {
			.native = &self->native, .probed = &self->probed, .key = k,
			.seed = SEED + t,
		};
		if (pthread_create(&threads[t], NULL, sign_thread, &args[t]))
			return 3;
	}
	for (t = 0; t < THREADS; t++) {
		if (pthread_join(threads[t], NULL))
			return 3;
		if (args[t].mismatches)
			fprintf(stderr, "# %s: thread %u: %u of %u signed differently\n",
				key_names[k], t, args[t].mismatches, CASE_RUNS);
		bad += args[t].mismatches;
	}
	return child_status(bad, self->simulated);
}

/*
 * Each key's threads are a process of their own. Out of line, every hit
 * writes its instruction into an XOL slot of the process, which another
 * thread's hit has just used for its own; qemu's multi-threaded TCG then
 * now and then runs the slot's previous instruction, a PACIBSP where a
 * PACIASP was written or the other way round, for several hits in a row
 * (in 6 of 18 boots of 6.1; in none of 12 with -accel tcg,thread=single,
 * the same kernel on the same two CPUs). With one PAC instruction per
 * process, no slot ever held another one.
 */
TEST_F(pac, threads)
{
	long want[NR_PROBES] = { 0 };
	enum pac_key k;
	int status;
	pid_t pid;

	for (k = 0; k < NR_KEYS; k++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (!pid)
			_exit(sign_in_threads(self, k));
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_TRUE(WIFEXITED(status));
		EXPECT_EQ(0, WEXITSTATUS(status))
			TH_LOG("%s: the threads %s", key_names[k],
			       child_outcome(WEXITSTATUS(status)));
	}
	/* Before 6.10 uprobe_profile can lose concurrent hits. */
	if (tracefs_hits_percpu()) {
		want[NR_KEYS + KEY_IA] = THREADS * CASE_RUNS;
		want[NR_KEYS + KEY_IB] = THREADS * CASE_RUNS;
		expect_hits(_metadata, self, want);
	}
	expect_counted(_metadata, self, THREADS * NR_KEYS * CASE_RUNS, NR_PROBES);
}

/*
 * A uretprobe on a PACIASP function: the uprobe hijacks LR before the
 * PAC instruction runs, so it signs the trampoline's address, and the
 * function's AUTIASP; RET must return through the trampoline.
 */
TEST_F(pac, uretprobe)
{
	uint64_t seen[2] = { 0 }, trampoline;
	void (*fn)(uint64_t *out);
	char name[64];
	int fd;

	snprintf(name, sizeof(name), "pac_uret_%d", getpid());
	fd = perf_probe_open(self->probed_path, uret_fn_at(), true, 0, false);
	ASSERT_LE(0, fd) TH_LOG("uretprobe on %s: %s", self->probed_path, strerror(errno));
	fn = (void (*)(uint64_t *))(self->probed.map + uret_fn_at());
	fn(seen);
	/* Back here: AUTIASP accepted what the PAC instruction signed. */
	EXPECT_EQ(1L, perf_probe_hits(fd)) TH_LOG("the uretprobe did not fire once");
	trampoline = xol_area_start(0);
	ASSERT_NE(0UL, trampoline);
	EXPECT_EQ(code_sign(&self->native, KEY_IA, trampoline, seen[1]), seen[0])
		TH_LOG("LR %#llx is not the trampoline %#llx signed natively",
		       (unsigned long long)seen[0], (unsigned long long)trampoline);
	close(fd);
	if (mode_counts(self->mode)) {
		struct probesim_stats d;

		ASSERT_EQ(0, probesim_stats_since(&d, &self->before));
		EXPECT_EQ(self->simulated ? 1L : 0L, d.hits[PROBESIM_PAC_FAMILY]);
	}
}

TEST_HARNESS_MAIN
