// SPDX-License-Identifier: GPL-2.0-only
/*
 * The register-only rows: decode and execution of logical (immediate),
 * add/sub (immediate), move wide, logical and add/sub (shifted register).
 *
 * Every result is checked against a reference written here from the Arm
 * ARM's definitions by other means than module/alu.c uses: bitmask
 * immediates are enumerated from their definition (a run of ones, rotated,
 * replicated) instead of decoded; sums and flags come from 128-bit
 * arithmetic; shifts are done bit by bit. Instructions are built by this
 * file's own field encoder, checked against assembler words first.
 */
#include <linux/slab.h>
#include "probesim_kunit.h"

/* ---- fields and encoder ----------------------------------------------- */

struct dp {
	enum probesim_family family;
	u8 sf;
	u8 opc;		/* logical, move wide: opc; add/sub: op << 1 | S */
	u8 n;		/* logical immediate: N; logical register: invert Rm */
	u8 shift;	/* register forms: shift type; add/sub imm: sh; move wide: hw */
	u8 immr, imms;	/* logical immediate */
	u16 imm;	/* imm12, imm16 or imm6 */
	u8 rd, rn, rm;
};

static u32 dp_encode(const struct dp *d)
{
	u32 common = (u32)d->sf << 31 | (u32)(d->rn & 0x1f) << 5 | (d->rd & 0x1f);

	switch (d->family) {
	case PROBESIM_LOGIC_IMM_FAMILY:	/* bits 28:23 = 100100 */
		return common | (u32)d->opc << 29 | 0x24U << 23 | (u32)d->n << 22 |
		       (u32)d->immr << 16 | (u32)d->imms << 10;
	case PROBESIM_ADDSUB_IMM_FAMILY:	/* bits 28:23 = 100010 */
		return common | (u32)d->opc << 29 | 0x22U << 23 | (u32)d->shift << 22 |
		       (u32)(d->imm & 0xfff) << 10;
	case PROBESIM_MOVEWIDE_FAMILY:	/* bits 28:23 = 100101, no Rn */
		return ((u32)d->sf << 31 | (d->rd & 0x1f)) | (u32)d->opc << 29 |
		       0x25U << 23 | (u32)d->shift << 21 | (u32)d->imm << 5;
	case PROBESIM_LOGIC_REG_FAMILY:	/* bits 28:24 = 01010 */
		return common | (u32)d->opc << 29 | 0x0aU << 24 | (u32)d->shift << 22 |
		       (u32)d->n << 21 | (u32)d->rm << 16 | (u32)(d->imm & 0x3f) << 10;
	default:			/* add/sub register: 01011, bit 21 clear */
		return common | (u32)d->opc << 29 | 0x0bU << 24 | (u32)d->shift << 22 |
		       (u32)d->rm << 16 | (u32)(d->imm & 0x3f) << 10;
	}
}

/* Words from the binutils 2.40 cross assembler, and their fields. */
struct encode_case {
	const char *text;
	u32 code;
	struct dp d;
};

