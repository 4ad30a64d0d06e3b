# arch/arm64/include/asm/insn.h: the bits lib/insn.c names for its
# encoders, public (insn-bits-c.sed takes them out of there).
s|^#include <linux/build_bug.h>$|#include <linux/bits.h>\n&|
0,/^#ifndef __ASSEMBLER__$/{
/^#ifndef __ASSEMBLER__$/a\
\
#define AARCH64_INSN_SF_BIT	BIT(31)\
#define AARCH64_INSN_N_BIT	BIT(22)\
#define AARCH64_INSN_LSL_12	BIT(22)
}
