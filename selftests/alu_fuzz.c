// SPDX-License-Identifier: GPL-2.0-only
/*
 * Differential fuzzing of the register-only ALU instructions uprobes
 * simulate: logical (immediate), add/sub (immediate), move wide, logical
 * (shifted register) and add/sub (shifted register), one test per class.
 *
 * Encodings are generated field by field from a fixed seed, only accepted
 * ones, weighted so that register 31 in every position, the extreme
 * immediates, every element size of a bitmask immediate and every sf,
 * opc and shift value all come up; the coverage is printed. Each encoding
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
#include "prng.h"
#include "probe_batch.h"
#include "raw.h"
#include "uprobes.h"

#define DEFAULT_COUNT	10000
#define DEFAULT_STATES	1
#define MAX_STATES	64
#define BATCH		2500	/* encodings per code file and probe batch */
#define MAX_REPORTED	20	/* mismatches printed in full, per class */
#define SEED		0x70726f626573696dULL

#define diag(fmt, ...)	fprintf(stderr, "# " fmt "\n", ##__VA_ARGS__)

/* ---- the classes --------------------------------------------------------- */

enum alu_class {
	LOGIC_IMM, ADDSUB_IMM, MOVEWIDE, LOGIC_REG, ADDSUB_REG, NR_CLASSES
};

static const char * const class_names[NR_CLASSES] = {
	[LOGIC_IMM] = "logic_imm",
	[ADDSUB_IMM] = "addsub_imm",
	[MOVEWIDE] = "movewide",
	[LOGIC_REG] = "logic_reg",
	[ADDSUB_REG] = "addsub_reg",
};

static const char *class_name(unsigned int cls)
{
	return cls < NR_CLASSES ? class_names[cls] : "none";
}

/* The family probesim counts each class's probes in. */
static const enum probesim_family class_families[NR_CLASSES] = {
	[LOGIC_IMM] = PROBESIM_LOGIC_IMM_FAMILY,
	[ADDSUB_IMM] = PROBESIM_ADDSUB_IMM_FAMILY,
	[MOVEWIDE] = PROBESIM_MOVEWIDE_FAMILY,
	[LOGIC_REG] = PROBESIM_LOGIC_REG_FAMILY,
	[ADDSUB_REG] = PROBESIM_ADDSUB_REG_FAMILY,
};

static unsigned int field(uint32_t insn, unsigned int lsb, unsigned int width)
{
	return (insn >> lsb) & ((1U << width) - 1);
}

#define SF(i)	field(i, 31, 1)
#define RD(i)	field(i, 0, 5)
#define RN(i)	field(i, 5, 5)
#define RM(i)	field(i, 16, 5)
#define IMM6(i)	field(i, 10, 6)

/* The class of an encoding by its fixed bits alone, or NR_CLASSES. */
static enum alu_class class_of(uint32_t insn)
{
	if ((insn & 0x1f800000U) == 0x12000000U)
		return LOGIC_IMM;
	if ((insn & 0x1f800000U) == 0x11000000U)
		return ADDSUB_IMM;
	if ((insn & 0x1f800000U) == 0x12800000U)
		return MOVEWIDE;
	if ((insn & 0x1f000000U) == 0x0a000000U)
		return LOGIC_REG;
	if ((insn & 0x1f200000U) == 0x0b000000U)
		return ADDSUB_REG;
	return NR_CLASSES;
}

/*
 * DecodeBitMasks() of the Arm ARM, for N:imms: log2 of the element size,
 * or 0 where the encoding is reserved (no element size, or all ones).
 */
static unsigned int bitmask_len(unsigned int n, unsigned int imms)
{
	unsigned int v = n << 6 | (~imms & 0x3f), len = 0, levels;

	while (v >> (len + 1))
		len++;
	if (!v || len < 1)
		return 0;
	levels = (1U << len) - 1;
	return (imms & levels) == levels ? 0 : len;
}

/* An encoding of its class that the architecture does not reserve. */
static bool accepted(enum alu_class cls, uint32_t insn)
{
	if (class_of(insn) != cls)
		return false;
	switch (cls) {
	case LOGIC_IMM:
		if (!SF(insn) && field(insn, 22, 1))
			return false;
		return bitmask_len(field(insn, 22, 1), field(insn, 10, 6)) != 0;
	case ADDSUB_IMM:
		return true;
	case MOVEWIDE:
		return field(insn, 29, 2) != 1 && (SF(insn) || field(insn, 22, 1) == 0);
	case LOGIC_REG:
		return SF(insn) || IMM6(insn) < 32;
	case ADDSUB_REG:
		return field(insn, 22, 2) != 3 && (SF(insn) || IMM6(insn) < 32);
	default:
		return false;
	}
}

