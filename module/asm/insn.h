/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the series adds to arch/arm64/include/asm/insn.h, after the
 * declaration of aarch64_insn_gen_logical_immediate(): the declarations
 * of module/lib/insn.c, with it.
 */
bool aarch64_insn_decode_logical_immediate(u32 insn, u64 *imm);
