/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the series adds to arch/arm64/kernel/probes/decode-insn.h, before
 * its #endif: the declarations of module/probes/decode-insn.c. Lines
 * outside a PROBESIM_WITH_* block come with the branch-target check, each
 * block with its family.
 */
#include <asm/uprobes.h>

#ifdef CONFIG_UPROBES
bool arm_probe_btype_compatible(u32 insn, u64 btype);
#ifdef PROBESIM_WITH_ALU
uprobe_sim_handler_t *arm_uprobe_decode_sim(u32 insn);
#endif
#endif
