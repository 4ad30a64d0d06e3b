/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the module needs of a kernel, for the code it shares with the
 * kernel tree (module/probes/, module/asm/insn.h), that a kernel lacks or
 * has but does not export. Kbuild puts it first in every object of the
 * module (-include), so that the renames below apply to the kernel's own
 * declarations as well as to the shared code's calls.
 */
#ifndef PROBESIM_COMPAT_H
#define PROBESIM_COMPAT_H

/*
 * Not exported on any kernel: the module's own copies (compat.c), or the
 * kernel's, found at load time (symbols.c).
 */
#define aarch64_insn_decode_register	probesim_insn_decode_register
#define aarch64_insn_decode_immediate	probesim_insn_decode_immediate
#define user_fastforward_single_step	probesim_user_fastforward_single_step
#define force_signal_inject		probesim_force_signal_inject
#define arm64_notify_die		probesim_arm64_notify_die
/* Inline on 6.12 and 7.3, but out of line and not exported on 6.1. */
#ifndef PROBESIM_HAVE_INLINE_INSN_IS_BRANCH
#define aarch64_insn_is_branch		probesim_insn_is_branch
#endif

#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/types.h>
#include <kunit/visibility.h>
#include <asm/debug-monitors.h>
#include <asm/insn.h>
#include <asm/ptrace.h>
#include <asm/system_misc.h>
#include <asm/traps.h>
#include <asm/uprobes.h>

/*
 * Before Linux 6.13 a symbol namespace is a bare name, which
 * MODULE_IMPORT_NS() turns into a string; the shared KUnit suite names it
 * as a string already (Kbuild looks at the kernel's macro).
 */
#ifdef PROBESIM_IMPORT_NS_STRINGIFIES
#undef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(ns)	MODULE_INFO(import_ns, ns)
#endif

/*
 * <asm/insn.h> undefines its accessor generator at its end: the same one
 * again, for the accessors the series adds and those older kernels lack
 * (Kbuild looks for them in the kernel's header).
 */
#define __AARCH64_INSN_FUNCS(abbr, mask, val)				\
static __always_inline bool aarch64_insn_is_##abbr(u32 code)		\
{									\
	BUILD_BUG_ON(~(mask) & (val));					\
	return (code & (mask)) == (val);				\
}

#include "asm/insn.h"
#ifndef PROBESIM_HAVE_INSN_IS_BTI
__AARCH64_INSN_FUNCS(bti,	0xFFFFFF3F, 0xD503241F)
#endif
#undef __AARCH64_INSN_FUNCS
#ifndef PROBESIM_HAVE_INSN_IS_NOP
static __always_inline bool aarch64_insn_is_nop(u32 insn)
{
	return insn == (aarch64_insn_get_hint_value() | AARCH64_INSN_HINT_NOP);
}
#endif

/* <asm/uprobes.h> of the series: a handler that may decline a hit. */
typedef bool (uprobe_sim_handler_t)(u32 opcode, long addr, struct pt_regs *regs);

/* What the series declares in decode-insn.h and simulate-insn.h. */
#include "probes/decode-insn.h"
#include "probes/simulate-insn.h"

#endif /* PROBESIM_COMPAT_H */
