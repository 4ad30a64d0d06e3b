/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The few kernel types and macros module/insn.h and module/decode.c use,
 * so that host tools compile the module's decode table unchanged.
 */
#ifndef PROBESIM_HOST_TYPES_H
#define PROBESIM_HOST_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;

#define BIT(n) (1UL << (n))
#define BIT_ULL(n) (1ULL << (n))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