static const struct encode_case encode_cases[] = {
	{ "and w9, w2, #0xff", 0x12001c49,
	  { PROBESIM_LOGIC_IMM_FAMILY, 0, 0, 0, 0, 0, 7, 0, 9, 2 } },
	{ "ands x0, x1, #0x8000000000000000", 0xf2410020,
	  { PROBESIM_LOGIC_IMM_FAMILY, 1, 3, 1, 0, 1, 0, 0, 0, 1 } },
	{ "orr sp, x3, #0x5555555555555555", 0xb200f07f,
	  { PROBESIM_LOGIC_IMM_FAMILY, 1, 1, 0, 0, 0, 0x3c, 0, 31, 3 } },
	{ "sub sp, sp, #0x40", 0xd10103ff,
	  { PROBESIM_ADDSUB_IMM_FAMILY, 1, 2, 0, 0, 0, 0, 0x40, 31, 31 } },
	{ "adds w1, w2, #0xfff, lsl #12", 0x317ffc41,
	  { PROBESIM_ADDSUB_IMM_FAMILY, 0, 1, 0, 1, 0, 0, 0xfff, 1, 2 } },
	{ "mov x29, sp", 0x910003fd,
	  { PROBESIM_ADDSUB_IMM_FAMILY, 1, 0, 0, 0, 0, 0, 0, 29, 31 } },
	{ "movk x3, #0xbeef, lsl #48", 0xf2f7dde3,
	  { PROBESIM_MOVEWIDE_FAMILY, 1, 3, 0, 3, 0, 0, 0xbeef, 3 } },
	{ "movn w7, #0x1, lsl #16", 0x12a00027,
	  { PROBESIM_MOVEWIDE_FAMILY, 0, 0, 0, 1, 0, 0, 1, 7 } },
	{ "bics x1, x2, x3, ror #63", 0xeae3fc41,
	  { PROBESIM_LOGIC_REG_FAMILY, 1, 3, 1, 3, 0, 0, 63, 1, 2, 3 } },
	{ "mov w0, w30", 0x2a1e03e0,
	  { PROBESIM_LOGIC_REG_FAMILY, 0, 1, 0, 0, 0, 0, 0, 0, 31, 30 } },
	{ "subs x0, x1, x2, asr #7", 0xeb821c20,
	  { PROBESIM_ADDSUB_REG_FAMILY, 1, 3, 0, 2, 0, 0, 7, 0, 1, 2 } },
	{ "neg w3, w4, lsr #31", 0x4b447fe3,
	  { PROBESIM_ADDSUB_REG_FAMILY, 0, 2, 0, 1, 0, 0, 31, 3, 31, 4 } },
};

static void encode_desc(const struct encode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->code);
	ptest_desc_clean(desc);
}

KUNIT_ARRAY_PARAM(encode, encode_cases, encode_desc);

static void alu_encoder_matches_assembler(struct kunit *test)
{
	const struct encode_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, dp_encode(&c->d), c->code);
	KUNIT_EXPECT_EQ(test, probesim_decode(c->code), c->d.family);
}

/* ---- reference semantics ---------------------------------------------- */

struct ref_state {
	u64 x[31];
	u64 sp;
	u64 pstate;
};

#define NZCV(n, z, c, v)	((u64)((n) << 3 | (z) << 2 | (c) << 1 | (v)) << 28)
#define NZCV_BITS		(0xfULL << 28)

static u64 width(const struct dp *d)
{
	return d->sf ? ~0ULL : 0xffffffffULL;
}

/* Register 31 is SP where @sp31, the zero register otherwise. */
static u64 ref_read(const struct ref_state *s, unsigned int n, bool sp31)
{
	if (n == 31)
		return sp31 ? s->sp : 0;
	return s->x[n];
}

static void ref_write(struct ref_state *s, unsigned int n, bool sp31, u64 v)
{
	if (n != 31)
		s->x[n] = v;
	else if (sp31)
		s->sp = v;
}

static void ref_flags(struct ref_state *s, u64 nzcv)
{
	s->pstate = (s->pstate & ~NZCV_BITS) | nzcv;
}

static u64 ref_nz(u64 res, const struct dp *d)
{
	unsigned int top = d->sf ? 63 : 31;

	return NZCV((res >> top) & 1, res == 0, 0, 0);
}

/*
 * a + b or a - b in the width of @d, with the flags as the Arm ARM
 * defines them: C is the carry out of the unsigned sum (for a subtraction:
 * no borrow, a >= b), V says the signed result does not fit.
 */
