/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The families of simulated instructions, one row each, in the order of
 * enum probesim_family:
 *
 *	PROBESIM_FAMILY(id, name, onoff)
 *
 * id		the enumerator, PROBESIM_<id>_FAMILY
 * name		what debugfs probesim/stats and the logs call the family; its
 *		handler is probesim_simulate_<name>()
 * onoff	the switch that turns it on, probesim_<onoff>_switch_on()
 *
 * A user defines PROBESIM_FAMILY, includes this file and undefines it
 * again, so there is no include guard. Each family's row sits in the
 * PROBESIM_WITH_* block that make patches keeps from that family's patch
 * on; the order of the blocks is the order of the patches.
 */
PROBESIM_FAMILY(NOP, nop, nop)
#ifdef PROBESIM_WITH_STP
/* Decoded from its patch on, simulated from the next: PROBESIM_WITH_STP_SIM. */
PROBESIM_FAMILY(STP, stp, stp)
#endif
#ifdef PROBESIM_WITH_ALU
/* Register-only data processing, one switch for all of it. */
PROBESIM_FAMILY(LOGIC_IMM, logic_imm, alu)
PROBESIM_FAMILY(ADDSUB_IMM, addsub_imm, alu)
PROBESIM_FAMILY(MOVEWIDE, movewide, alu)
PROBESIM_FAMILY(LOGIC_REG, logic_reg, alu)
PROBESIM_FAMILY(ADDSUB_REG, addsub_reg, alu)
#endif
#ifdef PROBESIM_WITH_BTI
PROBESIM_FAMILY(BTI, bti, bti)
#endif
#ifdef PROBESIM_WITH_PAC
/* PACIASP and PACIBSP: both keys, one switch. */
PROBESIM_FAMILY(PAC, pac, pac)
#endif
