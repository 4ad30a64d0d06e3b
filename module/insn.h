/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Instruction fields and decode results shared by the probesim module, its
 * KUnit suites and the host tools. Nothing here may depend on the kernel
 * beyond fixed-width types, so that the host tools compile the same decode
 * table as the kernel does.
 *
 * The PROBESIM_WITH_* conditionals mark what each family adds, so that
 * make patches can lay the upstream series out one family per patch
 * (unifdef). The module, its tests and the tools define them all.
 */
#ifndef PROBESIM_INSN_H
#define PROBESIM_INSN_H

#ifdef __KERNEL__
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/types.h>
#else
#include "probesim_host_types.h"
#endif

/* Mask/value matchers in the style of arch/arm64/include/asm/insn.h. */
#define PROBESIM_INSN_FUNCS(name, mask, value)				\
static inline bool probesim_insn_is_##name(u32 code)			\
{									\
	return (code & (mask)) == (value);				\
}

/*
 * HINT space: 1101 0101 0000 0011 0010 CRm:op2 1 1111. Only CRm:op2 == 0
 * (NOP) is architecturally guaranteed to do nothing: every other value is
 * an allocated hint with side effects (BTI, PAC, WFE, ...) or reserved for
 * one.
 */
#define PROBESIM_HINT_MASK	0xfffff01fU
#define PROBESIM_HINT_VALUE	0xd503201fU
#define PROBESIM_HINT_CRM_OP2(code)	(((code) >> 5) & 0x7f)
#define PROBESIM_NOP		0xd503201fU

PROBESIM_INSN_FUNCS(hint, PROBESIM_HINT_MASK, PROBESIM_HINT_VALUE)
PROBESIM_INSN_FUNCS(nop, 0xffffffffU, PROBESIM_NOP)

#ifdef PROBESIM_WITH_BTI
/*
 * BTI, BTI c, BTI j, BTI jc: HINT #32, #34, #36, #38 (CRm 0100, op2 xx0).
 * Bits 7:6 name the indirect branches the landing pad accepts: bit 6
 * calls (c), bit 7 jumps (j).
 */
#define PROBESIM_BTI_MASK	0xffffff3fU
#define PROBESIM_BTI_VALUE	0xd503241fU
#define PROBESIM_BTI_C		BIT(6)
#define PROBESIM_BTI_J		BIT(7)

PROBESIM_INSN_FUNCS(bti, PROBESIM_BTI_MASK, PROBESIM_BTI_VALUE)

/* PSTATE.BTYPE values: what kind of branch reached the instruction. */
enum probesim_btype {
	PROBESIM_BTYPE_NONE,	/* not reached by an indirect branch */
	PROBESIM_BTYPE_JC,	/* BR X16/X17, or BR from an unguarded page */
	PROBESIM_BTYPE_C,	/* BLR */
	PROBESIM_BTYPE_J,	/* BR from a guarded page */
};
#endif

#ifdef PROBESIM_WITH_STP
/*
 * Load/store register pair class (Arm ARM C4.1.4):
 *   opc[31:30] 101[29:27] V[26] mode[25:23] L[22] imm7[21:15]
 *   Rt2[14:10] Rn[9:5] Rt[4:0]
 */
