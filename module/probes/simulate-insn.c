// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the series adds to arch/arm64/kernel/probes/simulate-insn.c, at its
 * end: the branch-target check and the completion that every instruction a
 * uprobe simulates goes through, and the handlers of the instructions that
 * only uprobes simulate. The module compiles this file as it is
 * (module/compat.h supplies what a kernel lacks or does not export). Lines
 * outside any block come with the fix that completes simulated instructions
 * as the CPU does, the #ifndef PROBESIM_FIXES_ONLY blocks with the
 * branch-target check, each PROBESIM_WITH_* block with its family. The
 * #include lines go to the top of the file.
 */
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <asm/cpufeature.h>
#include <asm/debug-monitors.h>
#ifndef PROBESIM_FIXES_ONLY
#include <linux/bitfield.h>
#include <linux/pagemap.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <kunit/visibility.h>
#include <asm/daifflags.h>
#include <asm/esr.h>
#include <asm/system_misc.h>

#include "decode-insn.h"
#endif
#ifdef PROBESIM_WITH_STP
#include <asm/hw_breakpoint.h>
#endif

#ifdef CONFIG_UPROBES
/*
 * Whether the entry that maps @addr in the current task has the GP bit:
 * 1 or 0, or -EAGAIN when no valid entry maps it (just unmapped, or being
 * changed).
 *
 * No lock is taken: the tables are walked as GUP-fast walks them, with
 * interrupts off, so that no table can be freed under the walk (arm64
 * frees them through MMU_GATHER_RCU_TABLE_FREE, whose IPI or grace period
 * an interrupts-off region holds off), and each entry is read once. The
 * GP bit is what the CPU itself checks: every entry of a VM_ARM64_BTI
 * mapping, block entries included, carries it, and mprotect() rewrites
 * the entries with the VMA. A hit racing with mprotect() sees the state
 * before or after it, as the CPU could.
 */
static int arm_uprobe_entry_guarded(unsigned long addr)
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
	pgdp = pgd_offset(current->mm, addr);
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
		pte = pud_pte(pud);
		goto leaf;
	}
	if (pud_bad(pud))
		goto out;
	pmdp = pmd_offset_lockless(pudp, pud, addr);
	pmd = READ_ONCE(*pmdp);
	if (pmd_none(pmd))
		goto out;
	if (pmd_leaf(pmd)) {
		pte = pmd_pte(pmd);
		goto leaf;
	}
	if (pmd_bad(pmd))
		goto out;
	pte = ptep_get_lockless(pte_offset_kernel(&pmd, addr));
leaf:
	if (pte_valid(pte))
		guarded = !!(pte_val(pte) & PTE_GP);
out:
	local_irq_restore(flags);
	return guarded;
}

/*
 * Whether the user page holding @addr is guarded (mapped with PROT_BTI).
 * This is on a common path: every indirect branch sets BTYPE, so a
 * function reached through a pointer or a PLT stub traps with a BTYPE that
 * only a landing pad accepts. The page-table entry answers without a lock;
 * the VMA, under the mmap lock, only when no valid entry maps @addr.
 */
static bool arm_uprobe_page_guarded(unsigned long addr)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	bool guarded;
	int entry;

	if (!system_supports_bti())
		return false;
	entry = arm_uprobe_entry_guarded(addr);
	if (entry >= 0)
		return entry;
	mmap_read_lock(mm);
	vma = vma_lookup(mm, addr);
	guarded = vma && (vma->vm_flags & VM_ARM64_BTI);
	mmap_read_unlock(mm);
	return guarded;
}

#ifndef PROBESIM_FIXES_ONLY
/*
 * The branch-target check the CPU makes before it executes an instruction
 * (arm_probe_btype_compatible()). The BRK of a uprobe is compatible with
 * every BTYPE, so it was taken with the BTYPE of the branch that reached
 * the probed instruction, and that is what the instruction must pass.
 * Only an incompatible BTYPE makes the page matter, so a landing pad
 * reached the way it expects, or any instruction reached without an
 * indirect branch, costs no lookup. On failure the task gets what a Branch
 * Target exception gives it (do_el0_bti()), with every register as it was.
 */
