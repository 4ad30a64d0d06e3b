// SPDX-License-Identifier: GPL-2.0-only
/*
 * PACIASP and PACIBSP, computed by the CPU: LR signed with SP as the
 * modifier and the task's own instruction key. Only the CPU knows its
 * algorithm (QARMA5, QARMA3 or one of its own), so the kernel executes
 * PACIA/PACIB on the task's values. At EL1 that is the same computation
 * as at EL0: both run in the task's translation regime (EL1&0, or EL2&0
 * under VHE), where the PAC field of a pointer depends on its bit 55 and
 * on TCR's TBI and TBID bits for that half (TBI0 = 1, TBID0 = 0 on Linux),
 * not on the exception level. selftests/pac.c holds each result to the
 * task's own.
 */
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <asm/cpufeature.h>
#include <asm/daifflags.h>
#include <asm/sysreg.h>
#include "probesim.h"

#ifdef CONFIG_ARM64_PTR_AUTH
/*
 * PACIA1716 (X17 signed with modifier X16) under the task's IA key. X16
 * and X17 are loaded and read inside the asm: a call may clobber them
 * (a module's far calls go through veneers that use them).
 *
 * In the kernel APIAKey_EL1 is not the task's: it holds the kernel's own
 * key (CONFIG_ARM64_PTR_AUTH_KERNEL), or else whatever the last return
 * to user space on this CPU installed, which after a preemption is
 * another task's. A task's user IA key is only installed on the way out
 * to user space (entry.S). So the task's key goes in for this one
 * instruction and the previous value, read back with MRS, comes back
 * after it. All of it is one asm statement, so that nothing the compiler
 * emits in between can sign or authenticate a kernel return address with
 * the task's key; every exception is masked, so that no handler runs
 * with it either, and no kprobe may be placed in it. The copy of the
 * previous value is cleared: it can be another task's key. Each ISB
 * makes a key write visible to what follows.
 */
static noinline u64 probesim_pacia(u64 ptr, u64 modifier, const struct ptrauth_key *key)
{
	unsigned long flags;
	u64 signed_ptr, lo, hi;

	flags = local_daif_save();
	asm volatile(__mrs_s("%[lo]", SYS_APIAKEYLO_EL1)
		     __mrs_s("%[hi]", SYS_APIAKEYHI_EL1)
		     __msr_s(SYS_APIAKEYLO_EL1, "%[key_lo]")
		     __msr_s(SYS_APIAKEYHI_EL1, "%[key_hi]")
		     "	isb\n"
		     "	mov	x17, %[ptr]\n"
		     "	mov	x16, %[modifier]\n"
		     "	hint	#8\n"	/* PACIA1716 */
		     "	mov	%[signed_ptr], x17\n"
		     __msr_s(SYS_APIAKEYLO_EL1, "%[lo]")
		     __msr_s(SYS_APIAKEYHI_EL1, "%[hi]")
		     "	isb\n"
		     "	mov	%[lo], xzr\n"
		     "	mov	%[hi], xzr\n"
		     : [signed_ptr] "=&r" (signed_ptr), [lo] "=&r" (lo), [hi] "=&r" (hi)
		     : [ptr] "r" (ptr), [modifier] "r" (modifier),
		       [key_lo] "r" (key->lo), [key_hi] "r" (key->hi)
		     : "x16", "x17", "memory");
	local_daif_restore(flags);
	return signed_ptr;
}

NOKPROBE_SYMBOL(probesim_pacia);

/*
 * PACIB1716 under the IB key, which is the task's already: the kernel
 * never uses IB itself and installs the task's key at every context
 * switch (ptrauth_thread_switch_user() in __switch_to(), in 6.1, 6.12
 * and 7.3 alike), so a preemption here changes nothing. That install is
 * not synchronized when the kernel does not use PAC itself (only the way
 * out to user space is, by ERET), and the handler may have slept since:
 * the ISB makes sure the CPU signs with the task's key, not the one
 * before it.
 */
static u64 probesim_pacib(u64 ptr, u64 modifier)
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

u64 probesim_pac_sign(u32 opcode, u64 lr, u64 sp)
{
	bool key_b = opcode & PROBESIM_PACISP_KEY_B;
	u64 enabled = key_b ? SCTLR_ELx_ENIB : SCTLR_ELx_ENIA;

	/*
	 * Without address authentication the hint does nothing. With it,
	 * the task's EnIA/EnIB (PR_PAC_SET_ENABLED_KEYS) decide, as
	 * thread.sctlr_user has them: SCTLR_EL1.EnIA in the kernel is the
	 * kernel's, set whatever the task chose.
	 */
	if (!system_supports_address_auth() || !(current->thread.sctlr_user & enabled))
		return lr;
	if (key_b)
		return probesim_pacib(lr, sp);
	return probesim_pacia(lr, sp, &current->thread.keys_user.apia);
}
#else
/* Address authentication is never enabled for user space: a NOP. */
u64 probesim_pac_sign(u32 opcode, u64 lr, u64 sp)
{
	return lr;
}
#endif
