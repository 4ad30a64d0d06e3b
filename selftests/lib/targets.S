/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Targets of the equivalence oracle (see targets.h). Each starts at
 * tgt_NAME and ends at tgt_NAME_end; targets.c says which instructions
 * are probed. They live in .rodata: the oracle runs copies of them from
 * files, never these bytes.
 */
#define TARGET(name)	.balign 4; .global tgt_##name; tgt_##name:
#define END(name)	.global tgt_##name##_end; tgt_##name##_end:

	.section .rodata.probesim_targets, "a"

/* A bare NOP. */
TARGET(nop)
	nop
	ret
END(nop)

/* A USDT probe site: a NOP in the middle of code using its operands. */
TARGET(usdt)
	add	x0, x1, x2
	eor	x3, x4, x5
	nop
	orr	x6, x0, x3
	adds	x7, x6, x8
	ret
END(usdt)

/* Frame record push, the common prologue. */
TARGET(stp_fp_lr)
	stp	x29, x30, [sp, #-16]!
	ret
END(stp_fp_lr)

/* Callee-saved pair. */
TARGET(stp_x19_x20)
	stp	x19, x20, [sp, #-32]!
	ret
END(stp_x19_x20)

/* x0/x1 with the lowest offset, -512. */
TARGET(stp_x0_x1_min)
	stp	x0, x1, [sp, #-512]!
	ret
END(stp_x0_x1_min)

/* The highest offset, +504. */
TARGET(stp_max)
	stp	x2, x3, [sp, #504]!
	ret
END(stp_max)

/* A small positive offset. */
TARGET(stp_pos)
	stp	x4, x5, [sp, #16]!
	ret
END(stp_pos)

/* Offset zero. */
TARGET(stp_zero)
	stp	x9, x10, [sp, #0]!
	ret
END(stp_zero)

/* The same register twice. */
TARGET(stp_same)
	stp	x6, x6, [sp, #-16]!
	ret
END(stp_same)

/* XZR for both. */
TARGET(stp_xzr)
	stp	xzr, xzr, [sp, #-16]!
	ret
END(stp_xzr)

/* XZR for one, and x30 for the other, swapped order. */
TARGET(stp_xzr_lr)
	stp	xzr, x30, [sp, #-48]!
	ret
END(stp_xzr_lr)

/* An 8-byte step: the pair is 8-aligned only, and may cross a page. */
TARGET(stp_odd)
	stp	x0, x1, [sp, #-8]!
	ret
END(stp_odd)

/* Two probed NOPs back to back. */
TARGET(b2b_nop)
	nop
	nop
	ret
END(b2b_nop)

/* Two probed pushes back to back. */
TARGET(b2b_stp)
	stp	x29, x30, [sp, #-16]!
	stp	x19, x20, [sp, #-16]!
	ret
END(b2b_stp)

/* A probed NOP, then a probed push. */
TARGET(b2b_mixed)
	nop
	stp	x27, x28, [sp, #-64]!
	ret
END(b2b_mixed)

	.section .note.GNU-stack, "", %progbits
