# sed -E: the add/sub (immediate) accessors of arch/arm64/include/asm/insn.h
# with bit 23 in their masks, which sets the tagged class (ADDG, SUBG) apart.
s/^(__AARCH64_INSN_FUNCS\((add|adds|sub|subs)_imm,[[:space:]]*)0x7F000000,/\10x7F800000,/
