// SPDX-License-Identifier: GPL-2.0-only
/*
 * probesim_test.ko: the KUnit suites of probesim. Each kunit/ *_test.c
 * registers its own suite; they run when this module is loaded, against
 * the exports of probesim.ko, which must be loaded first.
 */
#include <linux/module.h>

MODULE_DESCRIPTION("KUnit suites for probesim");
MODULE_LICENSE("GPL");
