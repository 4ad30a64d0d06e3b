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
	probesim_note_untested_kernel();
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