static u64 ref_addsub(u64 a, u64 b, bool sub, const struct dp *d, u64 *nzcv)
{
	u64 res;
	int c, v;

	if (d->sf) {
		unsigned __int128 ures = sub ? (unsigned __int128)a - b :
					       (unsigned __int128)a + b;
		__int128 sres = sub ? (__int128)(s64)a - (s64)b :
				      (__int128)(s64)a + (s64)b;

		res = (u64)ures;
		c = sub ? a >= b : (ures >> 64) != 0;
		v = sres != (s64)res;
	} else {
		u64 ua = (u32)a, ub = (u32)b;
		s64 sres = sub ? (s64)(s32)a - (s32)b : (s64)(s32)a + (s32)b;

		res = (u32)(sub ? ua - ub : ua + ub);
		c = sub ? ua >= ub : ((ua + ub) >> 32) != 0;
		v = sres != (s32)res;
	}
	*nzcv = ref_nz(res, d) | NZCV(0, 0, c, v);
	return res;
}

/* Bit i of a shifted value, one bit at a time. */
static u64 ref_shift(u64 val, unsigned int type, unsigned int amount, const struct dp *d)
{
	unsigned int bits = d->sf ? 64 : 32, i, from;
	u64 res = 0;

	for (i = 0; i < bits; i++) {
		switch (type) {
		case 0:		/* LSL */
			if (i < amount)
				continue;
			from = i - amount;
			break;
		case 1:		/* LSR */
			from = i + amount;
			if (from >= bits)
				continue;
			break;
		case 2:		/* ASR: past the top, the sign bit */
			from = min(i + amount, bits - 1);
			break;
		default:	/* ROR */
			from = (i + amount) % bits;
			break;
		}
		res |= ((val >> from) & 1) << i;
	}
	return res;
}

static u64 ref_logic(unsigned int opc, u64 a, u64 b)
{
	return opc == 1 ? a | b : opc == 2 ? a ^ b : a & b;
}

/*
 * Every bitmask immediate, from its definition: an element of 2, 4, ...,
 * 64 bits holding a run of 1 to size-1 ones, rotated right by 0 to
 * size-1, replicated to 64 bits. Encoded as N = (size == 64), imms = the
 * size's prefix bits (NOT(size*2-1)) | (ones-1), immr = any value whose low
 * bits are the rotation (the upper bits are ignored). Indexed by
 * N:immr:imms; zero marks a reserved encoding (no bitmask is zero).
 */
static u64 *bitmask_table;

static int bitmask_table_build(struct kunit_suite *suite)
{
	unsigned int size, ones, immr, bit, n, imms;
	u64 elem, val;

	bitmask_table = kcalloc(1 << 13, sizeof(u64), GFP_KERNEL);
	if (!bitmask_table)
		return -ENOMEM;
	for (size = 2; size <= 64; size *= 2) {
		n = size == 64;
		for (ones = 1; ones < size; ones++) {
			imms = (~(size * 2 - 1) & 0x3f) | (ones - 1);
			for (immr = 0; immr < 64; immr++) {
				elem = 0;
				/* ROR: result bit b is element bit (b + r) mod size */
				for (bit = 0; bit < size; bit++)
					if ((bit + immr % size) % size < ones)
						elem |= 1ULL << bit;
				val = 0;
				for (bit = 0; bit < 64; bit += size)
					val |= elem << bit;
				bitmask_table[n << 12 | immr << 6 | imms] = val;
			}
		}
	}
	return 0;
}

static u64 ref_bitmask(const struct dp *d)
{
	u64 val;

	if (!bitmask_table)
		return 0;
	val = bitmask_table[d->n << 12 | d->immr << 6 | d->imms];
	if (!d->sf)
		return d->n ? 0 : (u32)val;
	return val;
}

