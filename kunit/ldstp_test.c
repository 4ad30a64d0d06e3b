// SPDX-License-Identifier: GPL-2.0-only
/*
 * The load/store pair class: of all its encodings only the 64-bit
 * general-purpose pre-index store with base SP, STP Xt, Xt2, [SP, #imm]!,
 * may be simulated.
 */
#include "probesim_kunit.h"

static const struct ptest_insn_case ldstp_cases[] = {
	/* The push, in every shape of its free fields. */
	{ "frame push", "stp x29, x30, [sp, #-16]!", 0xa9bf7bfd, PROBESIM_STP_FAMILY },
	{ "imm7 min -512", "stp x29, x30, [sp, #-512]!", 0xa9a07bfd, PROBESIM_STP_FAMILY },
	{ "imm7 max +504", "stp x0, x1, [sp, #504]!", 0xa99f87e0, PROBESIM_STP_FAMILY },
	{ "positive offset", "stp x19, x20, [sp, #16]!", 0xa98153f3, PROBESIM_STP_FAMILY },
	{ "imm7 -1", "stp x27, x28, [sp, #-8]!", 0xa9bff3fb, PROBESIM_STP_FAMILY },
	{ "imm7 0", "stp x0, x1, [sp, #0]!", 0xa98007e0, PROBESIM_STP_FAMILY },
	{ "Rt = XZR", "stp xzr, x1, [sp, #-16]!", 0xa9bf07ff, PROBESIM_STP_FAMILY },
	{ "Rt2 = XZR", "stp x0, xzr, [sp, #-16]!", 0xa9bf7fe0, PROBESIM_STP_FAMILY },
	{ "Rt = Rt2 = XZR", "stp xzr, xzr, [sp, #-16]!", 0xa9bf7fff, PROBESIM_STP_FAMILY },
	{ "Rt = Rt2", "stp x30, x30, [sp, #-32]!", 0xa9be7bfe, PROBESIM_STP_FAMILY },
	/* Post-index: writes back, but stores at the old SP. */
	{ "post-index", "stp x29, x30, [sp], #16", 0xa8817bfd, PROBESIM_NONE },
	{ "post-index", "stp x29, x30, [sp], #-16", 0xa8bf7bfd, PROBESIM_NONE },
	{ "post-index imm7 min", "stp x29, x30, [sp], #-512", 0xa8a07bfd, PROBESIM_NONE },
	{ "post-index imm7 max", "stp x0, x1, [sp], #504", 0xa89f87e0, PROBESIM_NONE },
	/* Signed offset: no writeback. */
	{ "signed offset", "stp x29, x30, [sp, #16]", 0xa9017bfd, PROBESIM_NONE },
	{ "signed offset", "stp x29, x30, [sp, #-16]", 0xa93f7bfd, PROBESIM_NONE },
	{ "signed offset 0", "stp x29, x30, [sp]", 0xa9007bfd, PROBESIM_NONE },
	{ "signed offset min", "stp x29, x30, [sp, #-512]", 0xa9207bfd, PROBESIM_NONE },
	{ "signed offset max", "stp x0, x1, [sp, #504]", 0xa91f87e0, PROBESIM_NONE },
	/* 32-bit registers. */
	{ "32-bit pre-index", "stp w29, w30, [sp, #-16]!", 0x29be7bfd, PROBESIM_NONE },
	{ "32-bit pre-index min", "stp w0, w1, [sp, #-256]!", 0x29a007e0, PROBESIM_NONE },
	{ "32-bit post-index", "stp w0, w1, [sp], #8", 0x288107e0, PROBESIM_NONE },
	{ "32-bit signed offset", "stp w0, w1, [sp, #8]", 0x290107e0, PROBESIM_NONE },
	/* SIMD&FP registers. */
	{ "SIMD&FP S pre-index", "stp s0, s1, [sp, #-8]!", 0x2dbf07e0, PROBESIM_NONE },
	{ "SIMD&FP D pre-index", "stp d8, d9, [sp, #-16]!", 0x6dbf27e8, PROBESIM_NONE },
	{ "SIMD&FP D pre-index min", "stp d8, d9, [sp, #-512]!", 0x6da027e8, PROBESIM_NONE },
	{ "SIMD&FP Q pre-index", "stp q0, q1, [sp, #-32]!", 0xadbf07e0, PROBESIM_NONE },
	{ "SIMD&FP Q pre-index min", "stp q0, q1, [sp, #-1024]!", 0xada007e0, PROBESIM_NONE },
	{ "SIMD&FP D post-index", "stp d8, d9, [sp], #16", 0x6c8127e8, PROBESIM_NONE },
	{ "SIMD&FP Q signed offset", "stp q0, q1, [sp, #32]", 0xad0107e0, PROBESIM_NONE },
	/* A base other than SP. */
	{ "base x0", "stp x29, x30, [x0, #-16]!", 0xa9bf781d, PROBESIM_NONE },
	{ "base x29", "stp x29, x30, [x29, #-16]!", 0xa9bf7bbd, PROBESIM_NONE },
	{ "base x30", "stp x0, x1, [x30, #-16]!", 0xa9bf07c0, PROBESIM_NONE },
	{ "base x1, imm7 max", "stp x0, x1, [x1, #504]!", 0xa99f8420, PROBESIM_NONE },
	{ "base x0 post-index", "stp x29, x30, [x0], #16", 0xa881781d, PROBESIM_NONE },
	{ "base x0 signed offset", "stp x29, x30, [x0, #16]", 0xa901781d, PROBESIM_NONE },
};

