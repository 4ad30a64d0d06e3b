// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stock kernel's decision on a uprobe, for the host: what its
 * arm_probe_decode_insn() returns for an instruction word, which is all
 * arch_uprobe_analyze_insn() goes by (INSN_REJECTED: no uprobe;
 * INSN_GOOD_NO_SLOT: simulated; INSN_GOOD: stepped out of line).
 */
#include <linux/types.h>
#include <asm/kprobes.h>
#include "decode-insn.h"

/* The system register field, bits 20:5, as the kernel's lib/insn.c reads it. */
u32 aarch64_insn_extract_system_reg(u32 insn)
{
	return (insn >> 5) & 0xffff;
}

/* The handlers the decoder names (stubs.h lists them): never called. */
#define STUB(name)							\
void name(u32 opcode, long addr, struct pt_regs *regs)			\
{									\
	(void)opcode;							\
	(void)addr;							\
	(void)regs;							\
}

#include "stubs.h"

int probesim_stock_decode(u32 insn)
{
	struct arch_probe_insn api = { 0 };

	return arm_probe_decode_insn(insn, &api);
}