/* What @d does to @s, from the fields alone. */
static void ref_exec(const struct dp *d, struct ref_state *s)
{
	u64 mask = width(d), res, op2, nzcv;
	bool sub = d->opc & 2, flags = d->opc & 1;

	switch (d->family) {
	case PROBESIM_LOGIC_IMM_FAMILY:
		/* Rd is SP unless the flags are set; Rn is XZR. */
		res = ref_logic(d->opc, ref_read(s, d->rn, false), ref_bitmask(d)) & mask;
		if (d->opc == 3)
			ref_flags(s, ref_nz(res, d));
		ref_write(s, d->rd, d->opc != 3, res);
		break;
	case PROBESIM_ADDSUB_IMM_FAMILY:
		/* Rn is SP; Rd is SP unless the flags are set. */
		res = ref_addsub(ref_read(s, d->rn, true) & mask,
				 (u64)d->imm << (d->shift ? 12 : 0), sub, d, &nzcv);
		if (flags)
			ref_flags(s, nzcv);
		ref_write(s, d->rd, !flags, res);
		break;
	case PROBESIM_MOVEWIDE_FAMILY:
		op2 = (u64)d->imm << (16 * d->shift);
		if (d->opc == 0)
			res = ~op2;
		else if (d->opc == 2)
			res = op2;
		else
			res = (ref_read(s, d->rd, false) & ~(0xffffULL << (16 * d->shift))) | op2;
		ref_write(s, d->rd, false, res & mask);
		break;
	case PROBESIM_LOGIC_REG_FAMILY:
		op2 = ref_shift(ref_read(s, d->rm, false) & mask, d->shift, d->imm, d);
		if (d->n)
			op2 = ~op2;
		res = ref_logic(d->opc, ref_read(s, d->rn, false), op2) & mask;
		if (d->opc == 3)
			ref_flags(s, ref_nz(res, d));
		ref_write(s, d->rd, false, res);
		break;
	default:
		op2 = ref_shift(ref_read(s, d->rm, false) & mask, d->shift, d->imm, d);
		res = ref_addsub(ref_read(s, d->rn, false) & mask, op2, sub, d, &nzcv);
		if (flags)
			ref_flags(s, nzcv);
		ref_write(s, d->rd, false, res);
		break;
	}
}

/* ---- running the module's handlers ------------------------------------ */

static void (*const exec_of[PROBESIM_NR_FAMILIES])(u32, const struct probesim_gprs *) = {
	[PROBESIM_LOGIC_IMM_FAMILY] = probesim_exec_logic_imm,
	[PROBESIM_ADDSUB_IMM_FAMILY] = probesim_exec_addsub_imm,
	[PROBESIM_MOVEWIDE_FAMILY] = probesim_exec_movewide,
	[PROBESIM_LOGIC_REG_FAMILY] = probesim_exec_logic_reg,
	[PROBESIM_ADDSUB_REG_FAMILY] = probesim_exec_addsub_reg,
};

/* A small deterministic generator, so that failures reproduce. */
static u64 next_rand(u64 *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 7;
	*seed ^= *seed << 17;
	return *seed;
}

/* Interesting operand values: the edges of both widths, and noise. */
static u64 operand(u64 *seed)
{
	static const u64 edges[] = {
		0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
		0x7fffffffffffffffULL, 0x8000000000000000ULL, ~0ULL, 0xfffULL << 12,
	};
	u64 r = next_rand(seed);

	return r & 1 ? edges[(r >> 1) % ARRAY_SIZE(edges)] : next_rand(seed);
}

static void random_state(struct ref_state *s, u64 *seed)
{
	unsigned int i;

	for (i = 0; i < 31; i++)
		s->x[i] = operand(seed);
	s->sp = operand(seed);
	/* NZCV random, and other PSTATE bits that must survive. */
	s->pstate = (next_rand(seed) & NZCV_BITS) | 0x1000;
}

/*
 * Run @d through decode and the module's handler and through the
 * reference from the same state; every register must agree. Returns
 * false (after one failure report) on a mismatch.
 */
