// SPDX-License-Identifier: GPL-2.0-only
/*
 * Lifetime of patched uprobes.
 *
 * A patched uprobe points into this module's text (auprobe->api.handler)
 * until the kernel frees the struct uprobe that embeds the arch_uprobe.
 * Resetting live uprobes at unload is not safe: on 6.1 a handler runs
 * outside any RCU read section and may sleep in a fault. So each patched
 * uprobe holds a reference on the module, dropped when the kernel frees
 * the uprobe, and the module refuses to unload while any is live.
 *
 * The free is observed without touching the hit path: kprobes sit on the
 * calls to kfree() in the function that frees a uprobe once nothing can run
 * its handler any more. The call sites are found at load time by scanning
 * that function for branches to kfree(). Per kernel, what guarantees that
 * no handler is still running when that kfree() is reached:
 *
 *  7.3 (6.13 on): handle_swbp() runs the handler inside
 *    rcu_read_lock_trace(). put_uprobe() hands the last reference to a
 *    work item, which starts call_srcu() (the SRCU stage covers uretprobe
 *    leases, hprobe, not the handler), then call_rcu_tasks_trace(), then
 *    uprobe_free_rcu_tasks_trace() frees it: after an RCU tasks trace grace
 *    period, which waits for every rcu_read_lock_trace() section.
 *  6.12: the same read section; uprobe_free_rcu() frees after
 *    call_rcu_tasks_trace() from put_uprobe().
 *  6.1: the hit path holds a reference on the uprobe; put_uprobe() calls
 *    kfree() only for the last one.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>
#include <asm/insn.h>
#include "probesim.h"

/* Patched arch_uprobes, keyed by address; the value is the family. */
static DEFINE_XARRAY_FLAGS(probesim_patched, XA_FLAGS_LOCK_IRQ);
static atomic_long_t probesim_live_count[PROBESIM_NR_FAMILIES];

/*
 * delete_module() answers -EBUSY, without reaching the module's exit, when
 * a module has an init function and no exit function. Clearing ->exit
 * while uprobes are live gives rmmod that answer; the module references
 * held by the uprobes make the refusal airtight should a caller race with
 * the flip.
 */
static DEFINE_SPINLOCK(probesim_busy_lock);
static unsigned long probesim_total_live;
static void (*probesim_exit_fn)(void);

static void probesim_busy_update(long delta)
{
	unsigned long flags;

	spin_lock_irqsave(&probesim_busy_lock, flags);
	probesim_total_live += delta;
	WRITE_ONCE(THIS_MODULE->exit,
		   probesim_total_live ? NULL : probesim_exit_fn);
	spin_unlock_irqrestore(&probesim_busy_lock, flags);
}

unsigned long probesim_live(enum probesim_family family)
{
	return atomic_long_read(&probesim_live_count[family]);
}

int probesim_track(void *auprobe, enum probesim_family family)
{
	unsigned long flags;
	int err;

	/* Fails once rmmod has begun: the uprobe then stays on XOL. */
	if (!try_module_get(THIS_MODULE))
		return -ENODEV;

	xa_lock_irqsave(&probesim_patched, flags);
	err = __xa_insert(&probesim_patched, (unsigned long)auprobe,
			  xa_mk_value(family), GFP_ATOMIC);
	xa_unlock_irqrestore(&probesim_patched, flags);
	if (err) {
		module_put(THIS_MODULE);
		probesim_count_event(PROBESIM_EV_TRACK_FAILED);
		return err;
	}
	atomic_long_inc(&probesim_live_count[family]);
	probesim_busy_update(1);
	return 0;
}

/* The object being freed holds our arch_uprobe, if we patched it. */
static int probesim_free_pre(struct kprobe *p, struct pt_regs *regs)
{
	unsigned long obj = regs->regs[0];
	unsigned long flags;
	void *entry;
	XA_STATE(xas, &probesim_patched, obj);

	if (!obj)
		return 0;
	xa_lock_irqsave(&probesim_patched, flags);
	xas_for_each(&xas, entry, obj + ksize((void *)obj) - 1) {
		xas_store(&xas, NULL);
		atomic_long_dec(&probesim_live_count[xa_to_value(entry)]);
		probesim_busy_update(-1);
		module_put(THIS_MODULE);
	}
	xa_unlock_irqrestore(&probesim_patched, flags);
	return 0;
}

static struct kprobe probesim_free_kps[8];
static struct kprobe *probesim_free_kp_ptrs[ARRAY_SIZE(probesim_free_kps)];
static unsigned int probesim_nr_free_kps;

