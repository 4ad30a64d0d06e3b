// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel functions module/compat.h renames, for kernels that have them
 * without exporting them; and NOP, which kernels before 6.13 step out of
 * line.
 */
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <asm/debug-monitors.h>
#include "probesim.h"

/*
 * Fields of an instruction, as aarch64_insn_decode_register() and
 * aarch64_insn_decode_immediate() give them: the positions are the Arm
 * ARM's, the same in every encoding that has the field.
 */
u32 probesim_insn_decode_register(enum aarch64_insn_register_type type, u32 insn)
{
	switch (type) {
	case AARCH64_INSN_REGTYPE_RT:
	case AARCH64_INSN_REGTYPE_RD:
		return insn & 0x1f;
	case AARCH64_INSN_REGTYPE_RN:
		return (insn >> 5) & 0x1f;
	case AARCH64_INSN_REGTYPE_RT2:
	case AARCH64_INSN_REGTYPE_RA:
		return (insn >> 10) & 0x1f;
	case AARCH64_INSN_REGTYPE_RM:
	case AARCH64_INSN_REGTYPE_RS:
		return (insn >> 16) & 0x1f;
	}
	WARN_ON_ONCE(1);
	return 0;
}

u64 probesim_insn_decode_immediate(enum aarch64_insn_imm_type type, u32 insn)
{
	switch (type) {
	case AARCH64_INSN_IMM_ADR:
		/* immhi:immlo, bits 23:5 and 30:29 */
		return ((insn >> 3) & GENMASK(20, 2)) | ((insn >> 29) & 0x3);
	case AARCH64_INSN_IMM_26:
		return insn & GENMASK(25, 0);
	case AARCH64_INSN_IMM_19:
		return (insn >> 5) & GENMASK(18, 0);
	case AARCH64_INSN_IMM_16:
		return (insn >> 5) & GENMASK(15, 0);
	case AARCH64_INSN_IMM_14:
		return (insn >> 5) & GENMASK(13, 0);
	case AARCH64_INSN_IMM_12:
		return (insn >> 10) & GENMASK(11, 0);
	case AARCH64_INSN_IMM_9:
		return (insn >> 12) & GENMASK(8, 0);
	case AARCH64_INSN_IMM_7:
		return (insn >> 15) & GENMASK(6, 0);
	case AARCH64_INSN_IMM_6:
	case AARCH64_INSN_IMM_S:
		return (insn >> 10) & GENMASK(5, 0);
	case AARCH64_INSN_IMM_R:
		return (insn >> 16) & GENMASK(5, 0);
	case AARCH64_INSN_IMM_N:
		return (insn >> 22) & 1;
	default:
		WARN_ON_ONCE(1);
		return 0;
	}
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
