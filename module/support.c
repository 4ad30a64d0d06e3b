// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which kernels probesim supports, and how it says no.
 *
 * probesim depends on kernel internals that no ABI promises: the hook's
 * target, the function that frees a uprobe, unexported helpers. Their
 * prototypes are checked when the module is built against a kernel's
 * headers (compat.c, hook.c); whether they are called where probesim
 * expects is not, short of running its tests there. So a kernel series
 * it was not tested on is refused unless the user asks for it
 * (probesim.untested_kernel=1); then, as everywhere, a missing internal
 * still refuses, since lifetime or semantics could not be guaranteed.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/utsname.h>
#include "probesim.h"

/* Kernel series (X.Y) whose module, tests and benchmarks ran in the test bed. */
static const char * const probesim_tested_kernels[] = { "6.1", "6.12", "7.3" };

int probesim_refuse(const char *what)
{
	pr_err("unsupported kernel %s: %s\n", init_utsname()->release,
	       what);
	return -EOPNOTSUPP;
}

/* Does @release (X.Y.Z...) belong to the series @series (X.Y)? */
static bool probesim_release_in(const char *release, const char *series)
{
	size_t len = strlen(series);

	return !strncmp(release, series, len) &&
	       (release[len] == '.' || release[len] == '\0' ||
		release[len] == '-' || release[len] == '+');
}

static bool probesim_untested_kernel;
module_param_named(untested_kernel, probesim_untested_kernel, bool, 0444);
MODULE_PARM_DESC(untested_kernel,
		 "Load on a kernel series probesim was not tested on (default: refuse)");

int probesim_check_tested_kernel(void)
{
	const char *release = init_utsname()->release;
	char tested[32] = "";
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probesim_tested_kernels); i++) {
		if (probesim_release_in(release, probesim_tested_kernels[i]))
			return 0;
		if (i)
			strlcat(tested, ", ", sizeof(tested));
		strlcat(tested, probesim_tested_kernels[i], sizeof(tested));
	}
	if (!probesim_untested_kernel) {
		pr_err("kernel %s was not tested (tested: %s); load with untested_kernel=1 to try it\n",
		       release, tested);
		return -EOPNOTSUPP;
	}
	pr_warn("kernel %s was not tested (tested: %s); loading as untested_kernel=1 asks\n",
		release, tested);
	return 0;
}
