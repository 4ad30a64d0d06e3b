# arch/arm64/lib/insn.c: the bits insn-bits-h.sed makes public, and the
# blank line after them.
/^#define AARCH64_INSN_SF_BIT\t/,/^$/d
