// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the series adds to arch/arm64/kernel/probes/decode-insn.c, at its
 * end: which instructions uprobes simulate although kprobes step them out
 * of line, and which instructions accept which PSTATE.BTYPE. The module
 * and the host tools compile this file as it is (module/compat.h,
 * tools/survey/kernel_shim). Lines outside a PROBESIM_WITH_* block come
 * with the branch-target check, each block with its family.
 */
#include <kunit/visibility.h>

#ifdef CONFIG_UPROBES
/* PACIASP or PACIBSP: the HINTs that sign LR with SP as the modifier. */
static bool arm_probe_is_pacisp(u32 insn)
{
	u32 op = insn & GENMASK(11, 5);	/* CRm:op2 of the hint */

	return aarch64_insn_is_hint(insn) &&
	       (op == AARCH64_INSN_HINT_PACIASP || op == AARCH64_INSN_HINT_PACIBSP);
}

/*
 * The branch-target check (Arm ARM D8.4, "Branch Target Identification"):
 * on a guarded page, an instruction reached with PSTATE.BTYPE other than
 * 00 executes only if it is compatible with that BTYPE; otherwise it takes
 * a Branch Target exception. BTYPE 00 is compatible with everything, and
 * the landing pads with:
 *
 *	BTI		nothing else;
 *	BTI c		01 (BR X16/X17, or BR from an unguarded page), 10 (BLR);
 *	BTI j		01, 11 (any other BR from a guarded page);
 *	BTI jc		01, 10, 11;
 *	PACIASP,	01 and 10, and 11 while SCTLR_EL1.BT0 is 0. Linux sets
 *	PACIBSP		BT0 wherever BTI is supported (bti_enable()), so they
 *			accept what BTI c accepts.
 *
 * BRK and HLT are landing pads too; uprobes never simulate them.
 */
bool arm_probe_btype_compatible(u32 insn, u64 btype)
{
	if (btype == PSR_BTYPE_NONE)
		return true;
	if (arm_probe_is_pacisp(insn))
		return btype != PSR_BTYPE_J;
	if (!aarch64_insn_is_bti(insn))
		return false;
	switch (insn & GENMASK(11, 5)) {	/* CRm:op2 of the hint */
	case AARCH64_INSN_HINT_BTIC:
		return btype != PSR_BTYPE_J;
	case AARCH64_INSN_HINT_BTIJ:
		return btype != PSR_BTYPE_C;
	case AARCH64_INSN_HINT_BTIJC:
		return true;
	default:
		return false;
	}
}
EXPORT_SYMBOL_IF_KUNIT(arm_probe_btype_compatible);

#ifdef PROBESIM_WITH_ALU
static bool dp_is_logic_imm(u32 insn)
{
	u64 imm;

	return (aarch64_insn_is_and_imm(insn) || aarch64_insn_is_orr_imm(insn) ||
		aarch64_insn_is_eor_imm(insn) || aarch64_insn_is_ands_imm(insn)) &&
	       aarch64_insn_decode_logical_immediate(insn, &imm);
}

static bool dp_is_add_sub_imm(u32 insn)
{
	return aarch64_insn_is_add_imm(insn) || aarch64_insn_is_adds_imm(insn) ||
	       aarch64_insn_is_sub_imm(insn) || aarch64_insn_is_subs_imm(insn);
}

/* A 32-bit register has two halfwords to move into, hw 0 and 1. */
static bool dp_is_movewide(u32 insn)
{
	if (!aarch64_insn_is_movz(insn) && !aarch64_insn_is_movn(insn) &&
	    !aarch64_insn_is_movk(insn))
		return false;
	return (insn & AARCH64_INSN_SF_BIT) || !(insn & BIT(22));
}

/* A 32-bit operation shifts its register operand by at most 31. */
static bool dp_shift_fits(u32 insn)
{
	return (insn & AARCH64_INSN_SF_BIT) ||
	       aarch64_insn_decode_immediate(AARCH64_INSN_IMM_6, insn) < 32;
}

static bool dp_is_logic_reg(u32 insn)
{
	return (aarch64_insn_is_and(insn) || aarch64_insn_is_bic(insn) ||
		aarch64_insn_is_orr(insn) || aarch64_insn_is_orn(insn) ||
		aarch64_insn_is_eor(insn) || aarch64_insn_is_eon(insn) ||
		aarch64_insn_is_ands(insn) || aarch64_insn_is_bics(insn)) &&
	       dp_shift_fits(insn);
}

/* ROR (shift 11) is for the logical instructions only. */
static bool dp_is_add_sub_reg(u32 insn)
{
	return (aarch64_insn_is_add(insn) || aarch64_insn_is_adds(insn) ||
		aarch64_insn_is_sub(insn) || aarch64_insn_is_subs(insn)) &&
	       (insn & GENMASK(23, 22)) != GENMASK(23, 22) &&
	       dp_shift_fits(insn);
}

/*
 * Instructions that uprobes simulate and kprobes step out of line: their
 * handlers act on behalf of user space, with user accessors and the
 * task's own state, which a kprobe's context does not have. Returns the
 * handler, or NULL to leave the instruction to arm_probe_decode_insn().
 */
uprobe_sim_handler_t *arm_uprobe_decode_sim(u32 insn)
{
	/*
	 * Register-only data processing, which opens most functions that
	 * push no frame (sub sp, mov, and, cmp): nothing to fault on.
	 */
	if (dp_is_logic_imm(insn))
		return simulate_logic_imm;
	if (dp_is_add_sub_imm(insn))
		return simulate_add_sub_imm;
	if (dp_is_movewide(insn))
		return simulate_movewide;
	if (dp_is_logic_reg(insn))
		return simulate_logic_reg;
	if (dp_is_add_sub_reg(insn))
		return simulate_add_sub_reg;
#ifdef PROBESIM_WITH_BTI
	/* The landing pads that open indirectly called functions. */
	if (aarch64_insn_is_bti(insn))
		return simulate_bti;
#endif
#ifdef PROBESIM_WITH_PAC
	/* LR signing, which opens most functions built with branch protection. */
	if (arm_probe_is_pacisp(insn))
		return simulate_paciasp_pacibsp;
#endif
#ifdef PROBESIM_WITH_STP
	/*
	 * STP Xt, Xt2, [SP, #imm]!: the frame push that opens most other
	 * functions. opc 10: a pair of X registers; Rt, Rt2 and imm7 free.
	 */
	if (aarch64_insn_is_stp_pre(insn) && (insn & BIT(31)) &&
	    aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RN, insn) == AARCH64_INSN_REG_SP)
		return simulate_stp_push;
#endif
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(arm_uprobe_decode_sim);
#endif
#endif /* CONFIG_UPROBES */
