// SPDX-License-Identifier: GPL-2.0-only
/*
 * Neighbours of the push: encodings a field or two away from STP Xt, Xt2,
 * [SP, #imm]! that do something else, and must all be left to the kernel.
 * STGP matters most: it stores allocation tags as well as data, which a
 * simulated STP would silently skip.
 */
#include "probesim_kunit.h"

static const struct ptest_insn_case neighbour_cases[] = {
	/* STNP: no-allocate pair, signed offset, no writeback. */
	{ "STNP", "stnp x29, x30, [sp, #-16]", 0xa83f7bfd, PROBESIM_NONE },
	{ "STNP", "stnp x0, x1, [sp]", 0xa80007e0, PROBESIM_NONE },
	{ "STNP imm7 max", "stnp x0, x1, [sp, #504]", 0xa81f87e0, PROBESIM_NONE },
	{ "STNP 32-bit", "stnp w0, w1, [sp, #-8]", 0x283f07e0, PROBESIM_NONE },
	{ "STNP SIMD&FP D", "stnp d8, d9, [sp, #-16]", 0x6c3f27e8, PROBESIM_NONE },
	{ "STNP SIMD&FP Q", "stnp q0, q1, [sp, #-32]", 0xac3f07e0, PROBESIM_NONE },
	/* LDP: the push with L set, and the matching pop. */
	{ "LDP pre-index", "ldp x29, x30, [sp, #-16]!", 0xa9ff7bfd, PROBESIM_NONE },
	{ "LDP post-index (pop)", "ldp x29, x30, [sp], #16", 0xa8c17bfd, PROBESIM_NONE },
	{ "LDP signed offset", "ldp x29, x30, [sp, #16]", 0xa9417bfd, PROBESIM_NONE },
	{ "LDP 32-bit pre-index", "ldp w0, w1, [sp, #-8]!", 0x29ff07e0, PROBESIM_NONE },
	{ "LDP SIMD&FP D pre-index", "ldp d8, d9, [sp, #-16]!", 0x6dff27e8, PROBESIM_NONE },
	/* LDPSW: opc 01 with L set. */
	{ "LDPSW pre-index", "ldpsw x0, x1, [sp, #-8]!", 0x69ff07e0, PROBESIM_NONE },
	{ "LDPSW post-index", "ldpsw x0, x1, [sp], #8", 0x68c107e0, PROBESIM_NONE },
	{ "LDPSW signed offset", "ldpsw x0, x1, [sp, #8]", 0x694107e0, PROBESIM_NONE },
	/* STGP: opc 01 with L clear, the MTE tag-and-data pair store. */
	{ "STGP pre-index", "stgp x0, x1, [sp, #-16]!", 0x69bf87e0, PROBESIM_NONE },
	{ "STGP pre-index min", "stgp x29, x30, [sp, #-1024]!", 0x69a07bfd, PROBESIM_NONE },
	{ "STGP pre-index XZR", "stgp xzr, xzr, [sp, #-16]!", 0x69bfffff, PROBESIM_NONE },
	{ "STGP post-index", "stgp x0, x1, [sp], #16", 0x688087e0, PROBESIM_NONE },
	{ "STGP signed offset", "stgp x0, x1, [sp, #16]", 0x690087e0, PROBESIM_NONE },
	/* LDNP. */
	{ "LDNP", "ldnp x29, x30, [sp, #-16]", 0xa87f7bfd, PROBESIM_NONE },
	{ "LDNP", "ldnp x0, x1, [sp]", 0xa84007e0, PROBESIM_NONE },
	{ "LDNP SIMD&FP Q", "ldnp q0, q1, [sp, #32]", 0xac4107e0, PROBESIM_NONE },
	/* BRK, among them the immediates the kernel itself plants. */
	{ "BRK", "brk #0", 0xd4200000, PROBESIM_NONE },
	{ "BRK kprobes", "brk #0x4", 0xd4200080, PROBESIM_NONE },
	{ "BRK uprobes", "brk #0x5", 0xd42000a0, PROBESIM_NONE },
	{ "BRK kernel bug trap", "brk #0x800", 0xd4210000, PROBESIM_NONE },
	{ "BRK", "brk #0xf000", 0xd43e0000, PROBESIM_NONE },
	/* Unallocated: opc 11 in the pair class, and other undefined words. */
	{ "unallocated opc 11 pre-index", ".inst 0xe9bf7bfd ; undefined", 0xe9bf7bfd,
	  PROBESIM_NONE },
	{ "unallocated opc 11 post-index", ".inst 0xe8817bfd ; undefined", 0xe8817bfd,
	  PROBESIM_NONE },
	{ "unallocated opc 11 offset", ".inst 0xe9017bfd ; undefined", 0xe9017bfd,
	  PROBESIM_NONE },
	{ "unallocated opc 11 L", ".inst 0xe9ff7bfd ; undefined", 0xe9ff7bfd,
	  PROBESIM_NONE },
	{ "unallocated opc 11 SIMD&FP", ".inst 0xedbf07e0 ; undefined", 0xedbf07e0,
	  PROBESIM_NONE },
	{ "unallocated", ".inst 0xabbf7bfd ; undefined", 0xabbf7bfd, PROBESIM_NONE },
	{ "unallocated", ".inst 0xffffffff ; undefined", 0xffffffff, PROBESIM_NONE },
	{ "UDF", "udf #0", 0x00000000, PROBESIM_NONE },
	/* Other ways to push that are not a pair store. */
	{ "STR pre-index", "str x30, [sp, #-16]!", 0xf81f0ffe, PROBESIM_NONE },
#ifdef PROBESIM_WITH_ALU
	/* ... which is simulated, but as an add/sub, not as a store. */
	{ "SUB SP", "sub sp, sp, #16", 0xd10043ff, PROBESIM_ADDSUB_IMM_FAMILY },
#else
	{ "SUB SP", "sub sp, sp, #16", 0xd10043ff, PROBESIM_NONE },
#endif
};

KUNIT_ARRAY_PARAM(neighbour, neighbour_cases, ptest_insn_desc);

static void neighbour_rejected(struct kunit *test)
{
	ptest_check_decode(test, test->param_value);
}

static struct kunit_case neighbour_test_cases[] = {
	KUNIT_CASE_PARAM(neighbour_rejected, neighbour_gen_params),
	{}
};

static struct kunit_suite neighbour_suite = {
	.name = "probesim-neighbours",
	.test_cases = neighbour_test_cases,
};

kunit_test_suite(neighbour_suite);
