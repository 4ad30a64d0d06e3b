/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Functions to single-step through with a uprobe on their second
 * instruction (step_targets.S): five instructions each, entered at their
 * first and left by RET. The probed one is a NOP, an XPACLRI (steppable,
 * never simulated) or an STP push that the third instruction pops.
 */
#ifndef PROBESIM_SELFTEST_STEP_TARGETS_H
#define PROBESIM_SELFTEST_STEP_TARGETS_H

void step_target_nop(void);
void step_target_xpaclri(void);
void step_target_stp(void);

#endif
