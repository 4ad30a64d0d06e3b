/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared by the probesim KUnit suites: the row type of the decode tables,
 * printable names for expected results, and an encoder for the load/store
 * pair class. The encoder follows the field layout of the Arm ARM (C4.1.4)
 * and deliberately uses nothing from module/insn.h, so that a wrong field
 * macro there cannot cancel itself out in the tests.
 */
#ifndef PROBESIM_KUNIT_H
#define PROBESIM_KUNIT_H

#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#include "../module/insn.h"

/* What the test expects a decoder result to print as. */
static inline const char *ptest_family_str(enum probesim_family family)
{
	switch (family) {
	case PROBESIM_NONE:
		return "NONE";
	case PROBESIM_NOP_FAMILY:
		return "NOP";
	case PROBESIM_STP_FAMILY:
		return "STP";
#ifdef PROBESIM_WITH_ALU
	case PROBESIM_LOGIC_IMM_FAMILY:
		return "LOGIC_IMM";
	case PROBESIM_ADDSUB_IMM_FAMILY:
		return "ADDSUB_IMM";
	case PROBESIM_MOVEWIDE_FAMILY:
		return "MOVEWIDE";
	case PROBESIM_LOGIC_REG_FAMILY:
		return "LOGIC_REG";
	case PROBESIM_ADDSUB_REG_FAMILY:
		return "ADDSUB_REG";
#endif
#ifdef PROBESIM_WITH_BTI
	case PROBESIM_BTI_FAMILY:
		return "BTI";
#endif
#ifdef PROBESIM_WITH_PAC
	case PROBESIM_PAC_FAMILY:
		return "PAC";
#endif
	default:
		return "(bad family)";
	}
}

/*
 * One instruction word and what probesim_decode() must make of it. The
 * words were produced by the binutils 2.40 cross assembler from @text (or
 * disassembled into @text where the assembler has no syntax for them).
 */
struct ptest_insn_case {
	const char *why;	/* what the row covers */
	const char *text;	/* assembly of @code */
	u32 code;
	enum probesim_family family;
};

/*
 * KTAP parsers (kunit.py) read a '#' in a result line as the start of a
 * directive such as SKIP: descriptions drop the '#' of assembly immediates.
 */
static inline void ptest_desc_clean(char *desc)
{
	char *r, *w;

	for (r = desc, w = desc; *r; r++)
		if (*r != '#')
			*w++ = *r;
	*w = '\0';
}

static inline void ptest_insn_desc(const struct ptest_insn_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: %s [%08x]", c->why, c->text, c->code);
	ptest_desc_clean(desc);
}

static inline void ptest_check_decode(struct kunit *test, const struct ptest_insn_case *c)
{
	enum probesim_family got = probesim_decode(c->code);

	KUNIT_EXPECT_EQ_MSG(test, got, c->family, "%08x (%s) decoded as %s, expected %s",
			    c->code, c->text, ptest_family_str(got),
			    ptest_family_str(c->family));
}

#ifdef PROBESIM_WITH_BTI
/*
 * One row of a branch-target check table: @code reached with @btype on a
 * guarded page or not, and whether the hardware traps.
 */
struct ptest_btype_case {
	const char *text;
	u32 code;
	u8 btype;
	bool guarded;
	bool traps;
};

static inline void ptest_btype_desc(const struct ptest_btype_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s btype=%u %s: %s", c->text, c->btype,
		 c->guarded ? "guarded" : "unguarded", c->traps ? "traps" : "runs");
}

static inline void ptest_check_btype(struct kunit *test, const struct ptest_btype_case *c)
{
	KUNIT_EXPECT_EQ(test, probesim_branch_target_traps(c->code, c->btype, c->guarded),
			c->traps);
}
#endif

/* Load/store pair class, addressing mode field (bits 25:23). */
enum ptest_pair_mode {
	PTEST_NOALLOC = 0,	/* STNP/LDNP, signed offset, no writeback */
	PTEST_POST = 1,		/* [Xn|SP], #imm */
	PTEST_OFFSET = 2,	/* [Xn|SP, #imm] */
	PTEST_PRE = 3,		/* [Xn|SP, #imm]! */
};

/* The fields of one load/store pair instruction, as the Arm ARM names them. */
struct ptest_pair {
	u8 opc;		/* 00: 32-bit, 01: STGP/LDPSW, 10: 64-bit, 11: unallocated */
	u8 v;		/* 1: SIMD&FP registers (opc then selects S, D, Q) */
	u8 mode;	/* enum ptest_pair_mode */
	u8 l;		/* 1: load */
	s8 imm7;	/* signed, in units of the access size: -64..63 */
	u8 rt2;
	u8 rn;		/* base; 31 is SP */
	u8 rt;		/* first data register; 31 is XZR/WZR */
};

static inline u32 ptest_encode_pair(const struct ptest_pair *f)
{
	return (u32)(f->opc & 0x3) << 30 |
	       (u32)0x5 << 27 |		/* bits 29:27 = 101 select the class */
	       (u32)(f->v & 0x1) << 26 |
	       (u32)(f->mode & 0x7) << 23 |
	       (u32)(f->l & 0x1) << 22 |
	       (u32)((u8)f->imm7 & 0x7f) << 15 |
	       (u32)(f->rt2 & 0x1f) << 10 |
	       (u32)(f->rn & 0x1f) << 5 |
	       (u32)(f->rt & 0x1f);
}

#endif /* PROBESIM_KUNIT_H */
