// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decision point. The kernel analyses each uprobe once, when its
 * breakpoint is first installed, in arch_uprobe_analyze_insn(), and keeps
 * the result in the arch_uprobe for the uprobe's lifetime. A kretprobe on
 * that function rewrites the result for the instructions probesim handles:
 * it sets ->simulate and ->api.handler, exactly as the kernel does for the
 * branches it simulates itself. Nothing of probesim runs on a hit except
 * the handler. prepare_uprobe() publishes ->arch with smp_wmb() after this
 * returns, so the hit path sees the new fields.
 */
#include <linux/build_bug.h>
#include <linux/cpumask.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/uprobes.h>
#include "probesim.h"

/* The entry handler reads these arguments from x0, x1 and x2. */
static_assert(__same_type(&arch_uprobe_analyze_insn,
			  int (*)(struct arch_uprobe *, struct mm_struct *, unsigned long)));

/* arch_uprobe_analyze_insn(auprobe, mm, addr), kept for the return. */
struct probesim_analysis {
	struct arch_uprobe *auprobe;
	struct mm_struct *mm;
	unsigned long addr;
};

static int probesim_analyze_entry(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	*(struct probesim_analysis *)ri->data = (struct probesim_analysis) {
		.auprobe = (struct arch_uprobe *)regs->regs[0],
		.mm = (struct mm_struct *)regs->regs[1],
		.addr = regs->regs[2],
	};
	return 0;
}

static int probesim_analyze_return(struct kretprobe_instance *ri,
				   struct pt_regs *regs)
{
	const struct probesim_analysis *a = (void *)ri->data;
	struct arch_uprobe *auprobe = a->auprobe;
	struct vm_area_struct *vma;
	enum probesim_family family;

	/*
	 * Rejected, or simulated by the kernel already (NOP since 6.13):
	 * the kernel's decision stands.
	 */
	if (regs_return_value(regs) || auprobe->simulate)
		return 0;

	family = probesim_decode(le32_to_cpu(auprobe->insn));
	if (family == PROBESIM_NONE)
		return 0;
	if (!probesim_family_enabled(family)) {
		if (family == PROBESIM_STP_FAMILY)
			probesim_count_event(PROBESIM_EV_STP_REFUSED);
		return 0;
	}
	/*
	 * Every caller of arch_uprobe_analyze_insn() (install_breakpoint(),
	 * from uprobe_mmap() or register_for_each_vma()) holds the mmap lock.
	 */
	vma = vma_lookup(a->mm, a->addr);
	if (!vma || probesim_track(auprobe, vma, a->addr, family))
		return 0;

	auprobe->api.handler = probesim_hit_handler(family);
	auprobe->simulate = true;
	probesim_count_patched(family);
	return 0;
}

static struct kretprobe probesim_analyze_rp = {
	.kp.symbol_name = "arch_uprobe_analyze_insn",
	.entry_handler = probesim_analyze_entry,
	.handler = probesim_analyze_return,
	.data_size = sizeof(struct probesim_analysis),
};

/*
 * Analyses the hook did not see: no free instance for a return (more
 * concurrent analyses than maxactive), or the kprobe itself missed (hit
 * while another kprobe handler ran on that CPU). Those uprobes stay on XOL.
 */
unsigned long probesim_hook_missed(void)
{
	return probesim_analyze_rp.nmissed + probesim_analyze_rp.kp.nmissed;
}

/*
 * Where new uprobes are analysed from: uprobe_mmap() -> install_breakpoint()
 * -> prepare_uprobe() -> arch_uprobe_analyze_insn(). The test bed builds a
 * copy that looks from a function that never installs a breakpoint, which
 * must refuse to load.
 */
#ifndef PROBESIM_TEST_HOOK_UNREACHED
#define PROBESIM_HOOK_CALLER "uprobe_mmap"
#else
#define PROBESIM_HOOK_CALLER "uprobe_munmap"
#endif

/*
 * A kretprobe on a function that its caller has inlined (Clang LTO, as on
 * Android GKI, may do so while an out-of-line copy survives) registers
 * and never fires: the module would load and do nothing. So the hooked
 * function must be called, directly, on the way from uprobe_mmap().
 */
static int probesim_hook_reached(void)
{
	unsigned long caller = probesim_lookup(PROBESIM_HOOK_CALLER);
	unsigned long hooked = probesim_lookup("arch_uprobe_analyze_insn");

	if (!hooked)
		return probesim_refuse("no arch_uprobe_analyze_insn() to hook");
	if (!caller || !probesim_calls_reach(caller, hooked, 3))
		return probesim_refuse("no call to arch_uprobe_analyze_insn() from "
				       PROBESIM_HOOK_CALLER "(): the hook would never run");
	return 0;
}

int probesim_hook_init(void)
{
	int err = probesim_hook_reached();

	if (err)
		return err;
	/* At least the kernel's own default, which scales with the CPUs. */
	probesim_analyze_rp.maxactive = max_t(int, 64, 2 * num_possible_cpus());
	err = register_kretprobe(&probesim_analyze_rp);

	if (err == -ENOENT || err == -EINVAL)
		return probesim_refuse("no arch_uprobe_analyze_insn() to hook");
	if (err)
		pr_err("cannot hook arch_uprobe_analyze_insn(): %d\n", err);
	return err;
}

void probesim_hook_exit(void)
{
	unregister_kretprobe(&probesim_analyze_rp);
}
