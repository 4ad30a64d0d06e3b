// SPDX-License-Identifier: GPL-2.0-only
/*
 * Handlers that execute a probed user instruction in the kernel instead of
 * single-stepping it out of line. They run from uprobe_notify_resume():
 * process context, interrupts enabled, page faults allowed.
 */
#include <linux/bitfield.h>
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/uaccess.h>
#include <asm/cpufeature.h>
#include <asm/debug-monitors.h>
#include <asm/esr.h>
#include <asm/ptrace.h>
#include <asm/sysreg.h>
#include <asm/system_misc.h>
#include "probesim.h"

#ifdef PROBESIM_MODULE
/*
 * How the kernel reports what the hardware raised, each as its own fault
 * path does: arm64_notify_die() for an SP alignment fault (SIGBUS at SP,
 * the ESR in the signal frame, the unhandled-signal line), and
 * force_signal_inject() for a Branch Target exception from EL0
 * (SIGILL/ILL_ILLOPC at PC, no ESR). Both force the signal: a task
 * blocking it dies, as natively. Neither is exported: both are resolved
 * at load time (symbols.c).
 */
void (*probesim_arm64_notify_die)(const char *str, struct pt_regs *regs,
				  int signo, int sicode, unsigned long far,
				  unsigned long err);
void (*probesim_force_signal_inject)(int signal, int code, unsigned long address,
				     unsigned long err);

/*
 * Step over the probed instruction. This reproduces, line for line, what
 * arm64_skip_faulting_instruction() does for an AArch64 task; that function
 * is not exported, and uprobes never probe AArch32 tasks. PC moves on; an
 * active user single-step is fast-forwarded (clear SPSR.SS) so that the
 * step exception is taken after the simulated instruction, as it would be
 * after the real one; and PSTATE.BTYPE is cleared, because every
 * instruction other than a branch leaves BTYPE zero.
 */
static void probesim_skip_insn(struct pt_regs *regs)
{
	regs->pc += AARCH64_INSN_SIZE;
	if (user_mode(regs) && test_thread_flag(TIF_SINGLESTEP))
		task_pt_regs(current)->pstate &= ~DBG_SPSR_SS;
	regs->pstate &= ~PSR_BTYPE_MASK;
}
#else
/*
 * Step over the probed instruction as the kernel does for every emulated
 * one: PC moves on, an active user single-step is fast-forwarded so that
 * the step exception is taken after it, and PSTATE.BTYPE is cleared,
 * because every instruction other than a branch leaves BTYPE zero.
 */
static void probesim_skip_insn(struct pt_regs *regs)
{
	arm64_skip_faulting_instruction(regs, AARCH64_INSN_SIZE);
}
#endif

#ifdef PROBESIM_WITH_BTI
/*
 * The GP bit of the entry that maps @addr in @mm: 1 or 0, or -EAGAIN when
 * no valid entry maps it (just unmapped, or being changed).
 *
 * No lock is taken: the tables are walked as GUP-fast walks them. With
 * interrupts off no table can be freed under the walk, because arm64
 * frees them through MMU_GATHER_RCU_TABLE_FREE, which waits for an IPI
 * or an RCU grace period that an interrupts-off region holds off; and
 * each entry is read once. The bit is what the CPU itself checks: every
 * entry of a VM_ARM64_BTI mapping, block entries included, is made with
 * PTE_GP (vm_get_page_prot()), and mprotect() rewrites the entries with
 * the VMA. A hit that races with mprotect() sees the state before or
 * after it, as the CPU could.
 */
static int probesim_entry_guarded(struct mm_struct *mm, unsigned long addr)
{
	int guarded = -EAGAIN;
	unsigned long flags;
	pgd_t *pgdp, pgd;
	p4d_t *p4dp, p4d;
	pud_t *pudp, pud;
	pmd_t *pmdp, pmd;
	pte_t pte;

	BUILD_BUG_ON(!IS_ENABLED(CONFIG_MMU_GATHER_RCU_TABLE_FREE));
	local_irq_save(flags);
	pgdp = pgd_offset(mm, addr);
	pgd = READ_ONCE(*pgdp);
	if (pgd_none(pgd) || pgd_bad(pgd))
		goto out;
	p4dp = p4d_offset_lockless(pgdp, pgd, addr);
	p4d = READ_ONCE(*p4dp);
	if (p4d_none(p4d) || p4d_bad(p4d))
		goto out;
	pudp = pud_offset_lockless(p4dp, p4d, addr);
	pud = READ_ONCE(*pudp);
	if (pud_none(pud))
		goto out;
	if (pud_leaf(pud)) {
		if (pte_valid(pud_pte(pud)))
			guarded = !!(pud_val(pud) & PTE_GP);
		goto out;
	}
	if (pud_bad(pud))
		goto out;
	pmdp = pmd_offset_lockless(pudp, pud, addr);
	pmd = READ_ONCE(*pmdp);
	if (pmd_none(pmd))
		goto out;
	if (pmd_leaf(pmd)) {
		if (pte_valid(pmd_pte(pmd)))
			guarded = !!(pmd_val(pmd) & PTE_GP);
		goto out;
	}
	if (pmd_bad(pmd))
		goto out;
	pte = ptep_get_lockless(pte_offset_kernel(&pmd, addr));
	if (pte_valid(pte))
		guarded = !!(pte_val(pte) & PTE_GP);
out:
	local_irq_restore(flags);
	return guarded;
}

