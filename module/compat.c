// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel functions module/compat.h renames, for kernels that have them
 * without exporting them.
 */
#include <linux/build_bug.h>
#include <asm/system_misc.h>
#include <asm/traps.h>
#include "probesim.h"

/*
 * Resolved at load time (symbols.c) and called through these pointers.
 * compat.h renames the kernel's functions to the module's, so the two
 * headers above declare the module's functions with the kernel's
 * prototypes: a kernel whose prototype differs fails to build here, and
 * the assertions tie the pointers to the same prototypes.
 */
void (*probesim_force_signal_inject_fn)(int signal, int code, unsigned long address,
					unsigned long err);
void (*probesim_arm64_notify_die_fn)(const char *str, struct pt_regs *regs, int signo,
				     int sicode, unsigned long far, unsigned long err);

static_assert(__same_type(probesim_force_signal_inject_fn, &force_signal_inject));
static_assert(__same_type(probesim_arm64_notify_die_fn, &arm64_notify_die));

void probesim_force_signal_inject(int signal, int code, unsigned long address,
				  unsigned long err)
{
	probesim_force_signal_inject_fn(signal, code, address, err);
}

void probesim_arm64_notify_die(const char *str, struct pt_regs *regs, int signo,
			       int sicode, unsigned long far, unsigned long err)
{
	probesim_arm64_notify_die_fn(str, regs, signo, sicode, far, err);
}

#if IS_ENABLED(CONFIG_KUNIT)
/*
 * The kernel's encoder of logical immediates, which the KUnit suite holds
 * the decoder to, exported to it as the series exports the kernel's: the
 * kernel does not export it, so it is looked up the first time it is
 * asked for.
 */
u32 probesim_insn_gen_logical_immediate(enum aarch64_insn_logic_type type,
					enum aarch64_insn_variant variant,
					enum aarch64_insn_register rn,
					enum aarch64_insn_register rd, u64 imm)
{
	static u32 (*gen)(enum aarch64_insn_logic_type type,
			  enum aarch64_insn_variant variant,
			  enum aarch64_insn_register rn,
			  enum aarch64_insn_register rd, u64 imm);

	static_assert(__same_type(gen, &aarch64_insn_gen_logical_immediate));
	if (!gen)
		gen = (void *)probesim_lookup("aarch64_insn_gen_logical_immediate");
	return gen ? gen(type, variant, rn, rd, imm) : AARCH64_BREAK_FAULT;
}
EXPORT_SYMBOL_IF_KUNIT(probesim_insn_gen_logical_immediate);
#endif

#ifndef PROBESIM_HAVE_INLINE_INSN_IS_BRANCH
/* Every branch, as the kernel's own predicate (inline on 6.12 and 7.3) has it. */
bool probesim_insn_is_branch(u32 insn)
{
	return aarch64_insn_is_b(insn) || aarch64_insn_is_bl(insn) ||
	       aarch64_insn_is_bcond(insn) ||
	       aarch64_insn_is_cbz(insn) || aarch64_insn_is_cbnz(insn) ||
	       aarch64_insn_is_tbz(insn) || aarch64_insn_is_tbnz(insn) ||
	       aarch64_insn_is_br(insn) || aarch64_insn_is_br_auth(insn) ||
	       aarch64_insn_is_blr(insn) || aarch64_insn_is_blr_auth(insn) ||
	       aarch64_insn_is_ret(insn) || aarch64_insn_is_ret_auth(insn);
}
#endif
