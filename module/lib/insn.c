// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the series adds to arch/arm64/lib/insn.c, after
 * aarch64_insn_gen_logical_immediate(): the decoder of the immediate that
 * function encodes, which the KUnit suite holds to it (the series exports
 * the encoder to KUnit there, patches/src/insn-export-encoder.sed; the
 * module gets it through module/compat.c). All of it comes with the patch
 * before the first family's (patches/src/stage.sh, "insn").
 */
#include <kunit/visibility.h>

/*
 * DecodeBitMasks() of the Arm ARM: the immediate of a logical (immediate)
 * instruction, as aarch64_insn_gen_logical_immediate() encodes it. The
 * element size is 2^len, len being the highest set bit of N:NOT(imms);
 * the element is imms + 1 (within the element) ones rotated right by
 * immr, replicated to 64 bits and cut to the register width. False for
 * the reserved encodings: no element size, an element of all ones, or N
 * set in a 32-bit instruction.
 */
bool aarch64_insn_decode_logical_immediate(u32 insn, u64 *imm)
{
	u64 n = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_N, insn);
	u64 imms = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_S, insn);
	u64 immr = aarch64_insn_decode_immediate(AARCH64_INSN_IMM_R, insn);
	bool sf = insn & AARCH64_INSN_SF_BIT;
	unsigned int len, esize, ones, rot, i;
	u64 elem;

	if (n && !sf)
		return false;
	len = fls((n << 6) | (~imms & 0x3f));
	if (len < 2)
		return false;
	esize = 1U << (len - 1);
	ones = (imms & (esize - 1)) + 1;
	rot = immr & (esize - 1);
	if (ones == esize)
		return false;

	elem = GENMASK_ULL(ones - 1, 0);	/* ones < esize <= 64 */
	if (rot)
		elem = ((elem >> rot) | (elem << (esize - rot))) &
		       GENMASK_ULL(esize - 1, 0);
	for (i = esize; i < 64; i *= 2)
		elem |= elem << i;
	*imm = sf ? elem : lower_32_bits(elem);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(aarch64_insn_decode_logical_immediate);