/* Whether the instruction sets NZCV: ANDS, BICS, ADDS, SUBS. */
static bool sets_flags(enum alu_class cls, uint32_t insn)
{
	switch (cls) {
	case LOGIC_IMM:
	case LOGIC_REG:
		return field(insn, 29, 2) == 3;
	case ADDSUB_IMM:
	case ADDSUB_REG:
		return field(insn, 29, 1);
	default:
		return false;
	}
}

#define DEST_SP		31
#define DEST_NONE	32

/* What the instruction writes: x0-x30, SP, or nothing (XZR). */
static unsigned int dest_of(enum alu_class cls, uint32_t insn)
{
	if (RD(insn) != 31)
		return RD(insn);
	/* Rd = 31 is SP for AND/ORR/EOR/ADD/SUB (immediate), else XZR. */
	if ((cls == LOGIC_IMM || cls == ADDSUB_IMM) && !sets_flags(cls, insn))
		return DEST_SP;
	return DEST_NONE;
}

/* ---- the generator --------------------------------------------------------- */

/* Uniform in [0, n), n > 0 (the bias of a 64-bit modulo is negligible). */
static unsigned int below(struct prng *r, unsigned int n)
{
	return prng_next(r) % n;
}

/* A register field: 31 (SP, or ZR) one time in eight plus its fair share. */
static unsigned int pick_reg(struct prng *r)
{
	return below(r, 8) ? below(r, 32) : 31;
}

/* An immediate field: 0 and @max one time in eight each, else uniform. */
static unsigned int pick_imm(struct prng *r, unsigned int max)
{
	switch (below(r, 8)) {
	case 0:
		return 0;
	case 1:
		return max;
	default:
		return below(r, max + 1);
	}
}

static uint32_t gen_logic_imm(struct prng *r)
{
	unsigned int sf = below(r, 2), opc = below(r, 4);
	/* Element size 2^len, as many of each size as of the others. */
	unsigned int len = 1 + below(r, sf ? 6 : 5), e = 1U << len;
	unsigned int ones = 1 + pick_imm(r, e - 2), rot = pick_imm(r, e - 1);
	unsigned int n = len == 6, imms, immr;

	/* imms: ones below the element size's prefix 0, 10, 110, ... 11110. */
	imms = (~(2 * e - 1) & 0x3f) | (ones - 1);
	/* immr: the rotation; the bits above it are ignored, half the time set. */
	immr = rot | (below(r, 2) ? below(r, 64) & ~(e - 1) : 0);
	return sf << 31 | opc << 29 | 0x12000000U | n << 22 | immr << 16 |
	       imms << 10 | pick_reg(r) << 5 | pick_reg(r);
}

static uint32_t gen_addsub_imm(struct prng *r)
{
	unsigned int sf = below(r, 2), op = below(r, 2), s = below(r, 2);
	unsigned int sh = below(r, 2), imm12 = pick_imm(r, 0xfff);

	return sf << 31 | op << 30 | s << 29 | 0x11000000U | sh << 22 |
	       imm12 << 10 | pick_reg(r) << 5 | pick_reg(r);
}

static uint32_t gen_movewide(struct prng *r)
{
	static const unsigned int opcs[] = { 0, 2, 3 };	/* MOVN, MOVZ, MOVK */
	unsigned int sf = below(r, 2), opc = opcs[below(r, 3)];
	unsigned int hw = below(r, sf ? 4 : 2), imm16 = pick_imm(r, 0xffff);

	return sf << 31 | opc << 29 | 0x12800000U | hw << 21 | imm16 << 5 |
	       pick_reg(r);
}

static uint32_t gen_logic_reg(struct prng *r)
{
	unsigned int sf = below(r, 2), opc = below(r, 4), shift = below(r, 4);
	unsigned int n = below(r, 2), imm6 = pick_imm(r, sf ? 63 : 31);

	return sf << 31 | opc << 29 | 0x0a000000U | shift << 22 | n << 21 |
	       pick_reg(r) << 16 | imm6 << 10 | pick_reg(r) << 5 | pick_reg(r);
}

