// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel functions prelude.h declares, for the host: the register and
 * immediate fields of an instruction, as the module has them
 * (module/insn-fields.h), and the handlers, which the host tools never
 * call: their addresses only tell one family from another.
 */
#include <stdio.h>
#include <stdlib.h>

#include "family.h"
#include "insn-fields.h"

u32 aarch64_insn_decode_register(enum aarch64_insn_register_type type, u32 insn)
{
	return probesim_insn_register_field(type, insn);
}

u64 aarch64_insn_decode_immediate(enum aarch64_insn_imm_type type, u32 insn)
{
	return probesim_insn_immediate_field(type, insn);
}

/*
 * WARN_ON_ONCE() on the host: what warned (a field type with no case)
 * would otherwise carry on as a wrong result nobody sees, so say it and
 * stop.
 */
void probesim_shim_warn(const char *file, int line)
{
	fprintf(stderr, "probesim kernel shim: warning at %s:%d\n", file, line);
	abort();
}

/* A body of its own for each, so that no two share an address. */
#define PROBESIM_FAMILY(id, name, handler, ...)			\
bool handler(u32 opcode, long addr, struct pt_regs *regs)		\
{									\
	return opcode + PROBESIM_##id##_FAMILY + (addr != 0) + (regs != NULL); \
}
#include "families.h"
#undef PROBESIM_FAMILY
