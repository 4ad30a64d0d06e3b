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
#include "lib/insn.c"
#include "probes/decode-insn.c"
#include "probes/simulate-insn.c"

#include <linux/bitfield.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <asm/cpufeature.h>
#include <asm/sysreg.h>
#include "probesim.h"
#include "trace.h"

/* The push's watchpoint check, made as the push makes it: preemption off. */
static bool probesim_push_watched(void)
{
	bool watched;

	preempt_disable();
	watched = arm_uprobe_el0_watchpoint_armed();
	preempt_enable();
	return watched;
}

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
 * stack overflow, for a task that checks tags asynchronously, or under a
 * debugger's watchpoint.
 */
static noinline void probesim_hand_back(enum probesim_family family, struct pt_regs *regs)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	unsigned int found = 0;
	u64 tcf0 = FIELD_GET(SCTLR_EL1_TCF0_MASK, current->thread.sctlr_user);
	enum probesim_event why;

	/*
	 * Why: another family's decline; a push by a task whose tag-check
	 * mode a kernel store cannot honour; a push an EL0 watchpoint would
	 * miss; or a push that faulted. Asked again here, for the counters
	 * alone.
	 */
	if (family != PROBESIM_STP_FAMILY)
		why = PROBESIM_EV_DECLINED;
	else if (system_supports_mte() && tcf0 != SCTLR_EL1_TCF0_NONE &&
		 tcf0 != SCTLR_EL1_TCF0_SYNC)
		why = PROBESIM_EV_STP_TAG_CHECK_XOL;
	else if (probesim_push_watched())
		why = PROBESIM_EV_STP_WATCHPOINT_XOL;
	else
		why = PROBESIM_EV_STP_FAULT;
	probesim_count_event(why);

	mmap_read_lock(mm);
	vma = vma_lookup(mm, regs->pc);
	if (vma)
		found = probesim_unpatch(vma, regs->pc, probesim_event_name(why));
	mmap_read_unlock(mm);
	/*
	 * A live uprobe is always found; were it not, trapping again would
	 * simulate again, forever: the task dies instead.
	 */
	if (vma && !found)
		force_sig(SIGSEGV);
}

/*
 * The last pages the branch-target check found unguarded on this CPU, one
 * for each value of the low bits of the page number.
 *
 * A NOP, push or ALU instruction reached through a pointer or a PLT stub
 * arrives with a BTYPE it does not accept, so every such hit asks
 * whether its page is guarded, which costs a walk of the page tables.
 * The answer depends only on the VM_ARM64_BTI flag of the VMA the page
 * lies in (the GP bit of every entry follows it), and the VMAs of an mm
 * and their flags change only under its mmap lock held for writing,
 * whose sequence count (mm->mm_lock_seq) is odd while a writer holds it
 * and advances again when it lets go. So an answer found while the count
 * was S holds for as long as the count is S, and the entry is keyed by
 * it. The mm is named by its address and its ASID with generation: an
 * mm freed and another allocated at the same address never share those,
 * since a freed mm's ASID is not handed out again before the generation
 * changes. Only "unguarded" is kept: a guarded page with a BTYPE the
 * instruction does not accept is a SIGILL, which no fast path needs.
 * Kernels without the sequence count (before the per-VMA locks) walk
 * every time.
 */
struct probesim_page {
	const struct mm_struct *mm;
	u64 asid;
	unsigned long page;
	unsigned int seq;
};

#if defined(CONFIG_PER_VMA_LOCK) && defined(PROBESIM_HAVE_MM_LOCK_SEQCOUNT)
#define PROBESIM_UNGUARDED_PAGES	8	/* a power of two */
static DEFINE_PER_CPU(struct probesim_page[PROBESIM_UNGUARDED_PAGES], probesim_unguarded);

/* The slot of @key's page, on this CPU; preemption is off. */
static __always_inline struct probesim_page *probesim_page_slot(const struct probesim_page *key)
{
	return this_cpu_ptr(&probesim_unguarded[(key->page >> PAGE_SHIFT) &
						(PROBESIM_UNGUARDED_PAGES - 1)]);
}

