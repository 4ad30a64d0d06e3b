# arch/arm64/lib/insn.c: aarch64_insn_gen_logical_immediate() exported to
# KUnit, which holds aarch64_insn_decode_logical_immediate() to it.
/^\treturn aarch64_encode_immediate\(imm, variant, insn\);$/{
n
s/^}$/}\nEXPORT_SYMBOL_IF_KUNIT(aarch64_insn_gen_logical_immediate);/
}
