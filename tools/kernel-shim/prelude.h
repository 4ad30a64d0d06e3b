/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The few pieces of the kernel that module/probes/decode-insn.c,
 * module/lib/insn.c and module/family.c use, for the host tools, which
 * compile those files as they are: the decoder of the kernel tree is the
 * survey's too. CMake puts this header first in each of them (-include),
 * as Kbuild puts module/compat.h first in the module.
 *
 * The accessors are <asm/insn.h>'s as the series leaves them, each with
 * its mask and value (vm/lint.sh holds every line below to the Linux 7.3
 * header with patches/src/insn-add-sub-imm.sed applied).
 */
#ifndef PROBESIM_KERNEL_SHIM_PRELUDE_H
#define PROBESIM_KERNEL_SHIM_PRELUDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t u32;
typedef uint64_t u64;
typedef int64_t s64;

#define CONFIG_UPROBES 1
#define BIT(n)			(1UL << (n))
#define GENMASK(h, l)		((~0UL << (l)) & (~0UL >> (63 - (h))))
#define GENMASK_ULL(h, l)	((~0ULL << (l)) & (~0ULL >> (63 - (h))))
#define BUILD_BUG_ON(cond)	((void)sizeof(char[1 - 2 * !!(cond)]))
#define EXPORT_SYMBOL_IF_KUNIT(sym)
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif

/* A kernel warning ends a host tool (shim.c): no result may hide one. */
void probesim_shim_warn(const char *file, int line);
#define WARN_ON_ONCE(cond) ({						\
	bool __warned = !!(cond);					\
	if (__warned)							\
		probesim_shim_warn(__FILE__, __LINE__);			\
	__warned;							\
})

static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline u32 lower_32_bits(u64 x)
{
	return (u32)x;
}

/* The bits of encodings the series makes public in <asm/insn.h>. */
#define AARCH64_INSN_SF_BIT	BIT(31)
#define AARCH64_INSN_N_BIT	BIT(22)
#define AARCH64_INSN_LSL_12	BIT(22)

/* PSTATE.BTYPE, <uapi/asm/ptrace.h>. */
#define PSR_BTYPE_SHIFT		10
#define PSR_BTYPE_NONE		(0x0UL << PSR_BTYPE_SHIFT)
#define PSR_BTYPE_JC		(0x1UL << PSR_BTYPE_SHIFT)
#define PSR_BTYPE_C		(0x2UL << PSR_BTYPE_SHIFT)
#define PSR_BTYPE_J		(0x3UL << PSR_BTYPE_SHIFT)

/*
 * <asm/insn.h>: the hints the decoder names, and every register and
 * immediate type, in the kernel's order (module/insn-fields.h has them all).
 */
#define AARCH64_INSN_HINT_NOP	(0x00 << 5)
#define AARCH64_INSN_HINT_PACIASP	(0x19 << 5)
#define AARCH64_INSN_HINT_PACIBSP	(0x1B << 5)
#define AARCH64_INSN_HINT_BTI	(0x20 << 5)
#define AARCH64_INSN_HINT_BTIC	(0x22 << 5)
#define AARCH64_INSN_HINT_BTIJ	(0x24 << 5)
#define AARCH64_INSN_HINT_BTIJC	(0x26 << 5)

enum aarch64_insn_register_type {
	AARCH64_INSN_REGTYPE_RT,
	AARCH64_INSN_REGTYPE_RN,
	AARCH64_INSN_REGTYPE_RT2,
	AARCH64_INSN_REGTYPE_RM,
	AARCH64_INSN_REGTYPE_RD,
	AARCH64_INSN_REGTYPE_RA,
	AARCH64_INSN_REGTYPE_RS,
};

enum aarch64_insn_register {
	AARCH64_INSN_REG_16 = 16,
	AARCH64_INSN_REG_17 = 17,
	AARCH64_INSN_REG_ZR = 31,
	AARCH64_INSN_REG_SP = 31,
};