static uint32_t gen_addsub_reg(struct prng *r)
{
	unsigned int sf = below(r, 2), op = below(r, 2), s = below(r, 2);
	unsigned int shift = below(r, 3), imm6 = pick_imm(r, sf ? 63 : 31);

	return sf << 31 | op << 30 | s << 29 | 0x0b000000U | shift << 22 |
	       pick_reg(r) << 16 | imm6 << 10 | pick_reg(r) << 5 | pick_reg(r);
}

static uint32_t (*const generators[NR_CLASSES])(struct prng *r) = {
	[LOGIC_IMM] = gen_logic_imm,
	[ADDSUB_IMM] = gen_addsub_imm,
	[MOVEWIDE] = gen_movewide,
	[LOGIC_REG] = gen_logic_reg,
	[ADDSUB_REG] = gen_addsub_reg,
};

/*
 * A register value: often one where carries, overflows, sign and zero
 * results happen, in either width; else uniform.
 */
static uint64_t pick_value(struct prng *r)
{
	static const uint64_t edges[] = {
		0, 1, ~0ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
		0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL,
	};
	static const uint32_t low[] = { 0, 1, 0x7fffffff, 0x80000000, 0xffffffff };
	uint64_t edge = edges[below(r, ARRAY_SIZE(edges))];

	switch (below(r, 8)) {
	case 0:
		return edge;
	case 1:
		return edge + below(r, 33) - 16;
	case 2:
		return (prng_next(r) & ~0xffffffffULL) |
		       low[below(r, ARRAY_SIZE(low))];
	case 3:
		return below(r, 2) ? below(r, 4096) : -(uint64_t)below(r, 4096);
	default:
		return prng_next(r);
	}
}

/* State @k of encoding @idx of @cls: the same whatever the count. */
static void state_init(struct cpu_state *s, enum alu_class cls,
		       unsigned long idx, unsigned int k)
{
	struct prng r = { SEED ^ (uint64_t)cls << 56 ^ (uint64_t)idx << 8 ^ k };
	unsigned int i;

	prng_next(&r);
	for (i = 0; i < 31; i++)
		s->x[i] = pick_value(&r);
	s->sp = pick_value(&r);
	s->nzcv = (uint64_t)below(&r, 16) << 28;
}

/* ---- coverage ---------------------------------------------------------------- */

struct coverage {
	unsigned long n;
	unsigned long sf[2], kind[8], shift[4], hw[4];
	unsigned long rd31, rn31, rm31, imm_zero, imm_max;
	/* logic_imm: element sizes 2^1..2^6, ones, rotation, ignored immr bits */
	unsigned long esize[7], ones_min, ones_max, rot_zero, rot_max, immr_high;
};

static void coverage_add(struct coverage *c, enum alu_class cls, uint32_t insn)
{
	unsigned int len, levels, imm, max;

	c->n++;
	c->sf[SF(insn)]++;
	c->rd31 += RD(insn) == 31;
	c->rn31 += cls != MOVEWIDE && RN(insn) == 31;
	/* opc, op:S, or for logic_reg opc:N */
	if (cls == LOGIC_REG)
		c->kind[field(insn, 29, 2) << 1 | field(insn, 21, 1)]++;
	else
		c->kind[field(insn, 29, 2)]++;
	switch (cls) {
	case LOGIC_IMM:
		len = bitmask_len(field(insn, 22, 1), field(insn, 10, 6));
		levels = (1U << len) - 1;
		c->esize[len]++;
		c->ones_min += (field(insn, 10, 6) & levels) == 0;
		c->ones_max += (field(insn, 10, 6) & levels) == levels - 1;
		c->rot_zero += (field(insn, 16, 6) & levels) == 0;
		c->rot_max += (field(insn, 16, 6) & levels) == levels;
		c->immr_high += (field(insn, 16, 6) & ~levels) != 0;
		return;
	case ADDSUB_IMM:
		c->shift[field(insn, 22, 1)]++;
		imm = field(insn, 10, 12);
		max = 0xfff;
		break;
	case MOVEWIDE:
		c->hw[field(insn, 21, 2)]++;
		imm = field(insn, 5, 16);
		max = 0xffff;
		break;
	default:
		c->rm31 += RM(insn) == 31;
		c->shift[field(insn, 22, 2)]++;
		imm = IMM6(insn);
		max = SF(insn) ? 63 : 31;
		break;
	}
	c->imm_zero += imm == 0;
	c->imm_max += imm == max;
}

