// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel functions prelude.h declares, for the host: the register and
 * immediate fields of an instruction, and the handlers, which the host
 * tools never call: their addresses only tell one family from another.
 */
#include "family.h"

u32 aarch64_insn_decode_register(enum aarch64_insn_register_type type, u32 insn)
{
	switch (type) {
	case AARCH64_INSN_REGTYPE_RN:
		return (insn >> 5) & 0x1f;
	case AARCH64_INSN_REGTYPE_RT2:
		return (insn >> 10) & 0x1f;
	case AARCH64_INSN_REGTYPE_RM:
		return (insn >> 16) & 0x1f;
	default:	/* RT, RD */
		return insn & 0x1f;
	}
}

u64 aarch64_insn_decode_immediate(enum aarch64_insn_imm_type type, u32 insn)
{
	switch (type) {
	case AARCH64_INSN_IMM_7:
		return (insn >> 15) & 0x7f;
	case AARCH64_INSN_IMM_R:
		return (insn >> 16) & 0x3f;
	case AARCH64_INSN_IMM_N:
		return (insn >> 22) & 0x1;
	default:	/* IMM_6, IMM_S */
		return (insn >> 10) & 0x3f;
	}
}

/* A body of its own for each, so that no two share an address. */
#define PROBESIM_FAMILY(id, name, onoff, handler)			\
bool handler(u32 opcode, long addr, struct pt_regs *regs)		\
{									\
	return opcode + PROBESIM_##id##_FAMILY + (addr != 0) + (regs != NULL); \
}
#include "families.h"
#undef PROBESIM_FAMILY