#define PROBESIM_LDSTP_OPC_SHIFT	30
#define PROBESIM_LDSTP_OPC_MASK		(0x3U << PROBESIM_LDSTP_OPC_SHIFT)
#define PROBESIM_LDSTP_OPC_64		(0x2U << PROBESIM_LDSTP_OPC_SHIFT)
#define PROBESIM_LDSTP_CLASS_MASK	(0x7U << 27)
#define PROBESIM_LDSTP_CLASS		(0x5U << 27)
#define PROBESIM_LDSTP_V		BIT(26)
#define PROBESIM_LDSTP_MODE_SHIFT	23
#define PROBESIM_LDSTP_MODE_MASK	(0x7U << PROBESIM_LDSTP_MODE_SHIFT)
#define PROBESIM_LDSTP_MODE_NOALLOC	(0x0U << PROBESIM_LDSTP_MODE_SHIFT)
#define PROBESIM_LDSTP_MODE_POST	(0x1U << PROBESIM_LDSTP_MODE_SHIFT)
#define PROBESIM_LDSTP_MODE_OFFSET	(0x2U << PROBESIM_LDSTP_MODE_SHIFT)
#define PROBESIM_LDSTP_MODE_PRE		(0x3U << PROBESIM_LDSTP_MODE_SHIFT)
#define PROBESIM_LDSTP_L		BIT(22)
#define PROBESIM_LDSTP_RN_SHIFT		5
#define PROBESIM_LDSTP_RN_MASK		(0x1fU << PROBESIM_LDSTP_RN_SHIFT)
#define PROBESIM_REG_SP			31	/* as a base register */
#define PROBESIM_REG_ZR			31	/* as a data register */

/*
 * STP Xt, Xt2, [SP, #imm]!: 64-bit (opc), general-purpose (V clear),
 * pre-index with writeback (mode), store (L clear), base SP (Rn).
 * Rt, Rt2 and imm7 are free.
 */
#define PROBESIM_STP_PUSH_MASK						\
	(PROBESIM_LDSTP_OPC_MASK | PROBESIM_LDSTP_CLASS_MASK |		\
	 PROBESIM_LDSTP_V | PROBESIM_LDSTP_MODE_MASK | PROBESIM_LDSTP_L |	\
	 PROBESIM_LDSTP_RN_MASK)
#define PROBESIM_STP_PUSH_VALUE						\
	(PROBESIM_LDSTP_OPC_64 | PROBESIM_LDSTP_CLASS |			\
	 PROBESIM_LDSTP_MODE_PRE |					\
	 (PROBESIM_REG_SP << PROBESIM_LDSTP_RN_SHIFT))

PROBESIM_INSN_FUNCS(stp_push, PROBESIM_STP_PUSH_MASK, PROBESIM_STP_PUSH_VALUE)

static inline unsigned int probesim_ldstp_rt(u32 code)
{
	return code & 0x1f;
}

static inline unsigned int probesim_ldstp_rt2(u32 code)
{
	return (code >> 10) & 0x1f;
}

/* Byte offset of a 64-bit pair: imm7 sign-extended and scaled by 8. */
static inline s64 probesim_stp_offset(u32 code)
{
	s64 imm7 = (code >> 15) & 0x7f;

	/* (x ^ 0x40) - 0x40 sign-extends a 7-bit field */
	return ((imm7 ^ 0x40) - 0x40) * 8;
}

/* Where STP Xt, Xt2, [SP, #imm]! stores, and the SP it writes back. */
static inline u64 probesim_stp_target(u32 code, u64 sp)
{
	return sp + probesim_stp_offset(code);
}

/* A data register of a store: register 31 reads as XZR, not SP. */
static inline u64 probesim_xreg_or_zr(const u64 *regs, unsigned int n)
{
	return n == PROBESIM_REG_ZR ? 0 : regs[n];
}
#endif

#ifdef PROBESIM_WITH_PAC
/*
 * PACIASP and PACIBSP: HINT #25 and #27, that is PACIA X30, SP and
 * PACIB X30, SP. Bit 6 picks the key: clear for IA, set for IB.
 */
#define PROBESIM_PACISP_MASK	0xffffffbfU
#define PROBESIM_PACISP_VALUE	0xd503233fU
#define PROBESIM_PACISP_KEY_B	BIT(6)

PROBESIM_INSN_FUNCS(pacisp, PROBESIM_PACISP_MASK, PROBESIM_PACISP_VALUE)
#endif