static const char * const kind_names[NR_CLASSES][8] = {
	[LOGIC_IMM] = { "AND", "ORR", "EOR", "ANDS" },
	[ADDSUB_IMM] = { "ADD", "ADDS", "SUB", "SUBS" },
	[MOVEWIDE] = { "MOVN", NULL, "MOVZ", "MOVK" },
	[LOGIC_REG] = { "AND", "BIC", "ORR", "ORN", "EOR", "EON", "ANDS", "BICS" },
	[ADDSUB_REG] = { "ADD", "ADDS", "SUB", "SUBS" },
};

static void coverage_print(const struct coverage *c, enum alu_class cls,
			   unsigned int states)
{
	static const char * const shifts[] = { "LSL", "LSR", "ASR", "ROR" };
	char line[256];
	int len = 0;
	unsigned int i;

	diag("%s: %lu encodings, %u state%s each; sf=0 %lu, sf=1 %lu; Rd=31 %lu",
	     class_names[cls], c->n, states, states == 1 ? "" : "s",
	     c->sf[0], c->sf[1], c->rd31);
	for (i = 0; i < 8; i++)
		if (kind_names[cls][i])
			len += snprintf(line + len, sizeof(line) - len, " %s %lu",
					kind_names[cls][i], c->kind[i]);
	diag("%s: opc:%s", class_names[cls], line);
	switch (cls) {
	case LOGIC_IMM:
		diag("%s: Rn=31 %lu; esize 2: %lu, 4: %lu, 8: %lu, 16: %lu, 32: %lu, 64: %lu",
		     class_names[cls], c->rn31, c->esize[1], c->esize[2],
		     c->esize[3], c->esize[4], c->esize[5], c->esize[6]);
		diag("%s: one 1 %lu, all but one 1 %lu, rotation 0 %lu, rotation max %lu",
		     class_names[cls], c->ones_min, c->ones_max, c->rot_zero,
		     c->rot_max);
		diag("%s: ignored immr bits set %lu", class_names[cls], c->immr_high);
		break;
	case ADDSUB_IMM:
		diag("%s: Rn=31 %lu; LSL #0 %lu, LSL #12 %lu; imm12=0 %lu, imm12=0xfff %lu",
		     class_names[cls], c->rn31, c->shift[0], c->shift[1],
		     c->imm_zero, c->imm_max);
		break;
	case MOVEWIDE:
		diag("%s: hw=0 %lu, hw=1 %lu, hw=2 %lu, hw=3 %lu; imm16=0 %lu, imm16=0xffff %lu",
		     class_names[cls], c->hw[0], c->hw[1], c->hw[2], c->hw[3],
		     c->imm_zero, c->imm_max);
		break;
	default:
		len = 0;
		for (i = 0; i < (cls == LOGIC_REG ? 4U : 3U); i++)
			len += snprintf(line + len, sizeof(line) - len, " %s %lu,",
					shifts[i], c->shift[i]);
		diag("%s: Rn=31 %lu, Rm=31 %lu; shift:%s imm6=0 %lu, imm6=max %lu",
		     class_names[cls], c->rn31, c->rm31, line, c->imm_zero,
		     c->imm_max);
		break;
	}
}

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

/* The source operands of @insn and their values in @in, as text. */
static void operands(enum alu_class cls, uint32_t insn, const struct cpu_state *in,
		     char *out, size_t len)
{
	unsigned int src[2], n = 0, i;
	int used = 0;

	if (cls == MOVEWIDE) {
		/* MOVK keeps the other halfwords of Rd. */
		if (field(insn, 29, 2) == 3)
			src[n++] = RD(insn);
	} else {
		src[n++] = RN(insn);
		if (cls == LOGIC_REG || cls == ADDSUB_REG)
			src[n++] = RM(insn);
	}
	out[0] = 0;
	for (i = 0; i < n && used < (int)len; i++) {
		unsigned long long v = src[i] < 31 ? in->x[src[i]] : 0;

		if (src[i] < 31)
			used += snprintf(out + used, len - used, " x%u %#llx", src[i], v);
		else if (cls == ADDSUB_IMM)	/* Rn = 31 is SP */
			used += snprintf(out + used, len - used, " sp %#llx",
					 (unsigned long long)in->sp);
		else
			used += snprintf(out + used, len - used, " xzr");
	}
}

