/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The families of simulated instructions, one row each, in the order of
 * enum probesim_family:
 *
 *	PROBESIM_FAMILY(id, name, onoff, handler)
 *
 * id		the enumerator, PROBESIM_<id>_FAMILY
 * name		what debugfs probesim/stats and the logs call the family
 * onoff	the module parameter that switches it, probesim.<onoff>
 * handler	what arm_uprobe_decode_sim() (module/probes/decode-insn.c)
 *		returns for its instructions, and what a hit runs
 *
 * A user defines PROBESIM_FAMILY, includes this file and undefines it
 * again, so there is no include guard. Each family's rows sit in the
 * PROBESIM_WITH_* block that make patches keeps from that family's patch
 * on; the order of the blocks is the order of the patches. NOP has no
 * block: the kernel simulates it itself from Linux 6.13, and the module
 * brings it to older kernels (module/compat.c).
 */
PROBESIM_FAMILY(NOP, nop, nop, probesim_simulate_nop)
#ifdef PROBESIM_WITH_ALU
/* Register-only data processing, one switch for all of it. */
PROBESIM_FAMILY(LOGIC_IMM, logic_imm, alu, simulate_logic_imm)
PROBESIM_FAMILY(ADDSUB_IMM, addsub_imm, alu, simulate_add_sub_imm)
PROBESIM_FAMILY(MOVEWIDE, movewide, alu, simulate_movewide)
PROBESIM_FAMILY(LOGIC_REG, logic_reg, alu, simulate_logic_reg)
PROBESIM_FAMILY(ADDSUB_REG, addsub_reg, alu, simulate_add_sub_reg)
#endif
#ifdef PROBESIM_WITH_BTI
PROBESIM_FAMILY(BTI, bti, bti, simulate_bti)
#endif
#ifdef PROBESIM_WITH_PAC
/* PACIASP and PACIBSP: both keys, one switch. */
PROBESIM_FAMILY(PAC, pac, pac, simulate_paciasp_pacibsp)
#endif
#ifdef PROBESIM_WITH_STP
PROBESIM_FAMILY(STP, stp, stp, simulate_stp_push)
#endif
