// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading kernel text. Two facts probesim depends on have no interface:
 * where the kernel frees a uprobe (lifetime.c probes those calls) and
 * whether the function it hooks is called at all (hook.c). Both are read
 * from the direct branches (B and BL) in function bodies, whose bounds
 * come from kallsyms.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/insn.h>
#include "probesim.h"

/*
 * Where @addr lies in its function, from the "name+0xoffset/0xsize" that
 * sprint_symbol() gives (the kallsyms lookups themselves are not
 * exported). False for an address outside any known function.
 */
static bool probesim_symbol_extent(unsigned long addr, unsigned long *offset,
				   unsigned long *size)
{
	char buf[KSYM_SYMBOL_LEN];
	char *plus, *slash;

	sprint_symbol(buf, addr);
	plus = strrchr(buf, '+');
	slash = strrchr(buf, '/');
	if (!plus || !slash || slash < plus)
		return false;
	*slash = '\0';
	/* A module symbol ends in " [name]": the size stops before it. */
	strreplace(slash + 1, ' ', '\0');
	return !kstrtoul(plus + 1, 16, offset) && !kstrtoul(slash + 1, 16, size);
}

int probesim_visit_branches(unsigned long fn, probesim_branch_fn *visit, void *arg)
{
	unsigned long offset, size, off, pc;
	u32 insn;
	int ret;

	if (!probesim_symbol_extent(fn, &offset, &size) || offset || !size)
		return -ENOENT;
	for (off = 0; off + AARCH64_INSN_SIZE <= size; off += AARCH64_INSN_SIZE) {
		pc = fn + off;
		if (copy_from_kernel_nofault(&insn, (void *)pc, sizeof(insn)))
			return -EFAULT;
		insn = le32_to_cpu((__force __le32)insn);
		if (!aarch64_insn_is_b(insn) && !aarch64_insn_is_bl(insn))
			continue;
		ret = visit(pc, pc + sign_extend64((insn & 0x03ffffff) << 2, 27),
			    arg);
		if (ret)
			return ret;
	}
	return 0;
}

/* A depth-first search of direct calls, each function visited once. */
struct probesim_reach {
	unsigned long target;
	unsigned int depth;
	unsigned int nr_seen;
	unsigned long seen[256];
};

static int probesim_reach_visit(unsigned long pc, unsigned long dest, void *arg)
{
	struct probesim_reach *r = arg;
	unsigned long offset, size;
	unsigned int i;
	int ret;

	if (dest == r->target)
		return 1;
	/* Only calls and tail calls lead to another function. */
	if (!r->depth || !probesim_symbol_extent(dest, &offset, &size) || offset)
		return 0;
	for (i = 0; i < r->nr_seen; i++)
		if (r->seen[i] == dest)
			return 0;
	if (r->nr_seen == ARRAY_SIZE(r->seen))
		return 0;
	r->seen[r->nr_seen++] = dest;
	r->depth--;
	ret = probesim_visit_branches(dest, probesim_reach_visit, r);
	r->depth++;
	return ret > 0 ? ret : 0;
}

bool probesim_calls_reach(unsigned long from, unsigned long target,
			  unsigned int depth)
{
	struct probesim_reach *r;
	unsigned int d;
	bool found = false;

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return false;
	r->target = target;
	/* Shallowest first: the search stops at the nearest call. */
	for (d = 0; d <= depth && !found; d++) {
		r->depth = d;
		r->nr_seen = 0;
		found = probesim_visit_branches(from, probesim_reach_visit, r) > 0;
	}
	kfree(r);
	return found;
}