bool arm_uprobe_check_branch_target(u32 insn, struct pt_regs *regs)
{
	if (arm_probe_btype_compatible(insn, regs->pstate & PSR_BTYPE_MASK) ||
	    !arm_uprobe_page_guarded(instruction_pointer(regs)))
		return true;
	force_signal_inject(SIGILL, ILL_ILLOPC, instruction_pointer(regs), 0);
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(arm_uprobe_check_branch_target);
#endif

/*
 * What every simulated instruction does to PSTATE as it completes: BTYPE
 * is the one the instruction sets (BLR 10; BR 01 through X16 or X17 or
 * from an unguarded page, 11 otherwise; everything else 00), so that the
 * branch target is checked as it would be; and a debugger's single step
 * is taken now, as after the real instruction, rather than after the next.
 * An instruction other than a branch that left PC where it was raised a
 * signal instead of completing (an SP alignment fault): PSTATE stays as
 * the exception found it.
 */
void arm_uprobe_complete_sim(u32 insn, long addr, struct pt_regs *regs)
{
	u64 btype = PSR_BTYPE_NONE;
	u32 rn;

	if (instruction_pointer(regs) == addr && !aarch64_insn_is_branch(insn))
		return;

	if (system_supports_bti()) {
		if (aarch64_insn_is_blr(insn)) {
			btype = PSR_BTYPE_C;
		} else if (aarch64_insn_is_br(insn)) {
			rn = aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RN, insn);
			if (rn == AARCH64_INSN_REG_16 || rn == AARCH64_INSN_REG_17 ||
			    !arm_uprobe_page_guarded(addr))
				btype = PSR_BTYPE_JC;
			else
				btype = PSR_BTYPE_J;
		}
	}
	regs->pstate = (regs->pstate & ~PSR_BTYPE_MASK) | btype;
	user_fastforward_single_step(current);
}

#ifndef PROBESIM_FIXES_ONLY
EXPORT_SYMBOL_IF_KUNIT(arm_uprobe_complete_sim);
#endif

#ifdef PROBESIM_WITH_ALU
/*
 * Register-only data processing, computed on pt_regs as the Arm ARM's
 * pseudocode does. A 32-bit operation reads the low halves of its sources
 * and writes its result zero-extended, SP included. Register 31 is XZR
 * except where the encoding makes it SP: source and destination of ADD and
 * SUB (immediate), the source of ADDS and SUBS (immediate), the
 * destination of AND, ORR and EOR (immediate). A write to SP is not
 * alignment-checked: only an access through it would be.
 *
 * Fields that <asm/insn.h> has no decoder for:
 */
#define DP_OPC		GENMASK(30, 29)		/* logical: AND, ORR, EOR, ANDS */
#define DP_SUB		BIT(30)			/* add/sub: SUB */
#define DP_SETFLAGS	BIT(29)			/* add/sub: S */
#define DP_SHIFT	GENMASK(23, 22)		/* shifted register: LSL, LSR, ASR, ROR */
#define DP_HW		GENMASK(22, 21)		/* move wide: halfword */
#define DP_INVERT	BIT(21)			/* logical (register): N */
#define DP_NZCV		(PSR_N_BIT | PSR_Z_BIT | PSR_C_BIT | PSR_V_BIT)

enum { DP_AND, DP_ORR, DP_EOR, DP_ANDS };
enum { DP_LSL, DP_LSR, DP_ASR, DP_ROR };

static u64 dp_width_mask(u32 insn)
{
	return insn & AARCH64_INSN_SF_BIT ? GENMASK_ULL(63, 0) : GENMASK_ULL(31, 0);
}

static u64 dp_sign_bit(u64 mask)
{
	return mask & ~(mask >> 1);
}

static u32 dp_reg(enum aarch64_insn_register_type type, u32 insn)
{
	return aarch64_insn_decode_register(type, insn);
}

/* Register @n where 31 is SP (pt_regs_read_reg() reads it as XZR). */
static u64 read_reg_or_sp(struct pt_regs *regs, u32 n)
{
	return n == AARCH64_INSN_REG_SP ? regs->sp : pt_regs_read_reg(regs, n);
}

static void write_reg_or_sp(struct pt_regs *regs, u32 n, u64 val)
{
	if (n == AARCH64_INSN_REG_SP)
		regs->sp = val;
	else
		pt_regs_write_reg(regs, n, val);
}

static void set_nzcv(struct pt_regs *regs, u64 nzcv)
{
	regs->pstate = (regs->pstate & ~DP_NZCV) | FIELD_PREP(DP_NZCV, nzcv);
}