/*
 * Whether the page holding @pc is guarded: mapped with PROT_BTI, which
 * sets VM_ARM64_BTI on the VMA and the GP bit in its entries. This is on
 * a common path (every indirect branch sets BTYPE, and a function reached
 * through a pointer or a PLT stub traps with a BTYPE a NOP does not
 * accept), so it takes no lock: the entry's GP bit answers, and the VMA
 * is asked, under the mmap lock, only when no valid entry maps @pc.
 */
static bool probesim_page_guarded(unsigned long pc)
{
	struct vm_area_struct *vma;
	bool guarded;
	int entry;

	/* Without FEAT_BTI no page is guarded. */
	if (!system_supports_bti())
		return false;
	/* A kernel thread (KUnit's synthetic registers) has no user pages. */
	if (!current->mm)
		return false;
	entry = probesim_entry_guarded(current->mm, pc);
	if (entry >= 0)
		return entry;
	mmap_read_lock(current->mm);
	vma = vma_lookup(current->mm, pc);
	guarded = vma && (vma->vm_flags & VM_ARM64_BTI);
	mmap_read_unlock(current->mm);
	return guarded;
}

/*
 * The branch-target check the hardware makes before it executes an
 * instruction reached by an indirect branch (probesim_btype_allows()).
 * BRK is compatible with every BTYPE, so the uprobe's BRK trapped with
 * the BTYPE of the branch that reached it, and that is what the probed
 * instruction must be judged by. Only when the BTYPE is not compatible
 * does the page matter, so a landing pad reached the expected way (or any
 * instruction reached without an indirect branch) costs no lookup. False
 * after raising what the hardware raises: SIGILL/ILL_ILLOPC at PC, with
 * PC, BTYPE and every register as they were.
 */
static bool probesim_branch_target_ok(u32 opcode, struct pt_regs *regs)
{
	enum probesim_btype btype = (regs->pstate & PSR_BTYPE_MASK) >> PSR_BTYPE_SHIFT;

	/* probesim_branch_target_traps(), with the lookup only when it matters. */
	if (probesim_btype_allows(opcode, btype) || !probesim_page_guarded(regs->pc))
		return true;
	probesim_count_event(PROBESIM_EV_BRANCH_TARGET_FAULT);
	probesim_force_signal_inject(SIGILL, ILL_ILLOPC, regs->pc, 0);
	return false;
}
#endif

/*
 * What every handler does first: count the hit, then make the checks the
 * hardware makes before it executes the instruction (the branch-target
 * check). False when a check raised its signal: the handler then changes
 * nothing more.
 */
static bool probesim_begin_hit(enum probesim_family family, u32 opcode,
			       struct pt_regs *regs)
{
	probesim_count_hit(family);
#ifdef PROBESIM_WITH_BTI
	return probesim_branch_target_ok(opcode, regs);
#else
	return true;
#endif
}

void probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs)
{
	if (probesim_begin_hit(PROBESIM_NOP_FAMILY, opcode, regs))
		probesim_skip_insn(regs);
}
EXPORT_SYMBOL_GPL(probesim_simulate_nop);

#ifdef PROBESIM_WITH_BTI
/* BTI {c, j, jc}: once the branch-target check passed, a NOP. */
void probesim_simulate_bti(u32 opcode, long addr, struct pt_regs *regs)
{
	if (probesim_begin_hit(PROBESIM_BTI_FAMILY, opcode, regs))
		probesim_skip_insn(regs);
}
EXPORT_SYMBOL_GPL(probesim_simulate_bti);
#endif

#ifdef PROBESIM_WITH_PAC
/*
 * PACIASP/PACIBSP: once the branch-target check passed (they are landing
 * pads), LR signed with SP as the modifier, as the task itself would.
 */
void probesim_simulate_pac(u32 opcode, long addr, struct pt_regs *regs)
{
	if (!probesim_begin_hit(PROBESIM_PAC_FAMILY, opcode, regs))
		return;
	regs->regs[30] = probesim_pac_sign(opcode, regs->regs[30], regs->sp);
	probesim_skip_insn(regs);
}
EXPORT_SYMBOL_GPL(probesim_simulate_pac);
#endif