enum aarch64_insn_imm_type {
	AARCH64_INSN_IMM_ADR,
	AARCH64_INSN_IMM_26,
	AARCH64_INSN_IMM_19,
	AARCH64_INSN_IMM_16,
	AARCH64_INSN_IMM_14,
	AARCH64_INSN_IMM_12,
	AARCH64_INSN_IMM_9,
	AARCH64_INSN_IMM_7,
	AARCH64_INSN_IMM_6,
	AARCH64_INSN_IMM_S,
	AARCH64_INSN_IMM_R,
	AARCH64_INSN_IMM_N,
	AARCH64_INSN_IMM_MAX
};

u32 aarch64_insn_decode_register(enum aarch64_insn_register_type type, u32 insn);
u64 aarch64_insn_decode_immediate(enum aarch64_insn_imm_type type, u32 insn);

#define __AARCH64_INSN_FUNCS(abbr, mask, val)				\
static __always_inline bool aarch64_insn_is_##abbr(u32 code)		\
{									\
	BUILD_BUG_ON(~(mask) & (val));					\
	return (code & (mask)) == (val);				\
}									\
static __always_inline u32 aarch64_insn_get_##abbr##_value(void)	\
{									\
	return (val);							\
}
__AARCH64_INSN_FUNCS(stp_pre,	0x7FC00000, 0x29800000)
__AARCH64_INSN_FUNCS(add_imm,	0x7F800000, 0x11000000)
__AARCH64_INSN_FUNCS(adds_imm,	0x7F800000, 0x31000000)
__AARCH64_INSN_FUNCS(sub_imm,	0x7F800000, 0x51000000)
__AARCH64_INSN_FUNCS(subs_imm,	0x7F800000, 0x71000000)
__AARCH64_INSN_FUNCS(movn,	0x7F800000, 0x12800000)
__AARCH64_INSN_FUNCS(movz,	0x7F800000, 0x52800000)
__AARCH64_INSN_FUNCS(movk,	0x7F800000, 0x72800000)
__AARCH64_INSN_FUNCS(add,	0x7F200000, 0x0B000000)
__AARCH64_INSN_FUNCS(adds,	0x7F200000, 0x2B000000)
__AARCH64_INSN_FUNCS(sub,	0x7F200000, 0x4B000000)
__AARCH64_INSN_FUNCS(subs,	0x7F200000, 0x6B000000)
__AARCH64_INSN_FUNCS(and,	0x7F200000, 0x0A000000)
__AARCH64_INSN_FUNCS(bic,	0x7F200000, 0x0A200000)
__AARCH64_INSN_FUNCS(orr,	0x7F200000, 0x2A000000)
__AARCH64_INSN_FUNCS(orn,	0x7F200000, 0x2A200000)
__AARCH64_INSN_FUNCS(eor,	0x7F200000, 0x4A000000)
__AARCH64_INSN_FUNCS(eon,	0x7F200000, 0x4A200000)
__AARCH64_INSN_FUNCS(ands,	0x7F200000, 0x6A000000)
__AARCH64_INSN_FUNCS(bics,	0x7F200000, 0x6A200000)
__AARCH64_INSN_FUNCS(and_imm,	0x7F800000, 0x12000000)
__AARCH64_INSN_FUNCS(orr_imm,	0x7F800000, 0x32000000)
__AARCH64_INSN_FUNCS(eor_imm,	0x7F800000, 0x52000000)
__AARCH64_INSN_FUNCS(ands_imm,	0x7F800000, 0x72000000)
__AARCH64_INSN_FUNCS(hint,	0xFFFFF01F, 0xD503201F)
__AARCH64_INSN_FUNCS(bti,	0xFFFFFF3F, 0xD503241f)
#undef __AARCH64_INSN_FUNCS

static __always_inline bool aarch64_insn_is_nop(u32 insn)
{
	return insn == (aarch64_insn_get_hint_value() | AARCH64_INSN_HINT_NOP);
}

/*
 * What the series declares in <asm/insn.h> and <asm/uprobes.h>, and the
 * handlers the decoder names.
 */
#include "asm/insn.h"
struct pt_regs;
typedef bool (uprobe_sim_handler_t)(u32 opcode, long addr, struct pt_regs *regs);
#include "probes/decode-insn.h"
#include "probes/simulate-insn.h"
bool probesim_simulate_nop(u32 opcode, long addr, struct pt_regs *regs);

#endif /* PROBESIM_KERNEL_SHIM_PRELUDE_H */