/* N and Z of a result; C and V clear, as logical instructions leave them. */
static u64 dp_nz(u64 res, u64 mask)
{
	return (res & dp_sign_bit(mask) ? 8 : 0) | (res ? 0 : 4);
}

/*
 * AddWithCarry(): x + y + carry in the operation's width, and the NZCV it
 * produces (C the unsigned carry out, V the signed overflow). A
 * subtraction is x + NOT(y) + 1.
 */
static u64 add_with_carry(u64 x, u64 y, unsigned int carry, u64 mask, u64 *nzcv)
{
	u64 sum, res, c;

	x &= mask;
	y &= mask;
	if (mask == GENMASK_ULL(63, 0)) {
		sum = x + y;
		res = sum + carry;
		c = sum < x || res < sum;
	} else {
		sum = x + y + carry;
		res = sum & mask;
		c = sum >> 32;
	}
	/* Signed overflow: both operands differ in sign from the result. */
	*nzcv = dp_nz(res, mask) | (c ? 2 : 0) |
		((x ^ res) & (y ^ res) & dp_sign_bit(mask) ? 1 : 0);
	return res;
}

static u64 dp_logic(u32 insn, u64 a, u64 b)
{
	switch (FIELD_GET(DP_OPC, insn)) {
	case DP_ORR:
		return a | b;
	case DP_EOR:
		return a ^ b;
	default:	/* AND, ANDS */
		return a & b;
	}
}

/* ShiftReg(); the decoder keeps the amount below the width. */
static u64 dp_shifted_reg(struct pt_regs *regs, u32 insn, u64 mask)
{
	u64 val = pt_regs_read_reg(regs, dp_reg(AARCH64_INSN_REGTYPE_RM, insn)) & mask;
	unsigned int amount = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_6, insn);
	unsigned int bits = insn & AARCH64_INSN_SF_BIT ? 64 : 32;

	if (!amount)
		return val;
	switch (FIELD_GET(DP_SHIFT, insn)) {
	case DP_LSL:
		return (val << amount) & mask;
	case DP_LSR:
		return val >> amount;
	case DP_ASR:
		/* Copies of the sign bit shift in from the top. */
		if (val & dp_sign_bit(mask))
			return ((val >> amount) | ~(mask >> amount)) & mask;
		return val >> amount;
	default:	/* ROR */
		return ((val >> amount) | (val << (bits - amount))) & mask;
	}
}

/* AND, ORR, EOR, ANDS (immediate); TST and MOV (bitmask) are aliases. */
bool simulate_logic_imm(u32 opcode, long addr, struct pt_regs *regs)
{
	u32 rd = dp_reg(AARCH64_INSN_REGTYPE_RD, opcode);
	u64 mask = dp_width_mask(opcode);
	u64 imm = 0, res;

	aarch64_insn_decode_logical_immediate(opcode, &imm);	/* the decoder checked it */
	res = dp_logic(opcode, pt_regs_read_reg(regs, dp_reg(AARCH64_INSN_REGTYPE_RN, opcode)),
		       imm) & mask;
	if (FIELD_GET(DP_OPC, opcode) == DP_ANDS) {
		set_nzcv(regs, dp_nz(res, mask));
		pt_regs_write_reg(regs, rd, res);
	} else {
		write_reg_or_sp(regs, rd, res);
	}
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_logic_imm);

/* ADD, ADDS, SUB, SUBS (immediate); MOV to or from SP, CMP, CMN. */
bool simulate_add_sub_imm(u32 opcode, long addr, struct pt_regs *regs)
{
	u32 rd = dp_reg(AARCH64_INSN_REGTYPE_RD, opcode);
	u64 imm = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_12, opcode);
	u64 mask = dp_width_mask(opcode);
	bool sub = opcode & DP_SUB;
	u64 nzcv, res;

	if (opcode & AARCH64_INSN_LSL_12)
		imm <<= 12;
	res = add_with_carry(read_reg_or_sp(regs, dp_reg(AARCH64_INSN_REGTYPE_RN, opcode)),
			     sub ? ~imm : imm, sub, mask, &nzcv);
	if (opcode & DP_SETFLAGS) {
		set_nzcv(regs, nzcv);
		pt_regs_write_reg(regs, rd, res);
	} else {
		write_reg_or_sp(regs, rd, res);
	}
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_add_sub_imm);

