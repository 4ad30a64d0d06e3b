/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tests' pseudo-random numbers: splitmix64, small and fast, and
 * every seed gives a good stream, so a fixed seed makes a fixed run.
 */
#ifndef PROBESIM_SELFTEST_PRNG_H
#define PROBESIM_SELFTEST_PRNG_H

#include <stdint.h>

struct prng {
	uint64_t s;
};

static inline uint64_t prng_next(struct prng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