static bool check_one(struct kunit *test, const struct dp *d, const struct ref_state *in)
{
	u32 code = dp_encode(d);
	struct ref_state want = *in, got = *in;
	struct probesim_gprs r = { got.x, &got.sp, &got.pstate };
	enum probesim_family family = probesim_decode(code);
	unsigned int i;

	if (family != d->family) {
		KUNIT_FAIL(test, "%08x decoded as %s", code, probesim_family_name(family));
		return false;
	}
	ref_exec(d, &want);
	exec_of[family](code, &r);
	for (i = 0; i < 31; i++)
		if (got.x[i] != want.x[i]) {
			KUNIT_FAIL(test, "%08x: x%u = %#llx, expected %#llx (sp was %#llx)",
				   code, i, got.x[i], want.x[i], in->sp);
			return false;
		}
	if (got.sp != want.sp || got.pstate != want.pstate) {
		KUNIT_FAIL(test, "%08x: sp %#llx pstate %#llx, expected sp %#llx pstate %#llx",
			   code, got.sp, got.pstate, want.sp, want.pstate);
		return false;
	}
	return true;
}

/* ---- the cases -------------------------------------------------------- */

/* Every N:immr:imms in both widths: accepted exactly when a bitmask. */
static void alu_bitmask_immediates(struct kunit *test)
{
	struct dp d = { .family = PROBESIM_LOGIC_IMM_FAMILY, .opc = 0, .rd = 1, .rn = 2 };
	unsigned int f, valid[2] = { 0, 0 };
	u64 got, want;
	bool ok;

	for (f = 0; f < 2 << 13; f++) {
		d.sf = f >> 13;
		d.n = (f >> 12) & 1;
		d.immr = (f >> 6) & 0x3f;
		d.imms = f & 0x3f;
		want = ref_bitmask(&d);
		got = 0;
		ok = probesim_bitmask_imm(dp_encode(&d), &got);
		valid[d.sf] += ok;
		KUNIT_EXPECT_EQ_MSG(test, ok, want != 0, "sf %u N %u immr %u imms %u",
				    d.sf, d.n, d.immr, d.imms);
		if (ok)
			KUNIT_EXPECT_EQ_MSG(test, got, want, "sf %u N %u immr %u imms %u",
					    d.sf, d.n, d.immr, d.imms);
		KUNIT_EXPECT_EQ(test, probesim_decode(dp_encode(&d)),
				want ? PROBESIM_LOGIC_IMM_FAMILY : PROBESIM_NONE);
	}
	/*
	 * 5334 = 64 rotations x (1 + 3 + 7 + 15 + 31 + 63) runs; 32-bit: all
	 * but the 64-bit element sizes: 64 x (1 + 3 + 7 + 15 + 31).
	 */
	KUNIT_EXPECT_EQ(test, valid[1], 64 * (1 + 3 + 7 + 15 + 31 + 63));
	KUNIT_EXPECT_EQ(test, valid[0], 64 * (1 + 3 + 7 + 15 + 31));
}

/* Each logical op with every valid bitmask of a few element sizes. */
static void alu_logic_imm_exec(struct kunit *test)
{
	struct dp d = { .family = PROBESIM_LOGIC_IMM_FAMILY };
	struct ref_state s;
	u64 seed = 0x1234567;
	unsigned int f;

	for (f = 0; f < 4 << 14; f++) {
		d.sf = f & 1;
		d.opc = (f >> 1) & 3;
		d.n = (f >> 3) & 1;
		d.immr = (f >> 4) & 0x3f;
		d.imms = (f >> 10) & 0x3f;
		if (!ref_bitmask(&d))
			continue;
		d.rd = next_rand(&seed) % 32;
		d.rn = next_rand(&seed) % 32;
		random_state(&s, &seed);
		if (!check_one(test, &d, &s))
			break;
	}
}