/*
 * The native run did what the encoding says: nothing changed but the
 * destination (and NZCV for a flag-setting one); a 32-bit result is
 * zero-extended. This checks the blocks, not the hardware.
 */
static bool native_plausible(enum alu_class cls, uint32_t insn,
			     const struct cpu_state *in, const struct cpu_state *out)
{
	unsigned int dest = dest_of(cls, insn), r;

	for (r = 0; r < 31; r++)
		if (r != dest && out->x[r] != in->x[r])
			return false;
	if (dest != DEST_SP && out->sp != in->sp)
		return false;
	if (!sets_flags(cls, insn) && out->nzcv != in->nzcv)
		return false;
	if (out->nzcv & ~NZCV_MASK)
		return false;
	if (SF(insn) || dest == DEST_NONE)
		return true;
	return (dest == DEST_SP ? out->sp : out->x[dest]) >> 32 == 0;
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
	enum probesim_family fam = class_families[b->cls];
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

			state_init(&in, b->cls, b->first + i, k);
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
				       probesim_family_name(f), b->n, class_name(b->cls));
		}
	}
	b->ms[PH_ATTACH] += lap(&t);

	for (i = 0; i < b->n; i++) {
		for (k = 0; k < b->states; k++) {
			const struct cpu_state *n = &b->native[i * b->states + k];
			struct cpu_state in, out;
			uint64_t diff;

			state_init(&in, b->cls, b->first + i, k);
			raw_run(map + i * BLOCK_BYTES, &in, &out);
			diff = cpu_state_diff(n, &out, NULL);
			if (!diff)
				continue;
			++*mismatches;
			if (++*reported <= MAX_REPORTED) {
				char ops[128];

				cpu_state_diff_text(diff, &in, "native", n, "probed", &out,
						    err, sizeof(err));
				operands(b->cls, b->insn[i], &in, ops, sizeof(ops));
				diag("MISMATCH %s #%lu insn %#010x state %u, sources%s:%s",
				     class_name(b->cls), b->first + i, b->insn[i], k,
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
				       class_name(b->cls));
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
	struct prng gen = { SEED ^ (uint64_t)cls << 56 };
	struct coverage cov = { 0 };
	long start = now_ms();
	struct batch *b;

	b = calloc(1, sizeof(*b));
	ASSERT_NE(NULL, b);
	b->native = calloc(BATCH * states, sizeof(*b->native));
	ASSERT_NE(NULL, b->native);
	b->cls = cls;
	b->states = states;
	snprintf(self->path, sizeof(self->path), "/tmp/alu_fuzz.%d.%s",
		 getpid(), class_name(cls));
	snprintf(self->event, sizeof(self->event), "alu_fuzz_%s", class_name(cls));
	/* Left over by an earlier run that died. */
	probe_batch_remove(self->event);

	for (b->first = 0; b->first < count; b->first += b->n) {
		b->n = count - b->first < BATCH ? count - b->first : BATCH;
		for (i = 0; i < b->n; i++) {
			uint32_t insn = generators[cls](&gen);

			ASSERT_TRUE(accepted(cls, insn))
				TH_LOG("generated %#010x, not an accepted %s",
				       insn, class_name(cls));
			coverage_add(&cov, cls, insn);
			b->insn[i] = insn;
		}
		fuzz_batch(_metadata, self, b, &reported, &mismatches);
	}

	coverage_print(&cov, cls, states);
	diag("%s: %lu runs %s, %lu mismatches", class_name(cls), count * states,
	     mode_simulates(self->mode) ? "simulated" : "out of line", mismatches);
	diag("%s: %.1f s: native %.1f, attach %.1f, probed %.1f, detach %.1f",
	     class_name(cls), (now_ms() - start) / 1000.0,
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
	fuzz(_metadata, self, LOGIC_IMM);
}

TEST_F_TIMEOUT(alu_fuzz, addsub_imm, fuzz_timeout())
{
	fuzz(_metadata, self, ADDSUB_IMM);
}

TEST_F_TIMEOUT(alu_fuzz, movewide, fuzz_timeout())
{
	fuzz(_metadata, self, MOVEWIDE);
}

TEST_F_TIMEOUT(alu_fuzz, logic_reg, fuzz_timeout())
{
	fuzz(_metadata, self, LOGIC_REG);
}

TEST_F_TIMEOUT(alu_fuzz, addsub_reg, fuzz_timeout())
{
	fuzz(_metadata, self, ADDSUB_REG);
}

TEST_HARNESS_MAIN