KUNIT_ARRAY_PARAM(ldstp, ldstp_cases, ptest_insn_desc);

/*
 * The frame push stp x29, x30, [sp, #-16]! with one bit flipped, for each
 * of the 32 bits: a flip in a free field (Rt, Rt2, imm7) leaves a push,
 * a flip anywhere else leaves something that is not. Text as objdump
 * prints the flipped word.
 */
static const struct ptest_insn_case flip_cases[] = {
	{ "bit 0 (Rt)", "stp x28, x30, [sp, #-16]!", 0xa9bf7bfc, PROBESIM_STP_FAMILY },
	{ "bit 1 (Rt)", "stp xzr, x30, [sp, #-16]!", 0xa9bf7bff, PROBESIM_STP_FAMILY },
	{ "bit 2 (Rt)", "stp x25, x30, [sp, #-16]!", 0xa9bf7bf9, PROBESIM_STP_FAMILY },
	{ "bit 3 (Rt)", "stp x21, x30, [sp, #-16]!", 0xa9bf7bf5, PROBESIM_STP_FAMILY },
	{ "bit 4 (Rt)", "stp x13, x30, [sp, #-16]!", 0xa9bf7bed, PROBESIM_STP_FAMILY },
	{ "bit 5 (Rn)", "stp x29, x30, [x30, #-16]!", 0xa9bf7bdd, PROBESIM_NONE },
	{ "bit 6 (Rn)", "stp x29, x30, [x29, #-16]!", 0xa9bf7bbd, PROBESIM_NONE },
	{ "bit 7 (Rn)", "stp x29, x30, [x27, #-16]!", 0xa9bf7b7d, PROBESIM_NONE },
	{ "bit 8 (Rn)", "stp x29, x30, [x23, #-16]!", 0xa9bf7afd, PROBESIM_NONE },
	{ "bit 9 (Rn)", "stp x29, x30, [x15, #-16]!", 0xa9bf79fd, PROBESIM_NONE },
	{ "bit 10 (Rt2)", "stp x29, xzr, [sp, #-16]!", 0xa9bf7ffd, PROBESIM_STP_FAMILY },
	{ "bit 11 (Rt2)", "stp x29, x28, [sp, #-16]!", 0xa9bf73fd, PROBESIM_STP_FAMILY },
	{ "bit 12 (Rt2)", "stp x29, x26, [sp, #-16]!", 0xa9bf6bfd, PROBESIM_STP_FAMILY },
	{ "bit 13 (Rt2)", "stp x29, x22, [sp, #-16]!", 0xa9bf5bfd, PROBESIM_STP_FAMILY },
	{ "bit 14 (Rt2)", "stp x29, x14, [sp, #-16]!", 0xa9bf3bfd, PROBESIM_STP_FAMILY },
	{ "bit 15 (imm7)", "stp x29, x30, [sp, #-8]!", 0xa9bffbfd, PROBESIM_STP_FAMILY },
	{ "bit 16 (imm7)", "stp x29, x30, [sp, #-32]!", 0xa9be7bfd, PROBESIM_STP_FAMILY },
	{ "bit 17 (imm7)", "stp x29, x30, [sp, #-48]!", 0xa9bd7bfd, PROBESIM_STP_FAMILY },
	{ "bit 18 (imm7)", "stp x29, x30, [sp, #-80]!", 0xa9bb7bfd, PROBESIM_STP_FAMILY },
	{ "bit 19 (imm7)", "stp x29, x30, [sp, #-144]!", 0xa9b77bfd, PROBESIM_STP_FAMILY },
	{ "bit 20 (imm7)", "stp x29, x30, [sp, #-272]!", 0xa9af7bfd, PROBESIM_STP_FAMILY },
	{ "bit 21 (imm7 sign)", "stp x29, x30, [sp, #496]!", 0xa99f7bfd, PROBESIM_STP_FAMILY },
	{ "bit 22 (L)", "ldp x29, x30, [sp, #-16]!", 0xa9ff7bfd, PROBESIM_NONE },
	{ "bit 23 (mode)", "stp x29, x30, [sp, #-16]", 0xa93f7bfd, PROBESIM_NONE },
	{ "bit 24 (mode)", "stp x29, x30, [sp], #-16", 0xa8bf7bfd, PROBESIM_NONE },
	{ "bit 25 (mode)", ".inst 0xabbf7bfd ; undefined", 0xabbf7bfd, PROBESIM_NONE },
	{ "bit 26 (V)", "stp q29, q30, [sp, #-32]!", 0xadbf7bfd, PROBESIM_NONE },
	{ "bit 27 (class)", ".inst 0xa1bf7bfd ; undefined", 0xa1bf7bfd, PROBESIM_NONE },
	{ "bit 28 (class)", "ldrsw x29, [sp, #16248]", 0xb9bf7bfd, PROBESIM_NONE },
	{ "bit 29 (class)", ".inst 0x89bf7bfd ; undefined", 0x89bf7bfd, PROBESIM_NONE },
	{ "bit 30 (opc)", ".inst 0xe9bf7bfd ; undefined", 0xe9bf7bfd, PROBESIM_NONE },
	{ "bit 31 (opc)", "stp w29, w30, [sp, #-8]!", 0x29bf7bfd, PROBESIM_NONE },
};