#ifdef PROBESIM_WITH_ALU
/*
 * Data-processing classes that only read and write registers (Arm ARM
 * C4.1.86 and C4.1.90). Common fields: sf[31] selects 64-bit, Rd[4:0],
 * Rn[9:5], Rm[20:16].
 *
 * Logical (immediate):   sf opc[30:29] 100100 N[22] immr[21:16] imms[15:10]
 * Add/sub (immediate):   sf op[30] S[29] 100010 sh[22] imm12[21:10]
 * Move wide (immediate): sf opc[30:29] 100101 hw[22:21] imm16[20:5]
 * Logical (shifted reg): sf opc[30:29] 01010 shift[23:22] N[21] imm6[15:10]
 * Add/sub (shifted reg): sf op[30] S[29] 01011 shift[23:22] 0 imm6[15:10]
 *
 * Bit 23 set in the add/sub immediate class is ADDG/SUBG (MTE), and bit 21
 * set in the add/sub register class is the extended-register form: both
 * lie outside these masks.
 */
#define PROBESIM_LOGIC_IMM_MASK		0x1f800000U
#define PROBESIM_LOGIC_IMM_VALUE	0x12000000U
#define PROBESIM_ADDSUB_IMM_MASK	0x1f800000U
#define PROBESIM_ADDSUB_IMM_VALUE	0x11000000U
#define PROBESIM_MOVEWIDE_MASK		0x1f800000U
#define PROBESIM_MOVEWIDE_VALUE		0x12800000U
#define PROBESIM_LOGIC_REG_MASK		0x1f000000U
#define PROBESIM_LOGIC_REG_VALUE	0x0a000000U
#define PROBESIM_ADDSUB_REG_MASK	0x1f200000U
#define PROBESIM_ADDSUB_REG_VALUE	0x0b000000U

PROBESIM_INSN_FUNCS(logic_imm, PROBESIM_LOGIC_IMM_MASK, PROBESIM_LOGIC_IMM_VALUE)
PROBESIM_INSN_FUNCS(addsub_imm, PROBESIM_ADDSUB_IMM_MASK, PROBESIM_ADDSUB_IMM_VALUE)
PROBESIM_INSN_FUNCS(movewide, PROBESIM_MOVEWIDE_MASK, PROBESIM_MOVEWIDE_VALUE)
PROBESIM_INSN_FUNCS(logic_reg, PROBESIM_LOGIC_REG_MASK, PROBESIM_LOGIC_REG_VALUE)
PROBESIM_INSN_FUNCS(addsub_reg, PROBESIM_ADDSUB_REG_MASK, PROBESIM_ADDSUB_REG_VALUE)

#define PROBESIM_DP_SF			BIT(31)
#define PROBESIM_DP_OPC(code)		(((code) >> 29) & 0x3)	/* logical, move wide */
#define PROBESIM_DP_SUB			BIT(30)			/* add/sub: op */
#define PROBESIM_DP_SETFLAGS		BIT(29)			/* add/sub: S */
#define PROBESIM_DP_RD(code)		((code) & 0x1f)
#define PROBESIM_DP_RN(code)		(((code) >> 5) & 0x1f)
#define PROBESIM_DP_RM(code)		(((code) >> 16) & 0x1f)
#define PROBESIM_DP_SHIFT(code)		(((code) >> 22) & 0x3)	/* shifted register */
#define PROBESIM_DP_IMM6(code)		(((code) >> 10) & 0x3f)
#define PROBESIM_DP_LOGIC_INVERT	BIT(21)			/* logical register: N */
#define PROBESIM_DP_LOGIC_IMM_N(code)	(((code) >> 22) & 0x1)
#define PROBESIM_DP_IMMR(code)		(((code) >> 16) & 0x3f)
#define PROBESIM_DP_IMMS(code)		(((code) >> 10) & 0x3f)
#define PROBESIM_DP_IMM12_LSL12		BIT(22)			/* add/sub: sh */
#define PROBESIM_DP_IMM12(code)		(((code) >> 10) & 0xfff)
#define PROBESIM_DP_HW(code)		(((code) >> 21) & 0x3)
#define PROBESIM_DP_IMM16(code)		(((code) >> 5) & 0xffff)

