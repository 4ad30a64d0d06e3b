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
#include <linux/kprobes.h>
#include <linux/uprobes.h>
#include "probesim.h"

static int probesim_analyze_entry(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	*(struct arch_uprobe **)ri->data = (struct arch_uprobe *)regs->regs[0];
	return 0;
}

static int probesim_analyze_return(struct kretprobe_instance *ri,
				   struct pt_regs *regs)
{
	struct arch_uprobe *auprobe = *(struct arch_uprobe **)ri->data;
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
	if (probesim_track(auprobe, family))
		return 0;

	auprobe->api.handler = probesim_handler(family);
	auprobe->simulate = true;
	probesim_count_patched(family);
	return 0;
}

static struct kretprobe probesim_analyze_rp = {
	.kp.symbol_name = "arch_uprobe_analyze_insn",
	.entry_handler = probesim_analyze_entry,
	.handler = probesim_analyze_return,
	.data_size = sizeof(struct arch_uprobe *),
	/* Concurrent analyses beyond this stay on XOL, counted as missed. */
	.maxactive = 64,
};

unsigned long probesim_hook_missed(void)
{
	return probesim_analyze_rp.nmissed;
}

int probesim_hook_init(void)
{
	int err = register_kretprobe(&probesim_analyze_rp);

	if (err == -ENOENT || err == -EINVAL)
		return probesim_refuse("no arch_uprobe_analyze_insn() to hook");
	if (err)
		pr_err("probesim: cannot hook arch_uprobe_analyze_insn(): %d\n", err);
	return err;
}

void probesim_hook_exit(void)
{
	unregister_kretprobe(&probesim_analyze_rp);
}