#ifdef PROBESIM_WITH_STP_SIM
#ifdef PROBESIM_MODULE
/*
 * Hand this hit of an STP back to the CPU: the uprobe stops simulating,
 * for every task, and PC stays at the breakpoint, so the task traps again
 * and the kernel single-steps the real instruction out of line. Whatever
 * the CPU then raises is the native fault, exactly: the signal and the
 * ESR in its frame, an OOM retry, a poisoned page, a protection key, a
 * userfaultfd that handles user faults only, a tag check. The price: the
 * uprobe's consumers see this hit twice, a uretprobe gets a second
 * instance, and the uprobe single-steps from now on. That is paid when a
 * push faults, which in practice is a stack overflow, or when the task
 * checks tags in a way a kernel store cannot (see the MTE case below).
 */
static void probesim_stp_to_xol(struct pt_regs *regs, enum probesim_event why)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned int found = 0;

	probesim_count_event(why);
	mmap_read_lock(mm);
	vma = vma_lookup(mm, regs->pc);
	if (vma)
		found = probesim_unpatch(vma, regs->pc);
	mmap_read_unlock(mm);
	/*
	 * A live uprobe is always found; were it not, trapping again would
	 * simulate again, forever: the task dies instead.
	 */
	if (vma && !found)
		force_sig(SIGSEGV);
}

/*
 * How a store by this task is tag checked (SCTLR_EL1.TCF0, switched with
 * the task, so read at the hit): true to store through the tagged
 * address, false to store untagged, or hand the hit back to the CPU.
 */
static bool probesim_stp_tag_checked(struct pt_regs *regs, bool *tagged)
{
	*tagged = false;
	if (!system_supports_mte())
		return true;
	switch (FIELD_GET(SCTLR_EL1_TCF0_MASK, current->thread.sctlr_user)) {
	case SCTLR_EL1_TCF0_NONE:
		/* No tag check natively either. */
		return true;
	case SCTLR_EL1_TCF0_SYNC:
		/*
		 * The kernel clears PSTATE.TCO on entry from such a task, so
		 * its uaccess is checked as the task's own store would be; a
		 * mismatch fails the store, and the CPU then faults natively.
		 */
		*tagged = true;
		return true;
	default:
		/*
		 * Asynchronous checks of a kernel store are discarded on the
		 * way back to the task; only the real store reports them.
		 */
		probesim_stp_to_xol(regs, PROBESIM_EV_STP_TAG_CHECK_XOL);
		return false;
	}
}
#else
/*
 * The signal the hardware would raise for a store to @addr that the kernel
 * could not complete: no mapping is SEGV_MAPERR, a mapping that does not
 * allow the write is SEGV_ACCERR. A writable mapping that still failed
 * (a file page past EOF, poisoned memory) is SIGBUS. Addresses outside the
 * user range are SEGV_MAPERR, as Linux reports them for EL0.
 */
static void probesim_stp_fault(unsigned long addr)
{
	unsigned long uaddr = untagged_addr(addr);
	struct vm_area_struct *vma;
	int signo = SIGSEGV, code = SEGV_MAPERR;

	if (uaddr < TASK_SIZE) {
		mmap_read_lock(current->mm);
		vma = vma_lookup(current->mm, uaddr);
		if (vma && (vma->vm_flags & VM_WRITE)) {
			signo = SIGBUS;
			code = BUS_ADRERR;
		} else if (vma) {
			code = SEGV_ACCERR;
		}
		mmap_read_unlock(current->mm);
	}
	probesim_count_event(PROBESIM_EV_STP_FAULT);
	probesim_force_sig_fault(signo, code, (void __user *)addr);
}

#endif

/* An SP alignment fault, raised as do_sp_pc_abort() raises it. */
static void probesim_sp_alignment_fault(struct pt_regs *regs)
{
	/* EC 0x26, from a 32-bit instruction; no syndrome. */
	unsigned long esr = (unsigned long)ESR_ELx_EC_SP_ALIGN << ESR_ELx_EC_SHIFT | ESR_ELx_IL;
	const char *what = "SP/PC alignment exception";

	probesim_arm64_notify_die(what, regs, SIGBUS, BUS_ADRALN, regs->sp, esr);
}

/*
 * STP Xt, Xt2, [SP, #imm]!
 *
 * Each doubleword is one 64-bit unprivileged store (STTR) to an 8-byte
 * aligned address: single-copy atomic, which is all STP promises without
 * FEAT_LSE2 (with LSE2 a 16-byte aligned STP is one atomic access; no
 * compiler-generated push relies on that). SP is written back only after
 * both stores succeeded. On a fault nothing but memory may have changed:
 * PC stays at the probed instruction, and the lower doubleword may already
 * be written when the upper one faults, which the architecture permits for
 * a pair. The module then hands the hit to the CPU, whose real store
 * faults as it does natively (probesim_stp_to_xol()); in-tree, the signal
 * is raised here, and a handler that repairs the fault restarts the push.
 */
