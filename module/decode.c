// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decode table: which instructions probesim simulates instead of
 * single-stepping them out of line, and the families' names (from
 * families.h). The README's "Adding a family" lists what else a family
 * takes. Built into the module, the KUnit suites and the host tools
 * alike, so it uses nothing but insn.h.
 */
#include "insn.h"

/* The KUnit suites (probesim_test.ko) call the decoder directly. */
#ifdef __KERNEL__
#include <linux/export.h>
#else
/* Host tools link the decoder in: nothing to export. */
#define EXPORT_SYMBOL_GPL(sym) struct probesim_host_unexported_##sym
#endif

#ifdef PROBESIM_WITH_ALU
/*
 * DecodeBitMasks() of the Arm ARM for a logical (immediate) instruction:
 * the element size is 2^len, where len is the highest set bit of
 * N:NOT(imms); the element is imms+1 (within the element) ones, rotated
 * right by immr, and is replicated to the register width. False for the
 * reserved encodings: no element size (len < 1), an all-ones element, or
 * N set in a 32-bit instruction.
 */
bool probesim_bitmask_imm(u32 code, u64 *imm)
{
	unsigned int n = PROBESIM_DP_LOGIC_IMM_N(code);
	unsigned int imms = PROBESIM_DP_IMMS(code);
	unsigned int immr = PROBESIM_DP_IMMR(code);
	unsigned int lenbits = (n << 6) | (~imms & 0x3f);
	unsigned int len, esize, levels, ones, rot, i;
	u64 emask, elem;

	if (n && !(code & PROBESIM_DP_SF))
		return false;
	if (lenbits < 2)
		return false;
	for (len = 6; !(lenbits & (1U << len)); len--)
		;
	esize = 1U << len;
	levels = esize - 1;
	ones = (imms & levels) + 1;
	rot = immr & levels;
	if (ones == esize)
		return false;

	emask = esize == 64 ? ~0ULL : (1ULL << esize) - 1;
	elem = (1ULL << ones) - 1;	/* ones < esize <= 64 */
	if (rot)
		elem = ((elem >> rot) | (elem << (esize - rot))) & emask;
	for (i = esize; i < 64; i *= 2)
		elem |= elem << i;
	*imm = code & PROBESIM_DP_SF ? elem : elem & 0xffffffffULL;
	return true;
}
EXPORT_SYMBOL_GPL(probesim_bitmask_imm);

/* Reserved encodings inside the register-only classes. */
static bool probesim_logic_imm_allocated(u32 code)
{
	u64 imm;

	return probesim_bitmask_imm(code, &imm);
}

static bool probesim_movewide_allocated(u32 code)
{
	if (PROBESIM_DP_OPC(code) == 1)
		return false;
	/* A 32-bit register has two halfwords. */
	return (code & PROBESIM_DP_SF) || PROBESIM_DP_HW(code) < 2;
}

/* A 32-bit operation shifts by at most 31. */
static bool probesim_shift_in_range(u32 code)
{
	return (code & PROBESIM_DP_SF) || PROBESIM_DP_IMM6(code) < 32;
}

static bool probesim_addsub_reg_allocated(u32 code)
{
	/* ROR is logical-only. */
	return PROBESIM_DP_SHIFT(code) != PROBESIM_ROR &&
	       probesim_shift_in_range(code);
}
#endif

struct probesim_row {
	u32 mask;
	u32 value;
	/* NULL, or false for the reserved encodings the mask lets through. */
	bool (*allocated)(u32 code);
	enum probesim_family family;
};

static const struct probesim_row probesim_rows[] = {
	/* Exactly NOP: every other hint has an effect of its own. */
	{ 0xffffffffU, PROBESIM_NOP, NULL, PROBESIM_NOP_FAMILY },
#ifdef PROBESIM_WITH_STP
	/* STP Xt, Xt2, [SP, #imm]!: the frame push at most function entries. */
	{ PROBESIM_STP_PUSH_MASK, PROBESIM_STP_PUSH_VALUE, NULL,
	  PROBESIM_STP_FAMILY },
#endif
#ifdef PROBESIM_WITH_ALU
	/*
	 * Register-only data processing: the first instruction of most
	 * functions that push no frame (sub sp, mov, and, cmp ...). No
	 * memory access, so nothing the hardware checks on the way is lost.
	 */
	{ PROBESIM_LOGIC_IMM_MASK, PROBESIM_LOGIC_IMM_VALUE, probesim_logic_imm_allocated,
	  PROBESIM_LOGIC_IMM_FAMILY },
	{ PROBESIM_ADDSUB_IMM_MASK, PROBESIM_ADDSUB_IMM_VALUE, NULL, PROBESIM_ADDSUB_IMM_FAMILY },
	{ PROBESIM_MOVEWIDE_MASK, PROBESIM_MOVEWIDE_VALUE, probesim_movewide_allocated,
	  PROBESIM_MOVEWIDE_FAMILY },
	{ PROBESIM_LOGIC_REG_MASK, PROBESIM_LOGIC_REG_VALUE, probesim_shift_in_range,
	  PROBESIM_LOGIC_REG_FAMILY },
	{ PROBESIM_ADDSUB_REG_MASK, PROBESIM_ADDSUB_REG_VALUE, probesim_addsub_reg_allocated,
	  PROBESIM_ADDSUB_REG_FAMILY },
#endif
#ifdef PROBESIM_WITH_BTI
	/*
	 * BTI landing pads, which open every indirectly callable function
	 * of a branch-protected binary: a NOP, once the branch-target check
	 * (probesim_btype_allows()) has passed.
	 */
	{ PROBESIM_BTI_MASK, PROBESIM_BTI_VALUE, NULL, PROBESIM_BTI_FAMILY },
#endif
#ifdef PROBESIM_WITH_PAC
	/*
	 * PACIASP/PACIBSP, which open most functions of a binary built with
	 * -mbranch-protection=standard: the CPU signs LR with the task's own
	 * key (pac.c), after the branch-target check. The other PAC hints
	 * keep the kernel's decision: the AUT* ones are rejected, and the
	 * rest never start a function.
	 */
	{ PROBESIM_PACISP_MASK, PROBESIM_PACISP_VALUE, NULL, PROBESIM_PAC_FAMILY },
#endif
};