/* @addr's page in the current mm, or false while a writer holds its mmap lock. */
static __always_inline bool probesim_page_key(struct probesim_page *key, unsigned long addr)
{
	struct mm_struct *mm = current->mm;

	/*
	 * Ordered after the loads of an earlier hit's walk on this CPU: had
	 * that walk seen a writer's change, the count read here is past S.
	 */
	smp_rmb();
	key->seq = raw_read_seqcount(&mm->mm_lock_seq);
	key->mm = mm;
	key->asid = atomic64_read(&mm->context.id);
	key->page = addr & PAGE_MASK;
	return !(key->seq & 1);
}

static __always_inline bool probesim_page_known_unguarded(const struct probesim_page *key)
{
	const struct probesim_page *last;
	bool known;

	preempt_disable();
	last = probesim_page_slot(key);
	known = last->mm == key->mm && last->asid == key->asid &&
		last->page == key->page && last->seq == key->seq;
	preempt_enable();
	return known;
}

static __always_inline void probesim_page_remember_unguarded(const struct probesim_page *key)
{
	preempt_disable();
	*probesim_page_slot(key) = *key;
	preempt_enable();
}
#else
static __always_inline bool probesim_page_key(struct probesim_page *key, unsigned long addr)
{
	return false;
}

static __always_inline bool probesim_page_known_unguarded(const struct probesim_page *key)
{
	return false;
}

static __always_inline void probesim_page_remember_unguarded(const struct probesim_page *key)
{
}
#endif

/*
 * arm_uprobe_check_branch_target(), with the answer for the last page
 * found unguarded remembered (above). Only a landing pad accepts a BTYPE
 * other than 00 (families.h, checked when the uprobe is analysed), so the
 * other families test for 00 alone.
 */
static __always_inline bool probesim_branch_target_ok(bool pad, u32 opcode,
						      struct pt_regs *regs)
{
	u64 btype = regs->pstate & PSR_BTYPE_MASK;
	/* Written whole by probesim_page_key() before any read: no zeroing. */
	struct probesim_page key __uninitialized;
	bool keyed;

	if (btype == PSR_BTYPE_NONE || (pad && arm_probe_btype_compatible(opcode, btype)))
		return true;
	keyed = probesim_page_key(&key, instruction_pointer(regs));
	if (keyed && probesim_page_known_unguarded(&key))
		return true;
	if (!arm_uprobe_check_branch_target(opcode, regs))
		return false;
	if (keyed)
		probesim_page_remember_unguarded(&key);
	return true;
}

/*
 * The trace event of a hit that failed the branch-target check, named by
 * its probe's key; the lookup is made only while a tracer listens.
 */
static noinline void probesim_trace_branch_target_fault(enum probesim_family family,
							u64 btype, unsigned long pc)
{
	struct probesim_probe_key key = { };
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;

	if (!trace_probesim_branch_target_fault_enabled())
		return;
	mmap_read_lock(mm);
	vma = vma_lookup(mm, pc);
	if (vma)
		probesim_probe_key(vma, pc, &key);
	mmap_read_unlock(mm);
	trace_probesim_branch_target_fault(key.dev, key.ino, key.offset,
					   probesim_family_name(family), pc,
					   btype >> PSR_BTYPE_SHIFT);
}

/*
 * One hit, for a family known at compile time: @simulate is a constant at
 * every use below, so the call is direct and the compiler may inline it.
 * Only a hit that the instruction completed, or that raised the
 * instruction's own signal, counts as a simulated hit; one that failed
 * the branch-target check counts as that, and one handed back as a decline.
 */
static __always_inline void probesim_hit(enum probesim_family family, bool pad,
					 uprobe_sim_handler_t *simulate, u32 opcode,
					 long addr, struct pt_regs *regs)
{
	if (unlikely(!probesim_branch_target_ok(pad, opcode, regs))) {
		probesim_count_event(PROBESIM_EV_BRANCH_TARGET_FAULT);
		probesim_trace_branch_target_fault(family, regs->pstate & PSR_BTYPE_MASK,
						   instruction_pointer(regs));
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
#define PROBESIM_FAMILY(id, name, handler, pad, ...)				\
static __flatten void probesim_hit_##name(u32 opcode, long addr,		\
					  struct pt_regs *regs)			\
{										\
	probesim_hit(PROBESIM_##id##_FAMILY, pad, handler, opcode, addr, regs);	\
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
