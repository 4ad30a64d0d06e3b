/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Code the equivalence oracle runs (targets.S): each target is a small
 * function entered by BLR and left by RET, with the instructions to probe
 * named by index. The code is only data in the test binary; the oracle
 * copies it into files and runs those.
 */
#ifndef PROBESIM_SELFTEST_TARGETS_H
#define PROBESIM_SELFTEST_TARGETS_H

#include <stdbool.h>
#include <stdint.h>

#define TARGET_MAX_PROBES	4

#define INSN_NOP	0xd503201fU
#define INSN_RET	0xd65f03c0U
#define INSN_UDF	0x00000000U

struct target {
	const char *name;
	const uint32_t *start, *end;
	unsigned int probes[TARGET_MAX_PROBES];	/* instruction indexes */
	unsigned int nprobes;
};

/* The target called @name, or NULL. */
const struct target *target_find(const char *name);

/* What probesim makes of an instruction word. */
static inline bool insn_is_nop(uint32_t insn)
{
	return insn == INSN_NOP;
}

/* STP Xt, Xt2, [SP, #imm]! */
static inline bool insn_is_stp_push(uint32_t insn)
{
	return (insn & 0xffc003e0U) == 0xa98003e0U;
}

/* The byte offset of an STP push. */
static inline long stp_push_offset(uint32_t insn)
{
	long imm7 = (insn >> 15) & 0x7f;

	return ((imm7 ^ 0x40) - 0x40) * 8;
}

#endif
