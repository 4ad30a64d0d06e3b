/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The register and immediate fields of an instruction, by the type names
 * of <asm/insn.h>: what aarch64_insn_decode_register() and
 * aarch64_insn_decode_immediate() give. The module's copies of those two
 * (compat.h) and the host tools' (tools/kernel-shim/shim.c) are both
 * these, so the decoder reads the same bits in the kernel and on the host.
 * The positions are the Arm ARM's, the same in every encoding that has
 * the field.
 *
 * The includer provides <asm/insn.h> (or the host shim's prelude.h) and
 * WARN_ON_ONCE(): a type without a case here is a bug in the caller, not
 * a field of value 0, so it warns, as the kernel's own functions complain.
 */
#ifndef PROBESIM_INSN_FIELDS_H
#define PROBESIM_INSN_FIELDS_H

static inline u32 probesim_insn_register_field(enum aarch64_insn_register_type type,
					       u32 insn)
{
	switch (type) {
	case AARCH64_INSN_REGTYPE_RT:
	case AARCH64_INSN_REGTYPE_RD:
		return insn & 0x1f;
	case AARCH64_INSN_REGTYPE_RN:
		return (insn >> 5) & 0x1f;
	case AARCH64_INSN_REGTYPE_RT2:
	case AARCH64_INSN_REGTYPE_RA:
		return (insn >> 10) & 0x1f;
	case AARCH64_INSN_REGTYPE_RM:
	case AARCH64_INSN_REGTYPE_RS:
		return (insn >> 16) & 0x1f;
	}
	WARN_ON_ONCE(1);
	return 0;
}

static inline u64 probesim_insn_immediate_field(enum aarch64_insn_imm_type type, u32 insn)
{
	switch (type) {
	case AARCH64_INSN_IMM_ADR:
		/* immhi:immlo, bits 23:5 and 30:29 */
		return ((insn >> 3) & GENMASK(20, 2)) | ((insn >> 29) & 0x3);
	case AARCH64_INSN_IMM_26:
		return insn & GENMASK(25, 0);
	case AARCH64_INSN_IMM_19:
		return (insn >> 5) & GENMASK(18, 0);
	case AARCH64_INSN_IMM_16:
		return (insn >> 5) & GENMASK(15, 0);
	case AARCH64_INSN_IMM_14:
		return (insn >> 5) & GENMASK(13, 0);
	case AARCH64_INSN_IMM_12:
		return (insn >> 10) & GENMASK(11, 0);
	case AARCH64_INSN_IMM_9:
		return (insn >> 12) & GENMASK(8, 0);
	case AARCH64_INSN_IMM_7:
		return (insn >> 15) & GENMASK(6, 0);
	case AARCH64_INSN_IMM_6:
	case AARCH64_INSN_IMM_S:
		return (insn >> 10) & GENMASK(5, 0);
	case AARCH64_INSN_IMM_R:
		return (insn >> 16) & GENMASK(5, 0);
	case AARCH64_INSN_IMM_N:
		return (insn >> 22) & 1;
	default:
		WARN_ON_ONCE(1);
		return 0;
	}
}

#endif /* PROBESIM_INSN_FIELDS_H */