/* MOVN, MOVZ, MOVK: a halfword placed at hw * 16. */
bool simulate_movewide(u32 opcode, long addr, struct pt_regs *regs)
{
	u32 rd = dp_reg(AARCH64_INSN_REGTYPE_RD, opcode);
	unsigned int shift = FIELD_GET(DP_HW, opcode) * 16;
	u64 imm = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_16, opcode) << shift;
	u64 res;

	if (aarch64_insn_is_movn(opcode))
		res = ~imm;
	else if (aarch64_insn_is_movk(opcode))
		res = (pt_regs_read_reg(regs, rd) & ~(GENMASK_ULL(15, 0) << shift)) | imm;
	else
		res = imm;
	pt_regs_write_reg(regs, rd, res & dp_width_mask(opcode));
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_movewide);

/* AND, BIC, ORR, ORN, EOR, EON, ANDS, BICS (shifted register); MOV, MVN, TST. */
bool simulate_logic_reg(u32 opcode, long addr, struct pt_regs *regs)
{
	u64 mask = dp_width_mask(opcode);
	u64 op2 = dp_shifted_reg(regs, opcode, mask);
	u64 res;

	if (opcode & DP_INVERT)
		op2 = ~op2;
	res = dp_logic(opcode, pt_regs_read_reg(regs, dp_reg(AARCH64_INSN_REGTYPE_RN, opcode)),
		       op2) & mask;
	if (FIELD_GET(DP_OPC, opcode) == DP_ANDS)
		set_nzcv(regs, dp_nz(res, mask));
	pt_regs_write_reg(regs, dp_reg(AARCH64_INSN_REGTYPE_RD, opcode), res);
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_logic_reg);

/* ADD, ADDS, SUB, SUBS (shifted register); NEG, NEGS, CMP, CMN. */
bool simulate_add_sub_reg(u32 opcode, long addr, struct pt_regs *regs)
{
	u64 mask = dp_width_mask(opcode);
	u64 op2 = dp_shifted_reg(regs, opcode, mask);
	bool sub = opcode & DP_SUB;
	u64 nzcv, res;

	res = add_with_carry(pt_regs_read_reg(regs, dp_reg(AARCH64_INSN_REGTYPE_RN, opcode)),
			     sub ? ~op2 : op2, sub, mask, &nzcv);
	if (opcode & DP_SETFLAGS)
		set_nzcv(regs, nzcv);
	pt_regs_write_reg(regs, dp_reg(AARCH64_INSN_REGTYPE_RD, opcode), res);
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_add_sub_reg);
#endif

#ifdef PROBESIM_WITH_BTI
/* BTI {c, j, jc}: the branch-target check has passed, so a NOP. */
bool simulate_bti(u32 opcode, long addr, struct pt_regs *regs)
{
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_bti);
#endif

#ifdef PROBESIM_WITH_PAC
#ifdef CONFIG_ARM64_PTR_AUTH
/* PACIA1716: X17 signed with modifier X16 under the IA key installed. */
static __always_inline u64 arm_uprobe_pacia1716(u64 ptr, u64 modifier)
{
	u64 signed_ptr;

	asm volatile("	mov	x17, %[ptr]\n"
		     "	mov	x16, %[modifier]\n"
		     "	hint	#8\n"	/* PACIA1716 */
		     "	mov	%[signed_ptr], x17\n"
		     : [signed_ptr] "=r" (signed_ptr)
		     : [ptr] "r" (ptr), [modifier] "r" (modifier)
		     : "x16", "x17", "memory");
	return signed_ptr;
}

/*
 * MSR takes its value from a general register, so the halves of a key
 * just written to APIAKey_EL1 are left in scratch registers. Zero all
 * those a callee may clobber (X0-X17, and X18 unless it holds the shadow
 * call stack), so that no key outlives the function there; the compiler
 * keeps what is live in the others.
 */
static __always_inline void arm_uprobe_scrub_scratch(void)
{
	asm volatile("	mov	x0, xzr\n	mov	x1, xzr\n	mov	x2, xzr\n"
		     "	mov	x3, xzr\n	mov	x4, xzr\n	mov	x5, xzr\n"
		     "	mov	x6, xzr\n	mov	x7, xzr\n	mov	x8, xzr\n"
		     "	mov	x9, xzr\n	mov	x10, xzr\n	mov	x11, xzr\n"
		     "	mov	x12, xzr\n	mov	x13, xzr\n	mov	x14, xzr\n"
		     "	mov	x15, xzr\n	mov	x16, xzr\n	mov	x17, xzr\n"
		     : : : "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8",
		       "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16",
		       "x17");
#ifndef CONFIG_SHADOW_CALL_STACK
	asm volatile("	mov	x18, xzr\n" : : : "x18");
#endif
}

