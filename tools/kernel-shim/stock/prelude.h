/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a stock kernel's arch/arm64/kernel/probes/decode-insn.c and its
 * <asm/insn.h> need of the rest of the kernel, for the host: the check of
 * the survey's kernel rules (vm/stock-rules-check.sh) builds them from
 * each Debian tree as they are, and puts this header first.
 */
#ifndef PROBESIM_STOCK_PRELUDE_H
#define PROBESIM_STOCK_PRELUDE_H

#define __kprobes
#define noinstr
#define BIT(n)			(1UL << (n))
#define GENMASK(h, l)		((~0UL << (l)) & (~0UL >> (63 - (h))))
/* What the header's instruction generators return on error: never run. */
#define AARCH64_BREAK_FAULT	0

#endif /* PROBESIM_STOCK_PRELUDE_H */
