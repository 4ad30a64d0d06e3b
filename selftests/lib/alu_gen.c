// SPDX-License-Identifier: GPL-2.0-only
/* The register-only ALU classes: decoding, generating, states, coverage. */
#include <stdio.h>
#include "alu_gen.h"

/* Every generator and register state derives from this. */
#define ALU_SEED	0x70726f626573696dULL

#define diag(fmt, ...)	fprintf(stderr, "# " fmt "\n", ##__VA_ARGS__)

/* ---- the classes --------------------------------------------------------- */

enum probesim_family alu_class_family(enum alu_class cls)
{
	static const enum probesim_family families[ALU_NR_CLASSES] = {
		[ALU_LOGIC_IMM] = PROBESIM_LOGIC_IMM_FAMILY,
		[ALU_ADDSUB_IMM] = PROBESIM_ADDSUB_IMM_FAMILY,
		[ALU_MOVEWIDE] = PROBESIM_MOVEWIDE_FAMILY,
		[ALU_LOGIC_REG] = PROBESIM_LOGIC_REG_FAMILY,
		[ALU_ADDSUB_REG] = PROBESIM_ADDSUB_REG_FAMILY,
	};

	return families[cls];
}

/* Each class is one family of module/families.h, and goes by its name. */
const char *alu_class_name(unsigned int cls)
{
	return cls < ALU_NR_CLASSES ? probesim_family_name(alu_class_family(cls)) : "none";
}

static unsigned int field(uint32_t insn, unsigned int lsb, unsigned int width)
{
	return (insn >> lsb) & ((1U << width) - 1);
}

#define SF(i)	field(i, 31, 1)
#define RD(i)	field(i, 0, 5)
#define RN(i)	field(i, 5, 5)
#define RM(i)	field(i, 16, 5)
#define IMM6(i)	field(i, 10, 6)

bool alu_is_64bit(uint32_t insn)
{
	return SF(insn);
}

