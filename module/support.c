// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which kernels probesim supports, and how it says no.
 *
 * probesim depends on kernel internals that no ABI promises: the hook's
 * target, the function that frees a uprobe, unexported helpers. A kernel
 * it was not tested on may still be fine, so the rule is by evidence, not
 * by version: if every internal is found, the module loads (naming the
 * versions it was tested on when this is not one of them); if one is
 * missing, lifetime or semantics cannot be guaranteed, and it refuses.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/utsname.h>
#include "probesim.h"

/* Kernel series (X.Y) whose module, tests and benchmarks ran in the test bed. */
static const char * const probesim_tested_kernels[] = { "6.1", "6.12", "7.3" };

int probesim_refuse(const char *what)
{
	pr_err("probesim: unsupported kernel %s: %s\n", init_utsname()->release,
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

void probesim_note_untested_kernel(void)
{
	const char *release = init_utsname()->release;
	char tested[32] = "";
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(probesim_tested_kernels); i++) {
		if (probesim_release_in(release, probesim_tested_kernels[i]))
			return;
		if (i)
			strlcat(tested, ", ", sizeof(tested));
		strlcat(tested, probesim_tested_kernels[i], sizeof(tested));
	}
	pr_info("probesim: kernel %s was not tested (tested: %s); its hook and free path were found, so probesim loads\n",
		release, tested);
}