enum probesim_family probesim_decode(u32 code)
{
	const struct probesim_row *row;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probesim_rows); i++) {
		row = &probesim_rows[i];
		if ((code & row->mask) != row->value)
			continue;
		if (row->allocated && !row->allocated(code))
			return PROBESIM_NONE;
		return row->family;
	}
	return PROBESIM_NONE;
}
EXPORT_SYMBOL_GPL(probesim_decode);

#ifdef PROBESIM_WITH_BTI
/*
 * The branch-target check (Arm ARM, D8.4 "Branch Target Identification"):
 * on a guarded page, an instruction reached with PSTATE.BTYPE other than
 * 00 must be compatible with BTYPE, or it takes a Branch Target exception
 * instead of executing. BTYPE 00 is compatible with every instruction.
 * Otherwise:
 *   BTI       is compatible with no non-zero BTYPE;
 *   BTI c     with 01 and 10  (BR X16/X17, BLR: calls and PLT veneers);
 *   BTI j     with 01 and 11  (BR X16/X17, any other BR: jumps);
 *   BTI jc    with 01, 10 and 11.
 * PACIASP and PACIBSP are landing pads too (below); BRK and HLT are, but
 * probesim never simulates them. Every other instruction is compatible
 * only with 00.
 */
bool probesim_btype_allows(u32 code, enum probesim_btype btype)
{
	if (btype == PROBESIM_BTYPE_NONE)
		return true;
#ifdef PROBESIM_WITH_PAC
	/*
	 * PACIASP and PACIBSP are compatible with BTYPE 01 and 10, and with
	 * 11 only while SCTLR_EL1.BT0 is 0. Linux sets BT0 on every CPU with
	 * BTI (bti_enable() in cpufeature.c; KUnit checks it), so there they
	 * accept exactly what BTI c does.
	 */
	if (probesim_insn_is_pacisp(code))
		return btype != PROBESIM_BTYPE_J;
#endif
	if (!probesim_insn_is_bti(code))
		return false;
	switch (btype) {
	case PROBESIM_BTYPE_JC:
		return code & (PROBESIM_BTI_C | PROBESIM_BTI_J);
	case PROBESIM_BTYPE_C:
		return code & PROBESIM_BTI_C;
	default:
		return code & PROBESIM_BTI_J;
	}
}
EXPORT_SYMBOL_GPL(probesim_btype_allows);

/* The check only applies to instructions on guarded pages. */
bool probesim_branch_target_traps(u32 code, enum probesim_btype btype, bool guarded)
{
	return guarded && !probesim_btype_allows(code, btype);
}
EXPORT_SYMBOL_GPL(probesim_branch_target_traps);
#endif

static const char * const probesim_family_names[PROBESIM_NR_FAMILIES] = {
	[PROBESIM_NONE] = "none",
#define PROBESIM_FAMILY(id, name, ...) \
	[PROBESIM_##id##_FAMILY] = #name,
#include "families.h"
#undef PROBESIM_FAMILY
};

const char *probesim_family_name(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES)
		return "none";
	return probesim_family_names[family];
}
EXPORT_SYMBOL_GPL(probesim_family_name);

#ifdef PROBESIM_WITH_STP_SIM
enum probesim_verdict probesim_stp_verdict(const struct probesim_gate *gate)
{
	/* A kprobe stores with kernel privilege: not what user STP does. */
	if (!gate->user)
		return PROBESIM_REFUSE_KERNEL;
	if (!gate->stp_enabled)
		return PROBESIM_REFUSE_OFF;
	/* Tag checks and overlay denials need the real store, at times. */
	if (gate->has_mte && !gate->can_decline)
		return PROBESIM_REFUSE_MTE;
	if (gate->has_poe && !gate->can_decline)
		return PROBESIM_REFUSE_POE;
	return PROBESIM_SIMULATE;
}
EXPORT_SYMBOL_GPL(probesim_stp_verdict);

const char *probesim_verdict_name(enum probesim_verdict verdict)
{
	switch (verdict) {
	case PROBESIM_SIMULATE:
		return "simulate";
	case PROBESIM_REFUSE_OFF:
		return "stp=0";
	case PROBESIM_REFUSE_MTE:
		return "MTE";
	case PROBESIM_REFUSE_POE:
		return "POE";
	case PROBESIM_REFUSE_KERNEL:
		return "kernel mode";
	}
	return "?";
}
EXPORT_SYMBOL_GPL(probesim_verdict_name);
#endif
