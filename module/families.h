/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The families of simulated instructions and the module's switches: one
 * row each, families in the order of enum probesim_family.
 *
 *	PROBESIM_FAMILY(id, name, handler, pad, onoff)
 *
 * id		the enumerator, PROBESIM_<id>_FAMILY
 * name		what debugfs probesim/stats and the logs call the family
 * handler	what arm_uprobe_decode_sim() (module/probes/decode-insn.c)
 *		returns for its instructions, and what a hit runs
 * pad		whether its instructions are landing pads, which accept some
 *		BTYPE other than 00 (arm_probe_btype_compatible()); those of a
 *		family that is not accept none, which lets its hit test BTYPE
 *		against 00 alone (module/hit.c)
 * onoff	the switch (below) that turns it on
 *
 *	PROBESIM_SWITCH(onoff, on, what)
 *
 * onoff	the module parameter probesim.<onoff>
 * on		its default
 * what		its description (modinfo)
 *
 * A user defines the macros it needs, includes this file and undefines
 * them again (so there is no include guard); a macro it leaves undefined
 * expands to nothing here. Each family's rows sit in the PROBESIM_WITH_*
 * block that make patches keeps from that family's patch on; the order of
 * the blocks is the order of the patches. NOP has no block: the kernel
 * simulates it itself from Linux 6.13, and the module brings it to older
 * kernels (module/hit.c).
 */
#ifndef PROBESIM_FAMILY
#define PROBESIM_FAMILY(...)
#define PROBESIM_FAMILY_UNUSED
#endif
#ifndef PROBESIM_SWITCH
#define PROBESIM_SWITCH(...)
#define PROBESIM_SWITCH_UNUSED
#endif

PROBESIM_FAMILY(NOP, nop, probesim_simulate_nop, false, nop)
PROBESIM_SWITCH(nop, true, "Simulate NOP on kernels before 6.13 (default: on)")
#ifdef PROBESIM_WITH_ALU
/* Register-only data processing, one switch for all of it. */
PROBESIM_FAMILY(LOGIC_IMM, logic_imm, simulate_logic_imm, false, alu)
PROBESIM_FAMILY(ADDSUB_IMM, addsub_imm, simulate_add_sub_imm, false, alu)
PROBESIM_FAMILY(MOVEWIDE, movewide, simulate_movewide, false, alu)
PROBESIM_FAMILY(LOGIC_REG, logic_reg, simulate_logic_reg, false, alu)
PROBESIM_FAMILY(ADDSUB_REG, addsub_reg, simulate_add_sub_reg, false, alu)
PROBESIM_SWITCH(alu, true, "Simulate register-only AND/ORR/EOR/ADD/SUB/MOV forms (default: on)")
#endif
#ifdef PROBESIM_WITH_BTI
PROBESIM_FAMILY(BTI, bti, simulate_bti, true, bti)
PROBESIM_SWITCH(bti, true, "Simulate BTI landing pads, with the branch-target check (default: on)")
#endif
#ifdef PROBESIM_WITH_PAC
/* PACIASP and PACIBSP: both keys, one switch. */
PROBESIM_FAMILY(PAC, pac, simulate_paciasp_pacibsp, true, pac)
PROBESIM_SWITCH(pac, true, "Simulate PACIASP/PACIBSP with the task's own key (default: on)")
#endif
#ifdef PROBESIM_WITH_STP
/*
 * Off unless asked for: a push is two stores, not the one single-copy
 * atomic access an aligned STP is with FEAT_LSE2, and a hit the module
 * must hand back to the CPU (a fault, asynchronous tag checks) costs its
 * probe the simulation from then on (hit.c).
 */
PROBESIM_FAMILY(STP, stp, simulate_stp_push, false, stp)
PROBESIM_SWITCH(stp, false, "Simulate STP Xt, Xt2, [SP, #imm]! pushes (default: off)")
#endif

#ifdef PROBESIM_FAMILY_UNUSED
#undef PROBESIM_FAMILY
#undef PROBESIM_FAMILY_UNUSED
#endif
#ifdef PROBESIM_SWITCH_UNUSED
#undef PROBESIM_SWITCH
#undef PROBESIM_SWITCH_UNUSED
#endif
