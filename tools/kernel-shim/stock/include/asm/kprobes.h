/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * decode-insn.h's one include: the kernel's <asm/probes.h> (struct
 * arch_probe_insn, probe_opcode_t) and nothing of kprobes, which the
 * check builds without (no CONFIG_KPROBES).
 */
#ifndef PROBESIM_STOCK_KPROBES_H
#define PROBESIM_STOCK_KPROBES_H

struct pt_regs;
#include <asm/probes.h>

#endif /* PROBESIM_STOCK_KPROBES_H */
