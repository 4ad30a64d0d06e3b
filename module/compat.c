// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel functions module/compat.h renames, for kernels that have them
 * without exporting them; and NOP, which kernels before 6.13 step out of
 * line.
 */
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <asm/debug-monitors.h>
#include "insn-fields.h"
#include "probesim.h"

/*
 * aarch64_insn_decode_register() and aarch64_insn_decode_immediate(), which
 * no kernel exports: insn-fields.h has the fields, for the host tools too.
 */
u32 probesim_insn_decode_register(enum aarch64_insn_register_type type, u32 insn)
{
	return probesim_insn_register_field(type, insn);
}

u64 probesim_insn_decode_immediate(enum aarch64_insn_imm_type type, u32 insn)
{
	return probesim_insn_immediate_field(type, insn);
}

/*
 * A debugger's single step, taken before the next instruction rather
 * than after it: SPSR.SS cleared, as the kernel's own function does.
 */
void probesim_user_fastforward_single_step(struct task_struct *task)
{
	if (test_ti_thread_flag(task_thread_info(task), TIF_SINGLESTEP))
		task_pt_regs(task)->pstate &= ~DBG_SPSR_SS;
}

/* Resolved at load time (symbols.c). */
void (*probesim_force_signal_inject_fn)(int signal, int code, unsigned long address,
					unsigned long err);
void (*probesim_arm64_notify_die_fn)(const char *str, struct pt_regs *regs, int signo,
				     int sicode, unsigned long far, unsigned long err);

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

/*
 * NOP, as Linux 6.13 simulates it (simulate_nop()); arm_uprobe_complete_sim()
 * does the rest.
 */
bool probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs)
{
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
