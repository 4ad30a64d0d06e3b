// SPDX-License-Identifier: GPL-2.0-only
/*
 * probesim: simulate common probed user instructions on arm64 instead of
 * single-stepping them out of line.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <asm/cpufeature.h>
#include "probesim.h"

#if !defined(CONFIG_ARM64)
#error "probesim is arm64-only"
#endif
#if !IS_ENABLED(CONFIG_UPROBES) || !IS_ENABLED(CONFIG_KRETPROBES)
#error "probesim needs CONFIG_UPROBES and CONFIG_KRETPROBES"
#endif

/*
 * What this system decides for the whole life of the module, said once at
 * load, so that nobody has to wait for the probe it applies to.
 */
static void __init probesim_log_system(void)
{
	enum probesim_verdict stp = probesim_stp_verdict_if_enabled();

	if (stp != PROBESIM_SIMULATE)
		pr_info("probesim: stp=1 has no effect here: the system uses %s, whose checks a simulated store would skip; STP pushes stay single-stepped\n",
			probesim_verdict_name(stp));
	if (!system_supports_bti())
		pr_info("probesim: the CPU has no BTI: landing pads are simulated as NOPs, with no branch-target check to make\n");
	if (!probesim_stats_available())
		pr_info("probesim: no debugfs, so no probesim/stats; the simulation works without it\n");
}

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
	pr_info("probesim: loaded " PROBESIM_VERSION " (nop=%d stp=%d alu=%d bti=%d)\n",
		probesim_nop_param, probesim_stp_param, probesim_alu_param, probesim_bti_param);
	probesim_log_system();
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
MODULE_VERSION(PROBESIM_VERSION);
