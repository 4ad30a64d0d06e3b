/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The register-only ALU instructions uprobes simulate, in five classes:
 * logical (immediate), add/sub (immediate), move wide, logical (shifted
 * register) and add/sub (shifted register). Their fields decoded, a
 * generator of encodings per class, register states to run them from,
 * and an account of what a run's encodings covered.
 *
 * Encodings are generated field by field from a fixed seed, only accepted
 * ones, weighted so that register 31 in every position, the extreme
 * immediates, every element size of a bitmask immediate and every sf,
 * opc and shift value all come up. States are a function of the class,
 * the encoding's index and the state's number alone, so that a run of
 * more encodings or states repeats a smaller one's first.
 */
#ifndef PROBESIM_SELFTEST_ALU_GEN_H
#define PROBESIM_SELFTEST_ALU_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "oracle.h"
#include "prng.h"
#include "stats.h"

/* ---- the classes -------------------------------------------------------- */

enum alu_class {
	ALU_LOGIC_IMM, ALU_ADDSUB_IMM, ALU_MOVEWIDE, ALU_LOGIC_REG, ALU_ADDSUB_REG,
	ALU_NR_CLASSES
};

/* The family probesim counts the class's probes in. */
enum probesim_family alu_class_family(enum alu_class cls);
/* "logic_imm", ...: its family's name; "none" past the last class. */
const char *alu_class_name(unsigned int cls);

/* ---- decoding an encoding ------------------------------------------------ */

/* An encoding of @cls that the architecture does not reserve. */
bool alu_accepted(enum alu_class cls, uint32_t insn);
/* sf: the operation is 64-bit; else its result is zero-extended from 32. */
bool alu_is_64bit(uint32_t insn);
/* The instruction sets NZCV: ANDS, BICS, ADDS, SUBS. */
bool alu_sets_flags(enum alu_class cls, uint32_t insn);

#define ALU_DEST_SP	31
#define ALU_DEST_NONE	32

/* What the instruction writes: x0-x30, SP, or nothing (XZR). */
unsigned int alu_dest(enum alu_class cls, uint32_t insn);
/*
 * Its source registers and their values in @in, as text into @out: " x3
 * 0x10 sp 0x20", " xzr"; empty if it has none (MOVN, MOVZ).
 */
void alu_sources(enum alu_class cls, uint32_t insn, const struct cpu_state *in,
		 char *out, size_t len);

/* ---- generating ---------------------------------------------------------- */

struct alu_gen {
	struct prng r;
	enum alu_class cls;
};

/* The start of @cls's sequence of encodings: the same on every run. */
void alu_gen_init(struct alu_gen *gen, enum alu_class cls);
/* The next encoding of the sequence: always an accepted one. */
uint32_t alu_gen_next(struct alu_gen *gen);

/*
 * Register state @k of encoding @idx of @cls: values where carries,
 * overflows, sign and zero results happen, in either width, often.
 */
void alu_state_init(struct cpu_state *s, enum alu_class cls, unsigned long idx,
		    unsigned int k);

/* ---- coverage ------------------------------------------------------------ */

struct alu_coverage {
	unsigned long n;
	unsigned long sf[2], kind[8], shift[4], hw[4];
	unsigned long rd31, rn31, rm31, imm_zero, imm_max;
	/* logic_imm: element sizes 2^1..2^6, ones, rotation, ignored immr bits */
	unsigned long esize[7], ones_min, ones_max, rot_zero, rot_max, immr_high;
};

void alu_coverage_add(struct alu_coverage *c, enum alu_class cls, uint32_t insn);
/* The counts as TAP diagnostics, @states register states per encoding. */
void alu_coverage_print(const struct alu_coverage *c, enum alu_class cls,
			unsigned int states);

#endif
