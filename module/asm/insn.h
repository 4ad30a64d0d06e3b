/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the series adds to arch/arm64/include/asm/insn.h: accessors for
 * encodings that have none yet. make patches inserts what follows this
 * comment before the #undef of __AARCH64_INSN_FUNCS; the module gets the
 * same lines through module/compat.h. Lines outside a PROBESIM_WITH_*
 * block come with the branch-target check, each block with its family.
 * PACIASP and PACIBSP need none: they are HINTs that <asm/insn.h> names
 * (AARCH64_INSN_HINT_PACIASP and _PACIBSP; decode-insn.c's
 * arm_probe_is_pacisp()).
 */
#ifdef PROBESIM_WITH_ALU
/*
 * Add/subtract (immediate, with tags): ADDG, SUBG and their unallocated
 * neighbours. The add_imm and sub_imm accessors leave bit 23 out of their
 * masks, so they match this class too.
 */
__AARCH64_INSN_FUNCS(add_sub_imm_tags, 0x1F800000, 0x11800000)
#endif