/* opc of the logical classes; with N (register form) BIC, ORN, EON, BICS. */
enum probesim_logic_op {
	PROBESIM_LOGIC_AND,
	PROBESIM_LOGIC_ORR,
	PROBESIM_LOGIC_EOR,
	PROBESIM_LOGIC_ANDS,
};

/* opc of move wide; 01 is unallocated. */
enum probesim_movewide_op {
	PROBESIM_MOVN = 0,
	PROBESIM_MOVZ = 2,
	PROBESIM_MOVK = 3,
};

/* shift of the shifted-register classes; ROR only for logical. */
enum probesim_shift {
	PROBESIM_LSL,
	PROBESIM_LSR,
	PROBESIM_ASR,
	PROBESIM_ROR,
};
#endif

/* What probesim does with an instruction the kernel would single-step. */
enum probesim_family {
	PROBESIM_NONE,		/* leave it to the kernel */
#define PROBESIM_FAMILY(id, ...) PROBESIM_##id##_FAMILY,
#include "families.h"
#undef PROBESIM_FAMILY
	PROBESIM_NR_FAMILIES,
};

#ifdef PROBESIM_WITH_ALU
/*
 * The registers a register-only instruction reads and writes: x0-x30, SP
 * and PSTATE (of which only NZCV, bits 31:28). In the kernel these point
 * into pt_regs; the tests point them at their own state.
 */
struct probesim_gprs {
	u64 *x;
	u64 *sp;
	u64 *pstate;
};

#define PROBESIM_NZCV_SHIFT	28
#define PROBESIM_NZCV_MASK	(0xfULL << PROBESIM_NZCV_SHIFT)
#endif

#ifdef PROBESIM_WITH_STP_SIM
/*
 * Inputs of the STP gate. A store made by the kernel for the task is not
 * checked or reported as the task's own: with MTE, a kernel store is tag
 * checked only for a task in synchronous mode, and asynchronous faults it
 * raises are dropped; with POE, the overlay (POR_EL0) checks the
 * unprivileged store, but a denial comes back as a failed uaccess, not as
 * the task's SEGV_PKUERR. Either is exact only if the handler can hand
 * such a hit back to the CPU, to run the real instruction.
 */
struct probesim_gate {
	bool stp_enabled;	/* the administrator asked for it */
	bool has_mte;		/* the system uses MTE */
	bool has_poe;		/* the system uses POE */
	bool can_decline;	/* a hit can go back to out-of-line stepping */
	bool user;		/* a uprobe, not a kprobe */
};

enum probesim_verdict {
	PROBESIM_SIMULATE,
	PROBESIM_REFUSE_OFF,
	PROBESIM_REFUSE_MTE,
	PROBESIM_REFUSE_POE,
	PROBESIM_REFUSE_KERNEL,
};
#endif

enum probesim_family probesim_decode(u32 code);
const char *probesim_family_name(enum probesim_family family);
#ifdef PROBESIM_WITH_STP_SIM
enum probesim_verdict probesim_stp_verdict(const struct probesim_gate *gate);
const char *probesim_verdict_name(enum probesim_verdict verdict);
#endif
#ifdef PROBESIM_WITH_ALU
bool probesim_bitmask_imm(u32 code, u64 *imm);
void probesim_exec_logic_imm(u32 code, const struct probesim_gprs *r);
void probesim_exec_addsub_imm(u32 code, const struct probesim_gprs *r);
void probesim_exec_movewide(u32 code, const struct probesim_gprs *r);
void probesim_exec_logic_reg(u32 code, const struct probesim_gprs *r);
void probesim_exec_addsub_reg(u32 code, const struct probesim_gprs *r);
#endif
#ifdef PROBESIM_WITH_BTI
bool probesim_btype_allows(u32 code, enum probesim_btype btype);
bool probesim_branch_target_traps(u32 code, enum probesim_btype btype, bool guarded);
#endif

#endif /* PROBESIM_INSN_H */
