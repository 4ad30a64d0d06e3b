// SPDX-License-Identifier: GPL-2.0-only
/*
 * A hit of a uprobe the module simulates. The kernel calls the handler the
 * hook installed, auprobe->api.handler, from uprobe_notify_resume():
 * process context, interrupts enabled, page faults allowed. Every family
 * goes through the same steps as in the kernel tree's
 * arch_uprobe_skip_sstep(): the branch-target check, the family's handler
 * (module/probes/simulate-insn.c), and the completion that sets BTYPE and
 * fast-forwards a debugger's single step. What differs is what follows a
 * handler that declines the hit.
 *
 * The code shared with the kernel tree is compiled here, in this one unit,
 * so that each family's hit is one function: the check's common case, the
 * handler and the completion inline, and no call but the kernel's own
 * into it. In the tree they are calls within the kernel image.
 */
#include "probes/decode-insn.c"
#include "probes/simulate-insn.c"

#include <linux/bitfield.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <asm/cpufeature.h>
#include <asm/sysreg.h>
#include "probesim.h"

/*
 * Hand a declined hit back to the CPU. In the tree the kernel then steps
 * the instruction out of line at once; the module cannot make it do that
 * for a hit whose handler already ran (arch_uprobe_skip_sstep() has
 * returned true by then), so the uprobe stops simulating, for every task,
 * and PC stays on the breakpoint: the task traps again and the kernel
 * steps the real instruction. Whatever the CPU then raises is the native
 * fault, exactly. The price: the uprobe's consumers see this hit twice, a
 * uretprobe gets a second instance, and the uprobe single-steps from now
 * on. In practice only an STP push declines: when it faults, which is a
 * stack overflow, or for a task that checks tags asynchronously.
 */
static noinline void probesim_hand_back(enum probesim_family family, struct pt_regs *regs)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned int found = 0;
	u64 tcf0 = FIELD_GET(SCTLR_EL1_TCF0_MASK, current->thread.sctlr_user);

	/* Why: a tag-check mode a kernel store cannot honour, or a fault. */
	if (family != PROBESIM_STP_FAMILY)
		probesim_count_event(PROBESIM_EV_DECLINED);
	else if (system_supports_mte() && tcf0 != SCTLR_EL1_TCF0_NONE &&
		 tcf0 != SCTLR_EL1_TCF0_SYNC)
		probesim_count_event(PROBESIM_EV_STP_TAG_CHECK_XOL);
	else
		probesim_count_event(PROBESIM_EV_STP_FAULT);

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
 * One hit, for a family known at compile time: @simulate is a constant at
 * every use below, so the call is direct and the compiler may inline it.
 * Only a hit that the instruction completed, or that raised the
 * instruction's own signal, counts as a simulated hit; one that failed
 * the branch-target check counts as that, and one handed back as a decline.
 */
static __always_inline void probesim_hit(enum probesim_family family,
					 uprobe_sim_handler_t *simulate, u32 opcode,
					 long addr, struct pt_regs *regs)
{
	if (unlikely(!arm_uprobe_check_branch_target(opcode, regs))) {
		probesim_count_event(PROBESIM_EV_BRANCH_TARGET_FAULT);
		return;
	}
	if (unlikely(!simulate(opcode, addr, regs))) {
		probesim_hand_back(family, regs);
		return;
	}
	/* A push that did not complete raised the SP alignment fault. */
	if (family == PROBESIM_STP_FAMILY && unlikely(instruction_pointer(regs) == addr))
		probesim_count_event(PROBESIM_EV_STP_FAULT);
	arm_uprobe_complete_sim(opcode, addr, regs);
	probesim_count_hit(family);
}

/*
 * One handler per family, for auprobe->api.handler, which is given no
 * family. Flattened: what it calls in this unit is inlined into it, down
 * to the handler and the completion.
 */
#define PROBESIM_FAMILY(id, name, handler, ...)					\
static __flatten void probesim_hit_##name(u32 opcode, long addr,		\
					  struct pt_regs *regs)			\
{										\
	probesim_hit(PROBESIM_##id##_FAMILY, handler, opcode, addr, regs);	\
}

#include "families.h"
#undef PROBESIM_FAMILY

/*
 * NOP, as Linux 6.13 simulates it (simulate_nop()), for the kernels before;
 * arm_uprobe_complete_sim() does the rest.
 */
bool probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs)
{
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}

static probes_handler_t * const probesim_hits[PROBESIM_NR_FAMILIES] = {
#define PROBESIM_FAMILY(id, name, ...) \
	[PROBESIM_##id##_FAMILY] = probesim_hit_##name,
#include "families.h"
#undef PROBESIM_FAMILY
};

probes_handler_t *probesim_hit_handler(enum probesim_family family)
{
	if ((unsigned int)family >= PROBESIM_NR_FAMILIES)
		return NULL;
	return probesim_hits[family];
}