KUNIT_ARRAY_PARAM(flip, flip_cases, ptest_insn_desc);

static void ldstp_decode(struct kunit *test)
{
	ptest_check_decode(test, test->param_value);
}

static void ldstp_decode_push_one_bit_flipped(struct kunit *test)
{
	ptest_check_decode(test, test->param_value);
}

/*
 * The sweeps below build their words with the local encoder: it must give
 * exactly the assembler's word for each row's fields, in every field.
 */
struct encoder_case {
	const char *text;
	u32 code;			/* from the cross assembler */
	struct ptest_pair fields;
};

static const struct encoder_case encoder_cases[] = {
	{ "stp x29, x30, [sp, #-16]!", 0xa9bf7bfd,
	  { .opc = 2, .mode = PTEST_PRE, .imm7 = -2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stp x0, x1, [sp, #504]!", 0xa99f87e0,
	  { .opc = 2, .mode = PTEST_PRE, .imm7 = 63, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp x29, x30, [sp, #-512]!", 0xa9a07bfd,
	  { .opc = 2, .mode = PTEST_PRE, .imm7 = -64, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stp x29, x30, [sp], #16", 0xa8817bfd,
	  { .opc = 2, .mode = PTEST_POST, .imm7 = 2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stp x29, x30, [x0, #16]", 0xa901781d,
	  { .opc = 2, .mode = PTEST_OFFSET, .imm7 = 2, .rt2 = 30, .rn = 0, .rt = 29 } },
	{ "stnp x29, x30, [sp, #-16]", 0xa83f7bfd,
	  { .opc = 2, .mode = PTEST_NOALLOC, .imm7 = -2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "ldp x29, x30, [sp], #16", 0xa8c17bfd,
	  { .opc = 2, .mode = PTEST_POST, .l = 1, .imm7 = 2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stgp x0, x1, [sp, #-16]!", 0x69bf87e0,
	  { .opc = 1, .mode = PTEST_PRE, .imm7 = -1, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp w0, w1, [sp, #-256]!", 0x29a007e0,
	  { .opc = 0, .mode = PTEST_PRE, .imm7 = -64, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp q0, q1, [sp, #-32]!", 0xadbf07e0,
	  { .opc = 2, .v = 1, .mode = PTEST_PRE, .imm7 = -2, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp xzr, xzr, [sp, #-16]!", 0xa9bf7fff,
	  { .opc = 2, .mode = PTEST_PRE, .imm7 = -2, .rt2 = 31, .rn = 31, .rt = 31 } },
};

static void encoder_desc(const struct encoder_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->code);
	ptest_desc_clean(desc);
}

KUNIT_ARRAY_PARAM(encoder, encoder_cases, encoder_desc);

static void ldstp_encoder_matches_assembler(struct kunit *test)
{
	const struct encoder_case *c = test->param_value;

	KUNIT_EXPECT_EQ_MSG(test, ptest_encode_pair(&c->fields), c->code,
			    "local encoder disagrees with the assembler on %s", c->text);
}

/*
 * The whole class with a push's registers: every opc, V, mode, L and imm7.
 * Exactly opc 10, V 0, mode pre-index, L 0 is a push, whatever imm7 is.
 */
static void ldstp_class_sweep(struct kunit *test)
{
	struct ptest_pair f = { .rt = 29, .rt2 = 30, .rn = 31 };
	unsigned int bad = 0, i;

	/* i = opc:V:mode:L:imm7, 2+1+2+1+7 bits */
	for (i = 0; i < 1U << 13; i++) {
		enum probesim_family want, got;
		u32 code;

		f.opc = i >> 11 & 0x3;
		f.v = i >> 10 & 0x1;
		f.mode = i >> 8 & 0x3;
		f.l = i >> 7 & 0x1;
		f.imm7 = (int)(i & 0x7f) - 64;
		if (f.opc == 2 && !f.v && f.mode == PTEST_PRE && !f.l)
			want = PROBESIM_STP_FAMILY;
		else
			want = PROBESIM_NONE;
		code = ptest_encode_pair(&f);
		got = probesim_decode(code);
		if (got == want)
			continue;
		KUNIT_FAIL(test, "%08x (opc=%u V=%u mode=%u L=%u imm7=%d) decoded as %s, want %s",
			   code, f.opc, f.v, f.mode, f.l, f.imm7, ptest_family_str(got),
			   ptest_family_str(want));
		if (++bad == 8)
			return;
	}
}

/* Every base register and every imm7: only base 31 (SP) is a push. */
static void ldstp_base_sweep(struct kunit *test)
{
	struct ptest_pair f = { .opc = 2, .mode = PTEST_PRE, .rt = 29, .rt2 = 30 };
	unsigned int bad = 0, i;

	/* i = Rn:imm7 */
	for (i = 0; i < 32 * 128; i++) {
		enum probesim_family want, got;
		u32 code;

		f.rn = i >> 7;
		f.imm7 = (int)(i & 0x7f) - 64;
		want = f.rn == 31 ? PROBESIM_STP_FAMILY : PROBESIM_NONE;
		code = ptest_encode_pair(&f);
		got = probesim_decode(code);
		if (got == want)
			continue;
		KUNIT_FAIL(test, "%08x (Rn=%u imm7=%d) decoded as %s, expected %s",
			   code, f.rn, f.imm7, ptest_family_str(got), ptest_family_str(want));
		if (++bad == 8)
			return;
	}
}

/* Every pair of data registers, XZR included, in a push. */
static void ldstp_register_sweep(struct kunit *test)
{
	struct ptest_pair f = { .opc = 2, .mode = PTEST_PRE, .imm7 = -2, .rn = 31 };
	unsigned int bad = 0, i;

	/* i = Rt:Rt2 */
	for (i = 0; i < 32 * 32; i++) {
		enum probesim_family got;
		u32 code;

		f.rt = i >> 5;
		f.rt2 = i & 0x1f;
		code = ptest_encode_pair(&f);
		got = probesim_decode(code);
		if (got == PROBESIM_STP_FAMILY)
			continue;
		KUNIT_FAIL(test, "%08x (Rt=%u Rt2=%u) decoded as %s, expected STP",
			   code, f.rt, f.rt2, ptest_family_str(got));
		if (++bad == 8)
			return;
	}
}

static struct kunit_case ldstp_test_cases[] = {
	KUNIT_CASE_PARAM(ldstp_encoder_matches_assembler, encoder_gen_params),
	KUNIT_CASE_PARAM(ldstp_decode, ldstp_gen_params),
	KUNIT_CASE_PARAM(ldstp_decode_push_one_bit_flipped, flip_gen_params),
	KUNIT_CASE(ldstp_class_sweep),
	KUNIT_CASE(ldstp_base_sweep),
	KUNIT_CASE(ldstp_register_sweep),
	{}
};

static struct kunit_suite ldstp_suite = {
	.name = "probesim-ldstp",
	.test_cases = ldstp_test_cases,
};

kunit_test_suite(ldstp_suite);