/* Every imm12 with both shifts, for ADD, ADDS, SUB, SUBS in both widths. */
static void alu_addsub_imm_exec(struct kunit *test)
{
	struct dp d = { .family = PROBESIM_ADDSUB_IMM_FAMILY };
	struct ref_state s;
	u64 seed = 0xabcdef;
	unsigned int f, k;

	for (f = 0; f < 1 << 16; f++) {
		d.sf = f & 1;
		d.opc = (f >> 1) & 3;
		d.shift = (f >> 3) & 1;
		d.imm = f >> 4;
		for (k = 0; k < 2; k++) {
			d.rd = next_rand(&seed) % 32;
			d.rn = next_rand(&seed) % 32;
			random_state(&s, &seed);
			if (!check_one(test, &d, &s))
				return;
		}
	}
}

/* MOVN, MOVZ, MOVK in every allocated halfword position. */
static void alu_movewide_exec(struct kunit *test)
{
	static const u8 opcs[] = { 0, 2, 3 };
	static const u16 edges16[] = { 0, 1, 0x8000, 0xffff };
	struct dp d = { .family = PROBESIM_MOVEWIDE_FAMILY };
	struct ref_state s;
	u64 seed = 0x5eed;
	unsigned int o, k;

	for (o = 0; o < ARRAY_SIZE(opcs); o++)
		for (d.sf = 0; d.sf < 2; d.sf++)
			for (d.shift = 0; d.shift < (d.sf ? 4 : 2); d.shift++)
				for (k = 0; k < 512; k++) {
					d.opc = opcs[o];
					d.imm = k < 4 ? edges16[k] : next_rand(&seed);
					d.rd = next_rand(&seed) % 32;
					random_state(&s, &seed);
					if (!check_one(test, &d, &s))
						return;
				}
}

/* Each shifted-register op with every shift type and amount. */
static void check_shifted(struct kunit *test, enum probesim_family family)
{
	struct dp d = { .family = family };
	struct ref_state s;
	u64 seed = 0xfeed + family;
	unsigned int f, k;

	for (f = 0; f < 1 << 12; f++) {
		d.sf = f & 1;
		d.opc = (f >> 1) & 3;
		d.n = (f >> 3) & 1;
		d.shift = (f >> 4) & 3;
		d.imm = f >> 6;
		if ((!d.sf && d.imm >= 32) ||
		    (family == PROBESIM_ADDSUB_REG_FAMILY && (d.n || d.shift == 3)))
			continue;
		for (k = 0; k < 8; k++) {
			d.rd = next_rand(&seed) % 32;
			d.rn = next_rand(&seed) % 32;
			d.rm = next_rand(&seed) % 32;
			random_state(&s, &seed);
			if (!check_one(test, &d, &s))
				return;
		}
	}
}

static void alu_logic_reg_exec(struct kunit *test)
{
	check_shifted(test, PROBESIM_LOGIC_REG_FAMILY);
}

static void alu_addsub_reg_exec(struct kunit *test)
{
	check_shifted(test, PROBESIM_ADDSUB_REG_FAMILY);
}

/*
 * Register 31 in every operand position of every row, alone and together,
 * with each opc (so with and without flags): the reference says where it
 * means SP and where XZR, per row.
 */
struct r31_case {
	const char *why;
	struct dp d;
};

