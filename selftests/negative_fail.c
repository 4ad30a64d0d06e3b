// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fails on purpose: the test bed's own check that a failing kselftest
 * fails the run. Only the neg-selftest-fail suite runs it.
 */
#include "kselftest_harness.h"

TEST(always_fails)
{
	ASSERT_EQ(1, 2);
}

TEST(passes)
{
	ASSERT_EQ(1, 1);
}

TEST_HARNESS_MAIN
