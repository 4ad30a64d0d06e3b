/* SPDX-License-Identifier: GPL-2.0-only */
/* The kernel's fixed-width types, for a stock <asm/insn.h> on the host. */
#ifndef PROBESIM_STOCK_TYPES_H
#define PROBESIM_STOCK_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#endif /* PROBESIM_STOCK_TYPES_H */