static const struct r31_case r31_cases[] = {
	{ "logic imm", { PROBESIM_LOGIC_IMM_FAMILY, 1, 0, 0, 0, 0, 0x3c } },
	{ "logic imm 32-bit", { PROBESIM_LOGIC_IMM_FAMILY, 0, 0, 0, 0, 3, 0x3c } },
	{ "add/sub imm", { PROBESIM_ADDSUB_IMM_FAMILY, 1, 0, 0, 0, 0, 0, 0x10 } },
	{ "add/sub imm lsl 12 32-bit", { PROBESIM_ADDSUB_IMM_FAMILY, 0, 0, 0, 1, 0, 0, 0xfff } },
	{ "add/sub imm zero", { PROBESIM_ADDSUB_IMM_FAMILY, 1, 0, 0, 0, 0, 0, 0 } },
	{ "move wide", { PROBESIM_MOVEWIDE_FAMILY, 1, 0, 0, 2, 0, 0, 0xbeef } },
	{ "move wide 32-bit", { PROBESIM_MOVEWIDE_FAMILY, 0, 0, 0, 1, 0, 0, 0x8001 } },
	{ "logic reg", { PROBESIM_LOGIC_REG_FAMILY, 1, 0, 0, 1, 0, 0, 3 } },
	{ "logic reg inverted 32-bit", { PROBESIM_LOGIC_REG_FAMILY, 0, 0, 1, 3, 0, 0, 31 } },
	{ "add/sub reg", { PROBESIM_ADDSUB_REG_FAMILY, 1, 0, 0, 2, 0, 0, 63 } },
	{ "add/sub reg 32-bit", { PROBESIM_ADDSUB_REG_FAMILY, 0, 0, 0, 0, 0, 0, 0 } },
};

static void r31_desc(const struct r31_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->why);
}

KUNIT_ARRAY_PARAM(r31, r31_cases, r31_desc);

static void alu_register_31(struct kunit *test)
{
	static const u8 regs[] = { 0, 7, 30, 31 };
	const struct r31_case *c = test->param_value;
	struct dp d = c->d;
	struct ref_state s;
	u64 seed = 0x31;
	unsigned int opc, rd, rn, rm, checked = 0;

	for (opc = 0; opc < 4; opc++) {
		/* MOVN/MOVZ/MOVK: opc 01 is unallocated. */
		if (d.family == PROBESIM_MOVEWIDE_FAMILY && opc == 1)
			continue;
		d.opc = opc;
		for (rd = 0; rd < 4; rd++)
			for (rn = 0; rn < 4; rn++)
				for (rm = 0; rm < 4; rm++) {
					d.rd = regs[rd];
					d.rn = regs[rn];
					d.rm = regs[rm];
					random_state(&s, &seed);
					if (!check_one(test, &d, &s))
						return;
					checked++;
				}
	}
	KUNIT_EXPECT_EQ(test, checked, (d.family == PROBESIM_MOVEWIDE_FAMILY ? 3 : 4) * 64);
}