#ifdef CONFIG_ARM64_PTR_AUTH_KERNEL
/*
 * PACIA1716 under the task's IA key. Here APIAKey_EL1 holds the kernel's
 * own key, which signs the kernel's return addresses, so the task's key
 * is installed for this one instruction and the kernel's put back with
 * ptrauth_keys_switch_kernel(), as a context switch does. Every exception
 * is masked in between, so that no handler signs or checks a kernel
 * return address with the task's key, and the function is noinstr: no
 * tracer, sanitizer or kprobe call can run while that key is installed.
 * Both keys come from the task's own memory, where the kernel keeps
 * them; no key register is ever read, and no copy is left behind.
 */
static noinstr u64 arm_uprobe_pacia(u64 ptr, u64 modifier, const struct ptrauth_key *key)
{
	unsigned long flags;
	u64 signed_ptr;

	flags = local_daif_save();
	__ptrauth_key_install_nosync(APIA, *key);
	isb();
	signed_ptr = arm_uprobe_pacia1716(ptr, modifier);
	ptrauth_keys_switch_kernel(&current->thread.keys_kernel);
	arm_uprobe_scrub_scratch();
	local_daif_restore(flags);
	return signed_ptr;
}
#else
/*
 * PACIA1716 under the task's IA key. The kernel never signs with the IA
 * key here; APIAKey_EL1 holds what the last return to user space on this
 * CPU installed, another task's after a preemption. The task's key is
 * installed, as its own return to user space will do anyway, with
 * preemption off so that the CPU cannot change before PACIA.
 */
static u64 arm_uprobe_pacia(u64 ptr, u64 modifier, const struct ptrauth_key *key)
{
	u64 signed_ptr;

	preempt_disable();
	__ptrauth_key_install_nosync(APIA, *key);
	isb();
	signed_ptr = arm_uprobe_pacia1716(ptr, modifier);
	arm_uprobe_scrub_scratch();
	preempt_enable();
	return signed_ptr;
}
#endif

/*
 * PACIB1716 under the IB key, which is the task's already: the kernel
 * never uses IB itself and installs the task's key at every context
 * switch (ptrauth_thread_switch_user()), so a preemption here changes
 * nothing. That install is only synchronized by the return to user space,
 * and the handler may have slept since: the ISB makes sure the CPU signs
 * with the task's key and not the one before it.
 */
static u64 arm_uprobe_pacib(u64 ptr, u64 modifier)
{
	u64 signed_ptr;

	asm volatile("	isb\n"
		     "	mov	x17, %[ptr]\n"
		     "	mov	x16, %[modifier]\n"
		     "	hint	#10\n"	/* PACIB1716 */
		     "	mov	%[signed_ptr], x17\n"
		     : [signed_ptr] "=r" (signed_ptr)
		     : [ptr] "r" (ptr), [modifier] "r" (modifier)
		     : "x16", "x17");
	return signed_ptr;
}

/*
 * PACIASP and PACIBSP: LR signed with SP as the modifier and the task's
 * own instruction key, by the CPU, whose algorithm (QARMA5, QARMA3 or one
 * of its own) only it knows. At EL1 that is the computation EL0 makes:
 * both run in the task's translation regime, where the PAC field depends
 * on bit 55 and TCR_EL1's TBI0/TBID0 (1 and 0 on Linux), not on the
 * exception level. Where the task turned the key off
 * (PR_PAC_SET_ENABLED_KEYS, kept in thread.sctlr_user: SCTLR_EL1.EnIA in
 * the kernel is the kernel's), or the system has no address
 * authentication, the instruction is a NOP.
 */
