// SPDX-License-Identifier: GPL-2.0-only
/*
 * probesim: simulate common probed user instructions on arm64 instead of
 * single-stepping them out of line.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include "probesim.h"

#if !defined(CONFIG_ARM64)
#error "probesim is arm64-only"
#endif
#if !IS_ENABLED(CONFIG_UPROBES) || !IS_ENABLED(CONFIG_KRETPROBES)
#error "probesim needs CONFIG_UPROBES and CONFIG_KRETPROBES"
#endif

bool probesim_nop_param = true;
module_param_named(nop, probesim_nop_param, bool, 0644);
MODULE_PARM_DESC(nop,
		 "Simulate NOP (default: on). Applies to uprobes analysed after the change.");

bool probesim_stp_param;
module_param_named(stp, probesim_stp_param, bool, 0644);
MODULE_PARM_DESC(stp,
		 "Simulate STP Xt, Xt2, [SP, #imm]! (default: off). Applies to uprobes analysed after the change; never on systems with MTE or POE.");

bool probesim_alu_param = true;
module_param_named(alu, probesim_alu_param, bool, 0644);
MODULE_PARM_DESC(alu,
		 "Simulate register-only AND/ORR/EOR/ADD/SUB/MOV forms (default: on). Applies to uprobes analysed after the change.");

bool probesim_bti_param = true;
module_param_named(bti, probesim_bti_param, bool, 0644);
MODULE_PARM_DESC(bti,
		 "Simulate BTI landing pads, with the branch-target check (default: on). Applies to uprobes analysed after the change.");

static int __init probesim_init(void)
{
	int err;

	err = probesim_resolve_symbols();
	if (err)
		return err;
	err = probesim_stats_init();
	if (err)
		return err;
	err = probesim_lifetime_init();
	if (err)
		goto out_stats;
	err = probesim_hook_init();
	if (err)
		goto out_lifetime;
	pr_info("probesim: loaded (nop=%d stp=%d alu=%d bti=%d)\n", probesim_nop_param,
		probesim_stp_param, probesim_alu_param, probesim_bti_param);
	return 0;

out_lifetime:
	probesim_lifetime_exit();
out_stats:
	probesim_stats_exit();
	return err;
}

static void __exit probesim_exit(void)
{
	probesim_hook_exit();
	probesim_lifetime_exit();
	probesim_stats_exit();
}

module_init(probesim_init);
module_exit(probesim_exit);
MODULE_DESCRIPTION("Simulate probed nop, stp, bti and register-only instructions on arm64 instead of single-stepping them");
MODULE_LICENSE("GPL");