/* Size of the function at @addr, from its "name+0x0/0xsize" description. */
static unsigned long probesim_function_size(unsigned long addr)
{
	char buf[KSYM_SYMBOL_LEN];
	unsigned long size;
	char *slash;

	sprint_symbol(buf, addr);
	slash = strrchr(buf, '/');
	if (!slash || kstrtoul(slash + 1, 16, &size))
		return 0;
	return size;
}

/*
 * Put a kprobe on every B or BL to kfree() in @name. A tail call is a B, an
 * ordinary call a BL; compilers duplicate the call on several paths. A
 * site that frees something else is harmless: its object holds no patched
 * arch_uprobe, so the handler finds nothing to release.
 */
static int probesim_probe_kfree_calls(const char *name)
{
	unsigned long fn = probesim_lookup(name), size, off, pc;
	u32 insn;

	if (!fn)
		return 0;
	size = probesim_function_size(fn);
	probesim_nr_free_kps = 0;
	for (off = 0; off + AARCH64_INSN_SIZE <= size; off += AARCH64_INSN_SIZE) {
		pc = fn + off;
		if (copy_from_kernel_nofault(&insn, (void *)pc, sizeof(insn)))
			return 0;
		insn = le32_to_cpu((__force __le32)insn);
		if (!aarch64_insn_is_b(insn) && !aarch64_insn_is_bl(insn))
			continue;
		if (pc + sign_extend64((insn & 0x03ffffff) << 2, 27) !=
		    (unsigned long)kfree)
			continue;
		if (probesim_nr_free_kps == ARRAY_SIZE(probesim_free_kps))
			return 0;
		probesim_free_kps[probesim_nr_free_kps++] = (struct kprobe) {
			.addr = (kprobe_opcode_t *)pc,
			.pre_handler = probesim_free_pre,
		};
	}
	return probesim_nr_free_kps;
}

/* Explain a refused rmmod: delete_module() itself says only EBUSY. */
static int probesim_delete_pre(struct kprobe *p, struct pt_regs *regs)
{
	const struct pt_regs *uregs = (const struct pt_regs *)regs->regs[0];
	char name[sizeof(KBUILD_MODNAME)];
	unsigned long live = READ_ONCE(probesim_total_live);

	/* Our own name, NUL included; a longer or shorter name differs. */
	if (!live || copy_from_user_nofault(name,
					    (const char __user *)uregs->regs[0],
					    sizeof(name)))
		return 0;
	if (!memcmp(name, KBUILD_MODNAME, sizeof(name)))
		pr_warn("probesim: refusing to unload (EBUSY): %lu patched uprobes are still live; remove their probes first\n",
			live);
	return 0;
}

static struct kprobe probesim_delete_kp = {
	.symbol_name = "__arm64_sys_delete_module",
	.pre_handler = probesim_delete_pre,
};

/*
 * Where a uprobe is freed, newest kernel first (see the top of this file).
 * The test bed builds one copy with PROBESIM_TEST_NO_FREE_PATH, which must
 * refuse to load.
 */
static const char * const probesim_free_functions[] = {
#ifndef PROBESIM_TEST_NO_FREE_PATH
	"uprobe_free_rcu_tasks_trace", "uprobe_free_rcu", "put_uprobe",
#else
	"probesim_no_such_function",
#endif
};

int probesim_lifetime_init(void)
{
	const char *fn = NULL;
	unsigned int i;
	int err;

	probesim_exit_fn = THIS_MODULE->exit;
	for (i = 0; i < ARRAY_SIZE(probesim_free_functions) && !fn; i++)
		if (probesim_probe_kfree_calls(probesim_free_functions[i]))
			fn = probesim_free_functions[i];
	if (!fn)
		return probesim_refuse("no kfree() of a uprobe found, so unloading is not safe");
	for (i = 0; i < probesim_nr_free_kps; i++)
		probesim_free_kp_ptrs[i] = &probesim_free_kps[i];
	err = register_kprobes(probesim_free_kp_ptrs, probesim_nr_free_kps);
	if (err) {
		pr_err("probesim: cannot probe the kfree() calls in %s(): %d\n",
		       fn, err);
		return err;
	}
	/* Only explains refusals; unloading stays safe without it. */
	if (register_kprobe(&probesim_delete_kp))
		probesim_delete_kp.addr = NULL;
	return 0;
}

void probesim_lifetime_exit(void)
{
	if (probesim_delete_kp.addr)
		unregister_kprobe(&probesim_delete_kp);
	unregister_kprobes(probesim_free_kp_ptrs, probesim_nr_free_kps);
	/* Every entry held a module reference, so none can be left here. */
	WARN_ON(!xa_empty(&probesim_patched));
	xa_destroy(&probesim_patched);
}