/* The class of an encoding by its fixed bits alone, or ALU_NR_CLASSES. */
static enum alu_class class_of(uint32_t insn)
{
	if ((insn & 0x1f800000U) == 0x12000000U)
		return ALU_LOGIC_IMM;
	if ((insn & 0x1f800000U) == 0x11000000U)
		return ALU_ADDSUB_IMM;
	if ((insn & 0x1f800000U) == 0x12800000U)
		return ALU_MOVEWIDE;
	if ((insn & 0x1f000000U) == 0x0a000000U)
		return ALU_LOGIC_REG;
	if ((insn & 0x1f200000U) == 0x0b000000U)
		return ALU_ADDSUB_REG;
	return ALU_NR_CLASSES;
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

bool alu_accepted(enum alu_class cls, uint32_t insn)
{
	if (class_of(insn) != cls)
		return false;
	switch (cls) {
	case ALU_LOGIC_IMM:
		if (!SF(insn) && field(insn, 22, 1))
			return false;
		return bitmask_len(field(insn, 22, 1), field(insn, 10, 6)) != 0;
	case ALU_ADDSUB_IMM:
		return true;
	case ALU_MOVEWIDE:
		return field(insn, 29, 2) != 1 && (SF(insn) || field(insn, 22, 1) == 0);
	case ALU_LOGIC_REG:
		return SF(insn) || IMM6(insn) < 32;
	case ALU_ADDSUB_REG:
		return field(insn, 22, 2) != 3 && (SF(insn) || IMM6(insn) < 32);
	default:
		return false;
	}
}

bool alu_sets_flags(enum alu_class cls, uint32_t insn)
{
	switch (cls) {
	case ALU_LOGIC_IMM:
	case ALU_LOGIC_REG:
		return field(insn, 29, 2) == 3;
	case ALU_ADDSUB_IMM:
	case ALU_ADDSUB_REG:
		return field(insn, 29, 1);
	default:
		return false;
	}
}

unsigned int alu_dest(enum alu_class cls, uint32_t insn)
{
	if (RD(insn) != 31)
		return RD(insn);
	/* Rd = 31 is SP for AND/ORR/EOR/ADD/SUB (immediate), else XZR. */
	if ((cls == ALU_LOGIC_IMM || cls == ALU_ADDSUB_IMM) && !alu_sets_flags(cls, insn))
		return ALU_DEST_SP;
	return ALU_DEST_NONE;
}

void alu_sources(enum alu_class cls, uint32_t insn, const struct cpu_state *in,
		 char *out, size_t len)
{
	unsigned int src[2], n = 0, i;
	int used = 0;

	if (cls == ALU_MOVEWIDE) {
		/* MOVK keeps the other halfwords of Rd. */
		if (field(insn, 29, 2) == 3)
			src[n++] = RD(insn);
	} else {
		src[n++] = RN(insn);
		if (cls == ALU_LOGIC_REG || cls == ALU_ADDSUB_REG)
			src[n++] = RM(insn);
	}
	out[0] = 0;
	for (i = 0; i < n && used < (int)len; i++) {
		unsigned long long v = src[i] < 31 ? in->x[src[i]] : 0;

		if (src[i] < 31)
			used += snprintf(out + used, len - used, " x%u %#llx", src[i], v);
		else if (cls == ALU_ADDSUB_IMM)	/* Rn = 31 is SP */
			used += snprintf(out + used, len - used, " sp %#llx",
					 (unsigned long long)in->sp);
		else
			used += snprintf(out + used, len - used, " xzr");
	}
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

void alu_gen_init(struct alu_gen *gen, enum alu_class cls)
{
	gen->r.s = ALU_SEED ^ (uint64_t)cls << 56;
	gen->cls = cls;
}

uint32_t alu_gen_next(struct alu_gen *gen)
{
	static uint32_t (*const generators[ALU_NR_CLASSES])(struct prng *r) = {
		[ALU_LOGIC_IMM] = gen_logic_imm,
		[ALU_ADDSUB_IMM] = gen_addsub_imm,
		[ALU_MOVEWIDE] = gen_movewide,
		[ALU_LOGIC_REG] = gen_logic_reg,
		[ALU_ADDSUB_REG] = gen_addsub_reg,
	};

	return generators[gen->cls](&gen->r);
}

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

void alu_state_init(struct cpu_state *s, enum alu_class cls, unsigned long idx,
		    unsigned int k)
{
	struct prng r = { ALU_SEED ^ (uint64_t)cls << 56 ^ (uint64_t)idx << 8 ^ k };
	unsigned int i;

	prng_next(&r);
	for (i = 0; i < 31; i++)
		s->x[i] = pick_value(&r);
	s->sp = pick_value(&r);
	s->nzcv = (uint64_t)below(&r, 16) << 28;
}

/* ---- coverage ---------------------------------------------------------------- */

void alu_coverage_add(struct alu_coverage *c, enum alu_class cls, uint32_t insn)
{
	unsigned int len, levels, imm, max;

	c->n++;
	c->sf[SF(insn)]++;
	c->rd31 += RD(insn) == 31;
	c->rn31 += cls != ALU_MOVEWIDE && RN(insn) == 31;
	/* opc, op:S, or for logic_reg opc:N */
	if (cls == ALU_LOGIC_REG)
		c->kind[field(insn, 29, 2) << 1 | field(insn, 21, 1)]++;
	else
		c->kind[field(insn, 29, 2)]++;
	switch (cls) {
	case ALU_LOGIC_IMM:
		len = bitmask_len(field(insn, 22, 1), field(insn, 10, 6));
		levels = (1U << len) - 1;
		c->esize[len]++;
		c->ones_min += (field(insn, 10, 6) & levels) == 0;
		c->ones_max += (field(insn, 10, 6) & levels) == levels - 1;
		c->rot_zero += (field(insn, 16, 6) & levels) == 0;
		c->rot_max += (field(insn, 16, 6) & levels) == levels;
		c->immr_high += (field(insn, 16, 6) & ~levels) != 0;
		return;
	case ALU_ADDSUB_IMM:
		c->shift[field(insn, 22, 1)]++;
		imm = field(insn, 10, 12);
		max = 0xfff;
		break;
	case ALU_MOVEWIDE:
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

static const char * const kind_names[ALU_NR_CLASSES][8] = {
	[ALU_LOGIC_IMM] = { "AND", "ORR", "EOR", "ANDS" },
	[ALU_ADDSUB_IMM] = { "ADD", "ADDS", "SUB", "SUBS" },
	[ALU_MOVEWIDE] = { "MOVN", NULL, "MOVZ", "MOVK" },
	[ALU_LOGIC_REG] = { "AND", "BIC", "ORR", "ORN", "EOR", "EON", "ANDS", "BICS" },
	[ALU_ADDSUB_REG] = { "ADD", "ADDS", "SUB", "SUBS" },
};

void alu_coverage_print(const struct alu_coverage *c, enum alu_class cls,
			unsigned int states)
{
	static const char * const shifts[] = { "LSL", "LSR", "ASR", "ROR" };
	char line[256];
	int len = 0;
	unsigned int i;

	diag("%s: %lu encodings, %u state%s each; sf=0 %lu, sf=1 %lu; Rd=31 %lu",
	     alu_class_name(cls), c->n, states, states == 1 ? "" : "s",
	     c->sf[0], c->sf[1], c->rd31);
	for (i = 0; i < 8; i++)
		if (kind_names[cls][i])
			len += snprintf(line + len, sizeof(line) - len, " %s %lu",
					kind_names[cls][i], c->kind[i]);
	diag("%s: opc:%s", alu_class_name(cls), line);
	switch (cls) {
	case ALU_LOGIC_IMM:
		diag("%s: Rn=31 %lu; esize 2: %lu, 4: %lu, 8: %lu, 16: %lu, 32: %lu, 64: %lu",
		     alu_class_name(cls), c->rn31, c->esize[1], c->esize[2],
		     c->esize[3], c->esize[4], c->esize[5], c->esize[6]);
		diag("%s: one 1 %lu, all but one 1 %lu, rotation 0 %lu, rotation max %lu",
		     alu_class_name(cls), c->ones_min, c->ones_max, c->rot_zero,
		     c->rot_max);
		diag("%s: ignored immr bits set %lu", alu_class_name(cls), c->immr_high);
		break;
	case ALU_ADDSUB_IMM:
		diag("%s: Rn=31 %lu; LSL #0 %lu, LSL #12 %lu; imm12=0 %lu, imm12=0xfff %lu",
		     alu_class_name(cls), c->rn31, c->shift[0], c->shift[1],
		     c->imm_zero, c->imm_max);
		break;
	case ALU_MOVEWIDE:
		diag("%s: hw=0 %lu, hw=1 %lu, hw=2 %lu, hw=3 %lu; imm16=0 %lu, imm16=0xffff %lu",
		     alu_class_name(cls), c->hw[0], c->hw[1], c->hw[2], c->hw[3],
		     c->imm_zero, c->imm_max);
		break;
	default:
		len = 0;
		for (i = 0; i < (cls == ALU_LOGIC_REG ? 4U : 3U); i++)
			len += snprintf(line + len, sizeof(line) - len, " %s %lu,",
					shifts[i], c->shift[i]);
		diag("%s: Rn=31 %lu, Rm=31 %lu; shift:%s imm6=0 %lu, imm6=max %lu",
		     alu_class_name(cls), c->rn31, c->rm31, line, c->imm_zero,
		     c->imm_max);
		break;
	}
}