bool simulate_paciasp_pacibsp(u32 opcode, long addr, struct pt_regs *regs)
{
	bool key_b = (opcode & GENMASK(11, 5)) == AARCH64_INSN_HINT_PACIBSP;
	u64 enabled = key_b ? SCTLR_ELx_ENIB : SCTLR_ELx_ENIA;
	u64 lr = procedure_link_pointer(regs);

	if (system_supports_address_auth() && (current->thread.sctlr_user & enabled)) {
		if (key_b)
			lr = arm_uprobe_pacib(lr, regs->sp);
		else
			lr = arm_uprobe_pacia(lr, regs->sp, &current->thread.keys_user.apia);
		procedure_link_pointer_set(regs, lr);
	}
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
#else
/* Address authentication is never enabled for user space: a NOP. */
bool simulate_paciasp_pacibsp(u32 opcode, long addr, struct pt_regs *regs)
{
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
#endif
EXPORT_SYMBOL_IF_KUNIT(simulate_paciasp_pacibsp);
#endif

#ifdef PROBESIM_WITH_STP
/*
 * Whether a watchpoint on EL0 accesses is armed on this CPU, preemption
 * off: the task's (ptrace, perf) or one for every task here. The kernel's
 * unprivileged stores match it as EL0 accesses do, and go unreported: the
 * exception is taken from EL1 only with MDSCR_EL1.KDE set, for kernel
 * breakpoints, and do_watchpoint() then steps over a kernel access to an
 * EL0 watchpoint without reporting it. MDSCR_EL1.MDE is set while any
 * breakpoint or watchpoint is installed on the CPU, so the common case
 * reads that one register.
 */
static bool arm_uprobe_el0_watchpoint_armed(void)
{
	struct arch_hw_breakpoint_ctrl ctrl;
	int i, n;
	u64 wcr;

	if (!(read_sysreg(mdscr_el1) & MDSCR_EL1_MDE))
		return false;
	n = get_num_wrps();
	for (i = 0; i < n; i++) {
		switch (i) {
#define ARM_UPROBE_READ_WCR(N) case N: wcr = read_sysreg(dbgwcr##N##_el1); break
		ARM_UPROBE_READ_WCR(0);
		ARM_UPROBE_READ_WCR(1);
		ARM_UPROBE_READ_WCR(2);
		ARM_UPROBE_READ_WCR(3);
		ARM_UPROBE_READ_WCR(4);
		ARM_UPROBE_READ_WCR(5);
		ARM_UPROBE_READ_WCR(6);
		ARM_UPROBE_READ_WCR(7);
		ARM_UPROBE_READ_WCR(8);
		ARM_UPROBE_READ_WCR(9);
		ARM_UPROBE_READ_WCR(10);
		ARM_UPROBE_READ_WCR(11);
		ARM_UPROBE_READ_WCR(12);
		ARM_UPROBE_READ_WCR(13);
		ARM_UPROBE_READ_WCR(14);
		ARM_UPROBE_READ_WCR(15);
#undef ARM_UPROBE_READ_WCR
		default:
			return false;
		}
		decode_ctrl_reg(wcr, &ctrl);
		if (ctrl.enabled && (ctrl.privilege & AARCH64_BREAKPOINT_EL0))
			return true;
	}
	return false;
}

/*
 * Store the pair at @target as the task would, or fail: -EFAULT for a
 * fault, which faulting the page in may cure, -EPERM where a kernel store
 * cannot be checked as the task's (its tag-check mode, a watchpoint).
 * Preemption and page faults are off: the tag-check mode in
 * thread.sctlr_user is this CPU's choice among the modes the task allows
 * (mte_tcf_preferred is per CPU), rewritten when the task is switched in,
 * as the task's watchpoints are installed, so what is decided and what is
 * stored belong to one CPU and one switch.
 */
static int arm_uprobe_stp_store(unsigned long target, u64 lo, u64 hi)
{
	u64 __user *dst = (u64 __user *)untagged_addr(target);
	bool tagged = false;

	if (unlikely(arm_uprobe_el0_watchpoint_armed()))
		return -EPERM;
	if (system_supports_mte()) {
		switch (FIELD_GET(SCTLR_EL1_TCF0_MASK, current->thread.sctlr_user)) {
		case SCTLR_EL1_TCF0_NONE:
			break;
		case SCTLR_EL1_TCF0_SYNC:
			tagged = true;
			break;
		default:
			return -EPERM;
		}
	}

	/*
	 * EL0 accesses ignore the top byte (TBI0) whether or not the task
	 * uses the tagged address ABI, but access_ok() untags only for tasks
	 * that do: the range is checked untagged, and the store goes through
	 * the tagged address only where that tag is checked.
	 */
	if (!user_access_begin(dst, 2 * sizeof(u64)))
		return -EPERM;
	if (tagged)
		dst = (u64 __user *)target;
	unsafe_put_user(lo, dst, fault);
	unsafe_put_user(hi, dst + 1, fault);
	user_access_end();
	return 0;

fault:
	user_access_end();
	return -EFAULT;
}

static int arm_uprobe_stp_store_nofault(unsigned long target, u64 lo, u64 hi)
{
	int err;

	preempt_disable();
	pagefault_disable();
	err = arm_uprobe_stp_store(target, lo, hi);
	pagefault_enable();
	preempt_enable();
	return err;
}

/*
 * STP Xt, Xt2, [SP, #imm]!
 *
 * Each doubleword is one 64-bit unprivileged store (STTR) to an 8-byte
 * aligned address, single-copy atomic, which is what STP gives without
 * FEAT_LSE2; with it, a 16-byte aligned STP is one atomic access, which
 * two stores are not. The task cannot see the difference (it is in the
 * kernel), nor an unwinder (FP still points to the caller's record until
 * the instruction after the push); another thread reading the slot with
 * a 16-byte atomic load during the push can. SP is written back after
 * both stores.
 *
 * The handler declines (returns false) where a store by the kernel would
 * not fault or be checked as the task's own: the hit is then stepped out
 * of line, and the CPU raises the task's own fault, with its ESR, OOM
 * handling, poison, protection key and userfaultfd semantics. The lower
 * doubleword may already be written when the upper faults, which the
 * architecture permits for a pair, and the real instruction writes it
 * again. With MTE, the task's tag-check mode decides: unchecked, the push
 * is simulated; synchronous, the store goes through the tagged address
 * and is checked as the task's own (the kernel clears PSTATE.TCO for such
 * a task), so a mismatch fails it and the CPU then faults; asynchronous or
 * asymmetric, whose fault a kernel store would lose, the hit is declined.
 * With POE, POR_EL0 checks the unprivileged store as it checks the task's,
 * and a denial fails it.
 */
bool simulate_stp_push(u32 opcode, long addr, struct pt_regs *regs)
{
	u32 rt = aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RT, opcode);
	u32 rt2 = aarch64_insn_decode_register(AARCH64_INSN_REGTYPE_RT2, opcode);
	u64 imm7 = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_7, opcode);
	unsigned long target = regs->sp + sign_extend64(imm7, 6) * 8;
	u64 lo = pt_regs_read_reg(regs, rt), hi = pt_regs_read_reg(regs, rt2);
	char __user *dst = (char __user *)untagged_addr(target);
	int err;

	/*
	 * Linux runs EL0 with SCTLR_EL1.SA0 set: an access based on an SP
	 * that is not 16-byte aligned takes an SP alignment fault before
	 * any store, reported as do_sp_pc_abort() reports it. The kernel's
	 * stores below are based on a general register, which the CPU does
	 * not check that way, so the check on the task's SP is made here.
	 * FIELD_PREP() keeps the ESR unsigned where the EC values are ints.
	 */
	if (regs->sp & 0xf) {
		arm64_notify_die("SP/PC alignment exception", regs, SIGBUS, BUS_ADRALN, regs->sp,
				 FIELD_PREP(ESR_ELx_EC_MASK, ESR_ELx_EC_SP_ALIGN) | ESR_ELx_IL);
		return true;
	}

	/*
	 * A fault taken in the store could sleep and the task wake on a CPU
	 * that resolves its tag-check mode otherwise, so the store takes
	 * none. (Holding the task on this CPU instead would make whoever
	 * changes its affinity wait for the fault: a userfaultfd handler
	 * doing so would never return.) A store that faults is retried once
	 * the page is faulted in: without writing; or, where that cannot
	 * grow the stack, by a zero byte written to the target if it lies
	 * below SP, where nothing of the task's lives.
	 */
	err = arm_uprobe_stp_store_nofault(target, lo, hi);
	if (err == -EFAULT &&
	    (!fault_in_safe_writeable(dst, 2 * sizeof(u64)) ||
	     (target < regs->sp && !fault_in_writeable(dst, 2 * sizeof(u64)))))
		err = arm_uprobe_stp_store_nofault(target, lo, hi);
	if (err)
		return false;

	regs->sp = target;
	instruction_pointer_set(regs, addr + AARCH64_INSN_SIZE);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(simulate_stp_push);
#endif
#endif /* CONFIG_UPROBES */
