// SPDX-License-Identifier: GPL-2.0-only
/*
 * Handlers that execute a probed user instruction in the kernel instead of
 * single-stepping it out of line. They run from uprobe_notify_resume():
 * process context, interrupts enabled, page faults allowed.
 */
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/sched/signal.h>
#include <linux/sched/task_stack.h>
#include <linux/uaccess.h>
#include <asm/cpufeature.h>
#include <asm/debug-monitors.h>
#include <asm/ptrace.h>
#include "probesim.h"

#ifdef PROBESIM_MODULE
/*
 * force_sig_fault() is what the hardware fault paths use: unlike the
 * exported send_sig_info() it unblocks and un-ignores the signal, so that a
 * task blocking SIGSEGV dies as it would natively instead of restarting
 * the probed instruction forever. force_signal_inject() is how the kernel
 * reports a Branch Target exception from EL0 (SIGILL/ILL_ILLOPC at PC, no
 * ESR in the signal frame). Neither is exported: both are resolved at load
 * time (symbols.c).
 */
int (*probesim_force_sig_fault)(int sig, int code, void __user *addr);
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

void probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs)
{
	probesim_count_hit(PROBESIM_NOP_FAMILY);
#ifdef PROBESIM_WITH_BTI
	if (!probesim_branch_target_ok(opcode, regs))
		return;
#endif
	probesim_skip_insn(regs);
}
EXPORT_SYMBOL_GPL(probesim_simulate_nop);

#ifdef PROBESIM_WITH_BTI
/* BTI {c, j, jc}: once the branch-target check passed, a NOP. */
void probesim_simulate_bti(u32 opcode, long addr, struct pt_regs *regs)
{
	probesim_count_hit(PROBESIM_BTI_FAMILY);
	if (probesim_branch_target_ok(opcode, regs))
		probesim_skip_insn(regs);
}
EXPORT_SYMBOL_GPL(probesim_simulate_bti);
#endif

#ifdef PROBESIM_WITH_STP_SIM
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

/*
 * STP Xt, Xt2, [SP, #imm]!
 *
 * Each doubleword is one 64-bit unprivileged store (STTR) to an 8-byte
 * aligned address: single-copy atomic, which is all STP promises without
 * FEAT_LSE2 (with LSE2 a 16-byte aligned STP is one atomic access; no
 * compiler-generated push relies on that). SP is written back only after
 * both stores succeeded. On a fault nothing but memory may have changed:
 * PC stays at the probed instruction, so a handler that repairs the fault
 * restarts it, and the lower doubleword may already be written when the
 * upper one faults, which the architecture permits for a pair.
 */
void probesim_simulate_stp(u32 opcode, long addr, struct pt_regs *regs)
{
	u64 lo = probesim_xreg_or_zr(regs->regs, probesim_ldstp_rt(opcode));
	u64 hi = probesim_xreg_or_zr(regs->regs, probesim_ldstp_rt2(opcode));
	unsigned long sp = regs->sp;
	unsigned long target = probesim_stp_target(opcode, sp);
	unsigned long fault = target;
	u64 __user *dst;

	probesim_count_hit(PROBESIM_STP_FAMILY);
#ifdef PROBESIM_WITH_BTI
	if (!probesim_branch_target_ok(opcode, regs))
		return;
#endif

	/*
	 * Linux runs EL0 with SCTLR_EL1.SA0 set: a load or store based on a
	 * misaligned SP takes an SP alignment fault before any access, which
	 * Linux reports as SIGBUS/BUS_ADRALN at SP.
	 */
	if (sp & 0xf) {
		probesim_count_event(PROBESIM_EV_STP_FAULT);
		probesim_force_sig_fault(SIGBUS, BUS_ADRALN, (void __user *)sp);
		return;
	}

	/*
	 * EL0 data accesses ignore the top byte (TBI0), whether or not the
	 * task opted into the tagged address ABI, but access_ok() untags only
	 * for tasks that did. Store through the untagged address; SP keeps
	 * its tag on writeback and si_addr keeps it as FAR would.
	 */
	dst = (u64 __user *)untagged_addr(target);
	if (!user_access_begin(dst, 2 * sizeof(u64)))
		goto fault_out;
	unsafe_put_user(lo, dst, fault_lo);
	unsafe_put_user(hi, dst + 1, fault_hi);
	user_access_end();

	regs->sp = target;
	probesim_skip_insn(regs);
	return;

fault_hi:
	fault += sizeof(u64);
fault_lo:
	user_access_end();
fault_out:
	probesim_stp_fault(fault);
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

	probesim_count_hit(family);
#ifdef PROBESIM_WITH_BTI
	if (!probesim_branch_target_ok(opcode, regs))
		return;
#endif
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

probes_handler_t *probesim_handler(enum probesim_family family)
{
	switch (family) {
	case PROBESIM_NOP_FAMILY:
		return probesim_simulate_nop;
#ifdef PROBESIM_WITH_STP_SIM
	case PROBESIM_STP_FAMILY:
		return probesim_simulate_stp;
#endif
#ifdef PROBESIM_WITH_ALU
	case PROBESIM_LOGIC_IMM_FAMILY:
		return probesim_simulate_logic_imm;
	case PROBESIM_ADDSUB_IMM_FAMILY:
		return probesim_simulate_addsub_imm;
	case PROBESIM_MOVEWIDE_FAMILY:
		return probesim_simulate_movewide;
	case PROBESIM_LOGIC_REG_FAMILY:
		return probesim_simulate_logic_reg;
	case PROBESIM_ADDSUB_REG_FAMILY:
		return probesim_simulate_addsub_reg;
#endif
#ifdef PROBESIM_WITH_BTI
	case PROBESIM_BTI_FAMILY:
		return probesim_simulate_bti;
#endif
	default:
		return NULL;
	}
}
