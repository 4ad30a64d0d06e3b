/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The families of the module (families.h) and the family of an
 * instruction. Built into the module and, through tools/kernel-shim, into
 * the host tools, so that both classify instructions with the one decoder
 * the kernel tree gets (module/probes/decode-insn.c).
 */
#ifndef PROBESIM_FAMILY_H
#define PROBESIM_FAMILY_H

enum probesim_family {
	PROBESIM_NONE,		/* not simulated: the kernel decides */
#define PROBESIM_FAMILY(id, ...) PROBESIM_##id##_FAMILY,
#include "families.h"
#undef PROBESIM_FAMILY
	PROBESIM_NR_FAMILIES,
};

/*
 * The family of @insn where the kernel would step it out of line: that of
 * the handler arm_uprobe_decode_sim() gives it, or NOP, which kernels
 * before 6.13 step.
 */
enum probesim_family probesim_decode(u32 insn);
const char *probesim_family_name(enum probesim_family family);
/* The name of the module parameter that switches @family. */
const char *probesim_family_switch(enum probesim_family family);
/* NOP, for kernels that step it (hit.c). */
bool probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs);

#endif /* PROBESIM_FAMILY_H */
