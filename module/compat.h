/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the module needs of a kernel, for the code it shares with the
 * kernel tree (module/probes/, module/lib/, module/asm/), that a kernel lacks or
 * has but does not export. Kbuild puts it first in every object of the
 * module (-include), so that the renames below apply to the kernel's own
 * declarations as well as to the shared code's calls.
 */
#ifndef PROBESIM_COMPAT_H
#define PROBESIM_COMPAT_H

/* Every message of the module says whose it is. */
#define pr_fmt(fmt) "probesim: " fmt

/*
 * Not exported on any kernel: the kernel's, found at load time
 * (symbols.c), and called through compat.c. The decoders of instruction
 * fields and the single-step fast-forward, on the hit path, are inline
 * copies below instead.
 */
#define force_signal_inject		probesim_force_signal_inject
#define arm64_notify_die		probesim_arm64_notify_die
/* For the KUnit suite alone (compat.c). */
#define aarch64_insn_gen_logical_immediate	probesim_insn_gen_logical_immediate
/* What the series adds to lib/insn.c: the module's own, not a kernel's. */
#define aarch64_insn_decode_logical_immediate	probesim_insn_decode_logical_immediate
/* Inline on 6.12 and 7.3, but out of line and not exported on 6.1. */
#ifndef PROBESIM_HAVE_INLINE_INSN_IS_BRANCH
#define aarch64_insn_is_branch		probesim_insn_is_branch
#endif

#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
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
 * again, for the accessors older kernels lack (Kbuild looks for them in
 * the kernel's header), and for the add/sub (immediate) ones as the
 * series narrows them: every kernel's own leave bit 23 out of the mask,
 * and so also match ADDG and SUBG. Renamed after the kernel's header, so
 * that only the shared code's calls, and the names the generator pastes
 * below, become the module's.
 */
#define __AARCH64_INSN_FUNCS(abbr, mask, val)				\
static __always_inline bool aarch64_insn_is_##abbr(u32 code)		\
{									\
	BUILD_BUG_ON(~(mask) & (val));					\
	return (code & (mask)) == (val);				\
}

#define aarch64_insn_is_add_imm		probesim_insn_is_add_imm
#define aarch64_insn_is_adds_imm	probesim_insn_is_adds_imm
#define aarch64_insn_is_sub_imm		probesim_insn_is_sub_imm
#define aarch64_insn_is_subs_imm	probesim_insn_is_subs_imm
__AARCH64_INSN_FUNCS(add_imm,	0x7F800000, 0x11000000)
__AARCH64_INSN_FUNCS(adds_imm,	0x7F800000, 0x31000000)
__AARCH64_INSN_FUNCS(sub_imm,	0x7F800000, 0x51000000)
__AARCH64_INSN_FUNCS(subs_imm,	0x7F800000, 0x71000000)
/* What the series makes public of lib/insn.c. */
#ifndef AARCH64_INSN_SF_BIT
#define AARCH64_INSN_SF_BIT	BIT(31)
#define AARCH64_INSN_N_BIT	BIT(22)
#define AARCH64_INSN_LSL_12	BIT(22)
#endif
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

/*
 * aarch64_insn_decode_register() and aarch64_insn_decode_immediate(), which
 * no kernel exports, as inline reads of the fields (insn-fields.h, which
 * the host tools use too): the type is a constant at every call, so each
 * read is a shift and a mask, with no call on the hit path.
 */
#include "insn-fields.h"
#define aarch64_insn_decode_register(type, insn)	probesim_insn_register_field(type, insn)
#define aarch64_insn_decode_immediate(type, insn)	probesim_insn_immediate_field(type, insn)

/*
 * user_fastforward_single_step(), not exported: a debugger's single step
 * taken before the next instruction rather than after it, SPSR.SS cleared
 * as the kernel's own function does. Inline, since every hit asks.
 */
static __always_inline void probesim_fastforward_single_step(struct task_struct *task)
{
	if (test_ti_thread_flag(task_thread_info(task), TIF_SINGLESTEP))
		task_pt_regs(task)->pstate &= ~DBG_SPSR_SS;
}

#define user_fastforward_single_step(task)	probesim_fastforward_single_step(task)

/* MDSCR_EL1's fields come from arch/arm64/tools/sysreg from 6.12. */
#include <asm/sysreg.h>
#ifndef MDSCR_EL1_MDE
#define MDSCR_EL1_MDE	DBG_MDSCR_MDE
#endif

/* From <linux/compiler_attributes.h>, where a kernel lacks it. */
#ifndef __flatten
#define __flatten	__attribute__((flatten))
#endif

/* <asm/uprobes.h> of the series: a handler that may decline a hit. */
typedef bool (uprobe_sim_handler_t)(u32 opcode, long addr, struct pt_regs *regs);

/* What the series declares in asm/insn.h, decode-insn.h and simulate-insn.h. */
#include "asm/insn.h"
#include "probes/decode-insn.h"
#include "probes/simulate-insn.h"

#endif /* PROBESIM_COMPAT_H */