/* Encodings next to the rows, or reserved inside them, stay with the kernel. */
static const struct ptest_insn_case alu_neighbour_cases[] = {
	{ "ADDG (MTE)", "addg x0, x1, #16, #1", 0x91810420, PROBESIM_NONE },
	{ "SUBG (MTE)", "subg sp, sp, #16, #0", 0xd18103ff, PROBESIM_NONE },
	{ "ADD extended register", "add x0, sp, w1, uxtw", 0x8b2143e0, PROBESIM_NONE },
	{ "ADD extended register", "add sp, sp, x1", 0x8b2163ff, PROBESIM_NONE },
	{ "ADC", "adc x0, x1, x2", 0x9a020020, PROBESIM_NONE },
	{ "CSEL", "csel x0, x1, x2, eq", 0x9a820020, PROBESIM_NONE },
	{ "UBFM (lsl)", "lsl x0, x1, #3", 0xd37df020, PROBESIM_NONE },
	{ "SBFM (asr)", "asr w0, w1, #3", 0x13037c20, PROBESIM_NONE },
	{ "EXTR", "extr x0, x1, x2, #3", 0x93c20c20, PROBESIM_NONE },
	{ "ADR", "adr x0, .", 0x10000000, PROBESIM_NONE },
	{ "ADRP", "adrp x0, .", 0x90000000, PROBESIM_NONE },
	{ "logic imm 32-bit N set", ".inst 0x12401c49 ; undefined", 0x12401c49,
	  PROBESIM_NONE },
	{ "logic imm all-ones 64-bit element", ".inst 0x9240fc00 ; undefined", 0x9240fc00,
	  PROBESIM_NONE },
	{ "logic imm all-ones 32-bit element", ".inst 0x12007c00 ; undefined", 0x12007c00,
	  PROBESIM_NONE },
	{ "logic imm all-ones 2-bit element", ".inst 0x1200f400 ; undefined", 0x1200f400,
	  PROBESIM_NONE },
	{ "logic imm no element size", ".inst 0x1200fc00 ; undefined", 0x1200fc00,
	  PROBESIM_NONE },
	{ "logic imm 2-bit element", "and w0, w0, #0x55555555", 0x1200f000,
	  PROBESIM_LOGIC_IMM_FAMILY },
	{ "move wide opc 01", ".inst 0xb2800000 ; undefined", 0xb2800000,
	  PROBESIM_NONE },
	{ "MOVZ 32-bit hw 2", ".inst 0x52c00000 ; undefined", 0x52c00000,
	  PROBESIM_NONE },
	{ "MOVZ 32-bit hw 3", ".inst 0x52e00000 ; undefined", 0x52e00000,
	  PROBESIM_NONE },
	{ "logic reg 32-bit imm6 32", ".inst 0x2a018020 ; undefined", 0x2a018020,
	  PROBESIM_NONE },
	{ "add/sub reg ROR", ".inst 0x8bc10020 ; undefined", 0x8bc10020,
	  PROBESIM_NONE },
	{ "add/sub reg 32-bit imm6 32", ".inst 0x0b018020 ; undefined", 0x0b018020,
	  PROBESIM_NONE },
	/* Accepted neighbours of the rejected ones. */
	{ "MOVZ 64-bit hw 3", "movz x0, #0x0, lsl #48", 0xd2e00000,
	  PROBESIM_MOVEWIDE_FAMILY },
	{ "logic reg 32-bit imm6 31", "orr w0, w1, w1, lsl #31", 0x2a017c20,
	  PROBESIM_LOGIC_REG_FAMILY },
	{ "add/sub reg ASR 63", "add x0, x1, x1, asr #63", 0x8b81fc20,
	  PROBESIM_ADDSUB_REG_FAMILY },
	{ "MOV to SP", "mov sp, x1", 0x9100003f, PROBESIM_ADDSUB_IMM_FAMILY },
	{ "CMP", "cmp x0, #1", 0xf100041f, PROBESIM_ADDSUB_IMM_FAMILY },
	{ "TST", "tst w0, #0x1", 0x7200001f, PROBESIM_LOGIC_IMM_FAMILY },
	{ "MVN", "mvn x0, x1", 0xaa2103e0, PROBESIM_LOGIC_REG_FAMILY },
};

KUNIT_ARRAY_PARAM(alu_neighbour, alu_neighbour_cases, ptest_insn_desc);

static void alu_neighbours(struct kunit *test)
{
	ptest_check_decode(test, test->param_value);
}

static struct kunit_case alu_test_cases[] = {
	KUNIT_CASE_PARAM(alu_encoder_matches_assembler, encode_gen_params),
	KUNIT_CASE(alu_bitmask_immediates),
	KUNIT_CASE(alu_logic_imm_exec),
	KUNIT_CASE(alu_addsub_imm_exec),
	KUNIT_CASE(alu_movewide_exec),
	KUNIT_CASE(alu_logic_reg_exec),
	KUNIT_CASE(alu_addsub_reg_exec),
	KUNIT_CASE_PARAM(alu_register_31, r31_gen_params),
	KUNIT_CASE_PARAM(alu_neighbours, alu_neighbour_gen_params),
	{}
};

static void bitmask_table_free(struct kunit_suite *suite)
{
	kfree(bitmask_table);
}

static struct kunit_suite alu_suite = {
	.name = "probesim-alu",
	.suite_init = bitmask_table_build,
	.suite_exit = bitmask_table_free,
	.test_cases = alu_test_cases,
};

kunit_test_suite(alu_suite);
