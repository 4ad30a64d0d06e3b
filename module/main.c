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

/* kernel.panic_on_warn: the variable is not exported; read once, at load. */
static bool __init probesim_panic_on_warn(void)
{
	const int *flag = (const int *)probesim_lookup_data("panic_on_warn");

	return flag && READ_ONCE(*flag);
}

/*
 * What this system decides for the whole life of the module, said once at
 * load, so that nobody has to wait for the probe it applies to.
 */
static void __init probesim_log_system(void)
{
	if (system_supports_mte())
		pr_info("the system uses MTE: with stp=1, a push by a task that checks tags asynchronously is single-stepped, and so is its probe from then on\n");
	/*
	 * uprobe_single_step_handler() warns on any single-step of a task
	 * that once hit a uprobe (fixed by the series' first patches).
	 */
	if (probesim_panic_on_warn())
		pr_warn("panic_on_warn is set: unless this kernel carries the uprobe single-step fix, a debugger stepping a task that has hit a uprobe panics the machine, with or without probesim\n");
	if (!system_supports_bti())
		pr_info("the CPU has no BTI: landing pads are simulated as NOPs, with no branch-target check to make\n");
	if (!probesim_stats_available())
		pr_info("no debugfs, so no probesim/stats; the simulation works without it\n");
}

static int __init probesim_init(void)
{
	char switches[64];
	int err;

	err = probesim_check_tested_kernel();
	if (err)
		return err;
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
	probesim_switches_show(switches, sizeof(switches));
	pr_info("loaded " PROBESIM_VERSION " (%s)\n", switches);
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
MODULE_DESCRIPTION("Simulate probed nop, stp, register-only ALU, bti and paciasp/pacibsp on arm64 instead of single-stepping them");
MODULE_LICENSE("GPL");
MODULE_VERSION(PROBESIM_VERSION);