void probesim_simulate_stp(u32 opcode, long addr, struct pt_regs *regs)
{
	u64 lo = probesim_xreg_or_zr(regs->regs, probesim_ldstp_rt(opcode));
	u64 hi = probesim_xreg_or_zr(regs->regs, probesim_ldstp_rt2(opcode));
	unsigned long sp = regs->sp;
	unsigned long target = probesim_stp_target(opcode, sp);
#ifdef PROBESIM_MODULE
	bool tagged;
#else
	unsigned long fault = target;
#endif
	u64 __user *dst;

	if (!probesim_begin_hit(PROBESIM_STP_FAMILY, opcode, regs))
		return;

	/*
	 * Linux runs EL0 with SCTLR_EL1.SA0 set: a load or store based on a
	 * misaligned SP takes an SP alignment fault before any access, which
	 * Linux reports as SIGBUS/BUS_ADRALN at SP, with the fault's ESR.
	 * Raised here because not every CPU (qemu) implements the check.
	 */
	if (sp & 0xf) {
		probesim_count_event(PROBESIM_EV_STP_FAULT);
		probesim_sp_alignment_fault(regs);
		return;
	}

#ifdef PROBESIM_MODULE
	if (!probesim_stp_tag_checked(regs, &tagged))
		return;
#endif
	/*
	 * EL0 data accesses ignore the top byte (TBI0), whether or not the
	 * task opted into the tagged address ABI, but access_ok() untags only
	 * for tasks that did. So the range is checked untagged; the store
	 * goes through the tagged address only where that tag is checked.
	 */
	dst = (u64 __user *)untagged_addr(target);
	if (!user_access_begin(dst, 2 * sizeof(u64)))
		goto fault_out;
#ifdef PROBESIM_MODULE
	if (tagged)
		dst = (u64 __user *)target;
#endif
	unsafe_put_user(lo, dst, fault_lo);
	unsafe_put_user(hi, dst + 1, fault_hi);
	user_access_end();

	regs->sp = target;
	probesim_skip_insn(regs);
	return;

fault_hi:
#ifndef PROBESIM_MODULE
	fault += sizeof(u64);
#endif
fault_lo:
	user_access_end();
fault_out:
#ifdef PROBESIM_MODULE
	probesim_stp_to_xol(regs, PROBESIM_EV_STP_FAULT);
#else
	probesim_stp_fault(fault);
#endif
}
EXPORT_SYMBOL_GPL(probesim_simulate_stp);
#endif

#ifdef PROBESIM_WITH_ALU
/*
 * Register-only instructions: compute on pt_regs in place (x0-x30, SP and
 * NZCV are all they can change), then step over. No memory is touched,
 * so nothing but the branch-target check can fault.
 */
static void probesim_simulate_alu(u32 opcode, struct pt_regs *regs,
				  void (*exec)(u32, const struct probesim_gprs *),
				  enum probesim_family family)
{
	const struct probesim_gprs r = {
		.x = regs->regs, .sp = &regs->sp, .pstate = &regs->pstate,
	};

	if (!probesim_begin_hit(family, opcode, regs))
		return;
	exec(opcode, &r);
	probesim_skip_insn(regs);
}

#define PROBESIM_ALU_HANDLER(name, family)				\
void probesim_simulate_##name(u32 opcode, long addr, struct pt_regs *regs) \
{									\
	probesim_simulate_alu(opcode, regs, probesim_exec_##name, family); \
}

PROBESIM_ALU_HANDLER(logic_imm, PROBESIM_LOGIC_IMM_FAMILY)
EXPORT_SYMBOL_GPL(probesim_simulate_logic_imm);
PROBESIM_ALU_HANDLER(addsub_imm, PROBESIM_ADDSUB_IMM_FAMILY)
EXPORT_SYMBOL_GPL(probesim_simulate_addsub_imm);
PROBESIM_ALU_HANDLER(movewide, PROBESIM_MOVEWIDE_FAMILY)
EXPORT_SYMBOL_GPL(probesim_simulate_movewide);
PROBESIM_ALU_HANDLER(logic_reg, PROBESIM_LOGIC_REG_FAMILY)
EXPORT_SYMBOL_GPL(probesim_simulate_logic_reg);
PROBESIM_ALU_HANDLER(addsub_reg, PROBESIM_ADDSUB_REG_FAMILY)
EXPORT_SYMBOL_GPL(probesim_simulate_addsub_reg);
#endif
