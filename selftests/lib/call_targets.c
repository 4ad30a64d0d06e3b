// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include "call_targets.h"

/*
 * The targets. Each sits alone at a 16-byte boundary; the probe goes on
 * its first instruction. The STP target checks the stored pair through a
 * reload, so a simulation that stored wrong values or moved SP wrongly
 * makes it return x (not x + 1), and a wrong SP also breaks the return.
 */
asm("	.text\n"
"	.balign	16\n"
"	.globl	call_target_nop\n"
"	.type	call_target_nop, %function\n"
"call_target_nop:\n"
"	nop\n"
"	add	x0, x0, #1\n"
"	ret\n"
"	.size	call_target_nop, . - call_target_nop\n"
"\n"
"	.balign	16\n"
"	.globl	call_target_stp\n"
"	.type	call_target_stp, %function\n"
"call_target_stp:\n"
"	stp	x29, x30, [sp, #-16]!\n"
"	ldp	x9, x10, [sp]\n"
"	cmp	x9, x29\n"
"	ccmp	x10, x30, #0, eq\n"
"	cinc	x0, x0, eq\n"
"	ldp	x29, x30, [sp], #16\n"
"	ret\n"
"	.size	call_target_stp, . - call_target_stp\n"
);

const char *call_family_name(enum call_family family)
{
	return family == CALL_NOP ? "nop" : "stp";
}

unsigned long (*call_target(enum call_family family))(unsigned long x)
{
	return family == CALL_NOP ? call_target_nop : call_target_stp;
}

int call_target_location(enum call_family family, char *path, size_t len,
			 unsigned long *offset)
{
	return file_location((const void *)call_target(family), path, len, offset);
}

bool call_target_repeat(enum call_family family, long n)
{
	unsigned long (*fn)(unsigned long x) = call_target(family);
	unsigned long acc = 0;
	long i;

	for (i = 0; i < n; i++)
		acc = fn(acc);
	return acc == (unsigned long)n;
}

/* A kernel with the series simulates every family; 6.13 on, NOP. */
bool call_family_kernel_simulates(enum call_family family)
{
	if (probesim_mode() == MODE_BUILTIN)
		return true;
	return family == CALL_NOP && kernel_simulates_nop();
}

bool call_family_probesim_patches(enum call_family family)
{
	return !call_family_kernel_simulates(family);
}

enum probesim_family call_family_counted_as(enum call_family family)
{
	return family == CALL_NOP ? PROBESIM_NOP_FAMILY : PROBESIM_STP_FAMILY;
}
