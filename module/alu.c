// SPDX-License-Identifier: GPL-2.0-only
/*
 * Execution of the register-only data-processing instructions that
 * probesim_decode() accepts, on a struct probesim_gprs. Pure functions of
 * the instruction and the registers, with the Arm ARM pseudocode's
 * semantics: built into the module and its KUnit suites alike, so it uses
 * nothing but insn.h.
 *
 * Common rules: a 32-bit operation reads the low half of its sources and
 * writes its result zero-extended to 64 bits, SP included. Register 31 is
 * XZR except where an encoding says SP: the source and the destination of
 * ADD/SUB (immediate) without flags, the source of ADDS/SUBS (immediate),
 * and the destination of AND/ORR/EOR (immediate). A write to SP is not
 * alignment-checked: only a later access through it would be.
 */
#include "insn.h"

#ifdef __KERNEL__
#include <linux/export.h>
#else
#define EXPORT_SYMBOL_GPL(sym) struct probesim_host_unexported_##sym
#endif

#define PROBESIM_REG_31	31

static u64 probesim_width_mask(u32 code)
{
	return code & PROBESIM_DP_SF ? ~0ULL : 0xffffffffULL;
}

static u64 probesim_read_zr(const struct probesim_gprs *r, unsigned int n)
{
	return n == PROBESIM_REG_31 ? 0 : r->x[n];
}

static u64 probesim_read_sp(const struct probesim_gprs *r, unsigned int n)
{
	return n == PROBESIM_REG_31 ? *r->sp : r->x[n];
}

static void probesim_write_zr(const struct probesim_gprs *r, unsigned int n,
			      u64 val)
{
	if (n != PROBESIM_REG_31)
		r->x[n] = val;
}

static void probesim_write_sp(const struct probesim_gprs *r, unsigned int n,
			      u64 val)
{
	if (n == PROBESIM_REG_31)
		*r->sp = val;
	else
		r->x[n] = val;
}

static void probesim_set_nzcv(const struct probesim_gprs *r, u64 nzcv)
{
	*r->pstate = (*r->pstate & ~PROBESIM_NZCV_MASK) |
		     (nzcv << PROBESIM_NZCV_SHIFT);
}

/* N and Z of a result; C and V clear, as the logical instructions set them. */
static u64 probesim_nz(u64 res, u64 mask)
{
	u64 sign = mask & ~(mask >> 1);

	return (res & sign ? 8 : 0) | (res ? 0 : 4);
}

/*
 * AddWithCarry() of the Arm ARM: x + y + carry in the operation's width,
 * with NZCV as the flags it produces (C: unsigned carry out, V: signed
 * overflow). A subtraction is x + NOT(y) + 1.
 */
static u64 probesim_add_with_carry(u64 x, u64 y, unsigned int carry, u64 mask,
				   u64 *nzcv)
{
	u64 sign = mask & ~(mask >> 1);
	u64 sum, res, c;

	x &= mask;
	y &= mask;
	if (mask == ~0ULL) {
		sum = x + y;
		res = sum + carry;
		c = sum < x || res < sum;
	} else {
		sum = x + y + carry;
		res = sum & mask;
		c = sum >> 32;
	}
	/* Signed overflow: both operands differ in sign from the result. */
	*nzcv = probesim_nz(res, mask) | (c ? 2 : 0) |
		((x ^ res) & (y ^ res) & sign ? 1 : 0);
	return res;
}

static u64 probesim_logic(enum probesim_logic_op op, u64 a, u64 b)
{
	switch (op) {
	case PROBESIM_LOGIC_ORR:
		return a | b;
	case PROBESIM_LOGIC_EOR:
		return a ^ b;
	default:	/* AND, ANDS */
		return a & b;
	}
}

/* ShiftReg() of the Arm ARM; the decoder keeps @amount below the width. */
static u64 probesim_shift_reg(u64 val, enum probesim_shift type,
			      unsigned int amount, u64 mask)
{
	unsigned int bits = mask == ~0ULL ? 64 : 32;
	u64 sign = mask & ~(mask >> 1);

	val &= mask;
	if (!amount)
		return val;
	switch (type) {
	case PROBESIM_LSL:
		return (val << amount) & mask;
	case PROBESIM_LSR:
		return val >> amount;
	case PROBESIM_ASR:
		/* Shift in copies of the sign bit from the top. */
		return val & sign ? ((val >> amount) | ~(mask >> amount)) & mask :
				    val >> amount;
	default:	/* ROR */
		return ((val >> amount) | (val << (bits - amount))) & mask;
	}
}

