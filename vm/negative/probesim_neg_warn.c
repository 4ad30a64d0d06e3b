// SPDX-License-Identifier: GPL-2.0-only
/* A module that raises a kernel WARN on purpose, to prove the test bed notices. */
#include <linux/bug.h>
#include <linux/module.h>

static int __init probesim_neg_warn_init(void)
{
	WARN(1, "probesim negative test: deliberate warning\n");
	return 0;
}

static void __exit probesim_neg_warn_exit(void)
{
}

module_init(probesim_neg_warn_init);
module_exit(probesim_neg_warn_exit);
MODULE_DESCRIPTION("Raises a WARN for the probesim test bed");
MODULE_LICENSE("GPL");
