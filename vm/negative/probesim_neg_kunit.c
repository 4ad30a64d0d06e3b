// SPDX-License-Identifier: GPL-2.0-only
/* A KUnit suite that fails on purpose, to prove the test bed notices. */
#include <kunit/test.h>

static void probesim_neg_fails(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1, 2);
}

static void probesim_neg_passes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1, 1);
}

static struct kunit_case probesim_neg_cases[] = {
	KUNIT_CASE(probesim_neg_passes),
	KUNIT_CASE(probesim_neg_fails),
	{}
};

static struct kunit_suite probesim_neg_suite = {
	.name = "probesim-negative",
	.test_cases = probesim_neg_cases,
};

kunit_test_suite(probesim_neg_suite);

MODULE_DESCRIPTION("Failing KUnit suite for the probesim test bed");
MODULE_LICENSE("GPL");