/* AND, ORR, EOR, ANDS (immediate); tst is ANDS to XZR, mov (bitmask) ORR. */
void probesim_exec_logic_imm(u32 code, const struct probesim_gprs *r)
{
	enum probesim_logic_op op = PROBESIM_DP_OPC(code);
	u64 mask = probesim_width_mask(code);
	u64 imm = 0, res;

	probesim_bitmask_imm(code, &imm);	/* the decoder checked it */
	res = probesim_logic(op, probesim_read_zr(r, PROBESIM_DP_RN(code)), imm) &
	      mask;
	if (op == PROBESIM_LOGIC_ANDS) {
		probesim_set_nzcv(r, probesim_nz(res, mask));
		probesim_write_zr(r, PROBESIM_DP_RD(code), res);
	} else {
		probesim_write_sp(r, PROBESIM_DP_RD(code), res);
	}
}
EXPORT_SYMBOL_GPL(probesim_exec_logic_imm);

/* ADD, ADDS, SUB, SUBS (immediate); mov to/from SP, cmp and cmn too. */
void probesim_exec_addsub_imm(u32 code, const struct probesim_gprs *r)
{
	u64 mask = probesim_width_mask(code);
	u64 imm = PROBESIM_DP_IMM12(code);
	bool sub = code & PROBESIM_DP_SUB;
	u64 nzcv, res;

	if (code & PROBESIM_DP_IMM12_LSL12)
		imm <<= 12;
	res = probesim_add_with_carry(probesim_read_sp(r, PROBESIM_DP_RN(code)),
				      sub ? ~imm : imm, sub, mask, &nzcv);
	if (code & PROBESIM_DP_SETFLAGS) {
		probesim_set_nzcv(r, nzcv);
		probesim_write_zr(r, PROBESIM_DP_RD(code), res);
	} else {
		probesim_write_sp(r, PROBESIM_DP_RD(code), res);
	}
}
EXPORT_SYMBOL_GPL(probesim_exec_addsub_imm);

/* MOVN, MOVZ, MOVK: one halfword placed at hw * 16. */
void probesim_exec_movewide(u32 code, const struct probesim_gprs *r)
{
	unsigned int shift = PROBESIM_DP_HW(code) * 16;
	u64 imm = (u64)PROBESIM_DP_IMM16(code) << shift;
	u64 res;

	switch (PROBESIM_DP_OPC(code)) {
	case PROBESIM_MOVN:
		res = ~imm;
		break;
	case PROBESIM_MOVK:
		res = (probesim_read_zr(r, PROBESIM_DP_RD(code)) &
		       ~(0xffffULL << shift)) | imm;
		break;
	default:	/* MOVZ */
		res = imm;
		break;
	}
	probesim_write_zr(r, PROBESIM_DP_RD(code), res & probesim_width_mask(code));
}
EXPORT_SYMBOL_GPL(probesim_exec_movewide);

/* AND, BIC, ORR, ORN, EOR, EON, ANDS, BICS (shifted register); mov, mvn, tst. */
void probesim_exec_logic_reg(u32 code, const struct probesim_gprs *r)
{
	enum probesim_logic_op op = PROBESIM_DP_OPC(code);
	u64 mask = probesim_width_mask(code);
	u64 op2, res;

	op2 = probesim_shift_reg(probesim_read_zr(r, PROBESIM_DP_RM(code)),
				 PROBESIM_DP_SHIFT(code), PROBESIM_DP_IMM6(code),
				 mask);
	if (code & PROBESIM_DP_LOGIC_INVERT)
		op2 = ~op2;
	res = probesim_logic(op, probesim_read_zr(r, PROBESIM_DP_RN(code)), op2) &
	      mask;
	if (op == PROBESIM_LOGIC_ANDS)
		probesim_set_nzcv(r, probesim_nz(res, mask));
	probesim_write_zr(r, PROBESIM_DP_RD(code), res);
}
EXPORT_SYMBOL_GPL(probesim_exec_logic_reg);

/* ADD, ADDS, SUB, SUBS (shifted register); neg, negs, cmp, cmn too. */
void probesim_exec_addsub_reg(u32 code, const struct probesim_gprs *r)
{
	u64 mask = probesim_width_mask(code);
	bool sub = code & PROBESIM_DP_SUB;
	u64 op2, nzcv, res;

	op2 = probesim_shift_reg(probesim_read_zr(r, PROBESIM_DP_RM(code)),
				 PROBESIM_DP_SHIFT(code), PROBESIM_DP_IMM6(code),
				 mask);
	res = probesim_add_with_carry(probesim_read_zr(r, PROBESIM_DP_RN(code)),
				      sub ? ~op2 : op2, sub, mask, &nzcv);
	if (code & PROBESIM_DP_SETFLAGS)
		probesim_set_nzcv(r, nzcv);
	probesim_write_zr(r, PROBESIM_DP_RD(code), res);
}
EXPORT_SYMBOL_GPL(probesim_exec_addsub_reg);
