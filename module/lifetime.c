// SPDX-License-Identifier: GPL-2.0-only
/*
 * Lifetime of patched uprobes.
 *
 * A patched uprobe points into this module's text (auprobe->api.handler)
 * until the kernel frees the struct uprobe that embeds the arch_uprobe.
 * So each patched uprobe holds a reference on the module, dropped when the
 * kernel frees the uprobe: an ordinary rmmod finds the module in use while
 * any is live. No field of struct module is written.
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
 *
 * A free function the compiler inlined or cloned (a .part/.isra copy) has
 * no name to find: the module then refuses to load rather than leak.
 *
 * rmmod -f (CONFIG_MODULE_FORCE_UNLOAD) runs the exit with uprobes still
 * live. The exit then hands each of them back to XOL and, where the hit
 * path is an RCU tasks trace read section (6.12 and 7.3), waits for the
 * handlers already running before the text goes. On 6.1 a handler runs
 * under a reference only, and may sleep in a fault, so no grace period
 * covers it: there the exit waits until every patched uprobe is freed,
 * which is after its last hit, however long the probes stay.
 */
#include <linux/fs.h>
#include <linux/hashtable.h>
#include <linux/kdev_t.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/rcupdate_trace.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uprobes.h>
#include <linux/xarray.h>
#include "probesim.h"
#include "trace.h"

/*
 * A patched uprobe, named by its key as the kernel names it, so that a
 * hit can find its own arch_uprobe, which the handler is not given.
 */
struct probesim_tracked {
	struct arch_uprobe *auprobe;
	struct probesim_probe_key key;
	enum probesim_family family;
	struct hlist_node by_key;
};

/*
 * Tracked patched uprobes, by arch_uprobe address, which a free gives;
 * and by key, which a hit handed back gives, so that handing back costs
 * the same however many uprobes are tracked. The xarray's lock covers
 * both.
 */
static DEFINE_XARRAY_FLAGS(probesim_patched, XA_FLAGS_LOCK_IRQ);
static DEFINE_HASHTABLE(probesim_patched_by_key, 8);

static u32 probesim_key_hash(const struct probesim_probe_key *key)
{
	return hash_ptr(key->inode, 32) ^ hash_64(key->offset, 32);
}

/* The free function found waits for an RCU tasks trace grace period. */
static bool probesim_free_after_rcu_trace;

/*
 * The key the kernel gives the uprobe at @addr of @vma: the mapped file
 * and the offset in it. False for an anonymous mapping, which has none.
 * The inode's device and number are kept for tracers, which name a file
 * so; the inode itself is only compared.
 */
bool probesim_probe_key(const struct vm_area_struct *vma, unsigned long addr,
			struct probesim_probe_key *key)
{
	const struct inode *inode;

	if (!vma->vm_file)
		return false;
	inode = file_inode(vma->vm_file);
	*key = (struct probesim_probe_key) {
		.inode = inode,
		.dev = inode->i_sb->s_dev,
		.ino = inode->i_ino,
		.offset = ((loff_t)vma->vm_pgoff << PAGE_SHIFT) + (addr - vma->vm_start),
	};
	return true;
}

int probesim_track(struct arch_uprobe *auprobe, const struct vm_area_struct *vma,
		   unsigned long addr, enum probesim_family family)
{
	struct probesim_probe_key key;
	struct probesim_tracked *t;
	unsigned long flags;
	int err = -ENOMEM;

	if (!probesim_probe_key(vma, addr, &key))
		return -ENOENT;
	t = kmalloc(sizeof(*t), GFP_ATOMIC);
	if (!t)
		goto out_count;
	*t = (struct probesim_tracked) {
		.auprobe = auprobe, .key = key, .family = family,
	};
	/* Fails once rmmod has begun: the uprobe then stays on XOL. */
	if (!try_module_get(THIS_MODULE)) {
		kfree(t);
		return -ENODEV;
	}
	xa_lock_irqsave(&probesim_patched, flags);
	err = __xa_insert(&probesim_patched, (unsigned long)auprobe, t, GFP_ATOMIC);
	if (!err)
		hash_add(probesim_patched_by_key, &t->by_key, probesim_key_hash(&key));
	xa_unlock_irqrestore(&probesim_patched, flags);
	if (!err) {
		probesim_count_live(family, 1);
		trace_probesim_patch(key.dev, key.ino, key.offset,
				     probesim_family_name(family),
				     le32_to_cpu(auprobe->insn));
		return 0;
	}
	module_put(THIS_MODULE);
	kfree(t);
out_count:
	probesim_count_event(PROBESIM_EV_TRACK_FAILED);
	return err;
}

/*
 * Hand the uprobe at @addr of @vma back to XOL, for @reason: its next hit,
 * by any task, is single-stepped. A hit that already read ->simulate
 * still runs the handler, which stays valid. Returns how many were found:
 * one, or also a uprobe the kernel has dropped but not freed yet.
 */
unsigned int probesim_unpatch(const struct vm_area_struct *vma, unsigned long addr,
			      const char *reason)
{
	struct probesim_probe_key key;
	struct probesim_tracked *t;
	unsigned int found = 0;
	unsigned long flags;

	if (!probesim_probe_key(vma, addr, &key))
		return 0;
	xa_lock_irqsave(&probesim_patched, flags);
	hash_for_each_possible(probesim_patched_by_key, t, by_key, probesim_key_hash(&key)) {
		if (t->key.inode == key.inode && t->key.offset == key.offset) {
			WRITE_ONCE(t->auprobe->simulate, false);
			trace_probesim_decline(key.dev, key.ino, key.offset,
					       probesim_family_name(t->family), reason);
			found++;
		}
	}
	xa_unlock_irqrestore(&probesim_patched, flags);
	return found;
}

/*
 * debugfs probesim/probes: one line per patched uprobe still alive, by
 * its key, with its family and whether it still simulates ("stepping"
 * once a hit was handed back).
 */
int probesim_probes_show(struct seq_file *m)
{
	struct probesim_tracked *t;
	unsigned long index, flags;

	seq_puts(m, "# dev inode offset family state\n");
	xa_lock_irqsave(&probesim_patched, flags);
	xa_for_each(&probesim_patched, index, t) {
		seq_printf(m, "%u:%u %lu 0x%llx %s %s\n", MAJOR(t->key.dev),
			   MINOR(t->key.dev), t->key.ino, (unsigned long long)t->key.offset,
			   probesim_family_name(t->family),
			   READ_ONCE(t->auprobe->simulate) ? "simulating" : "stepping");
	}
	xa_unlock_irqrestore(&probesim_patched, flags);
	return 0;
}

/* probesim_free_pre() reads kfree()'s one argument from x0. */
static_assert(__same_type(&kfree, void (*)(const void *)));

/* The object being freed holds our arch_uprobe, if we patched it. */
static int probesim_free_pre(struct kprobe *p, struct pt_regs *regs)
{
	unsigned long obj = regs->regs[0];
	struct probesim_tracked *t;
	unsigned long flags;
	XA_STATE(xas, &probesim_patched, obj);

	if (!obj)
		return 0;
	xa_lock_irqsave(&probesim_patched, flags);
	xas_for_each(&xas, t, obj + ksize((void *)obj) - 1) {
		xas_store(&xas, NULL);
		hash_del(&t->by_key);
		probesim_count_live(t->family, -1);
		kfree(t);
		module_put(THIS_MODULE);
	}
	xa_unlock_irqrestore(&probesim_patched, flags);
	return 0;
}

static struct kprobe probesim_free_kps[8];
static struct kprobe *probesim_free_kp_ptrs[ARRAY_SIZE(probesim_free_kps)];
static unsigned int probesim_nr_free_kps;

/*
 * Put a kprobe on every B or BL to kfree() in @name. A tail call is a B, an
 * ordinary call a BL; compilers duplicate the call on several paths. A
 * site that frees something else is harmless: its object holds no patched
 * arch_uprobe, so the handler finds nothing to release.
 */
static int probesim_add_free_kp(unsigned long pc, unsigned long dest, void *arg)
{
	if (dest != (unsigned long)kfree)
		return 0;
	if (probesim_nr_free_kps == ARRAY_SIZE(probesim_free_kps))
		return -E2BIG;
	probesim_free_kps[probesim_nr_free_kps++] = (struct kprobe) {
		.addr = (kprobe_opcode_t *)pc,
		.pre_handler = probesim_free_pre,
	};
	return 0;
}

static int probesim_probe_kfree_calls(const char *name)
{
	unsigned long fn = probesim_lookup(name);

	probesim_nr_free_kps = 0;
	if (!fn || probesim_visit_branches(fn, probesim_add_free_kp, NULL))
		return 0;
	return probesim_nr_free_kps;
}

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

	for (i = 0; i < ARRAY_SIZE(probesim_free_functions) && !fn; i++)
		if (probesim_probe_kfree_calls(probesim_free_functions[i]))
			fn = probesim_free_functions[i];
	if (!fn)
		return probesim_refuse("no kfree() of a uprobe found, so unloading is not safe");
	probesim_free_after_rcu_trace = strcmp(fn, "put_uprobe");
	for (i = 0; i < probesim_nr_free_kps; i++)
		probesim_free_kp_ptrs[i] = &probesim_free_kps[i];
	err = register_kprobes(probesim_free_kp_ptrs, probesim_nr_free_kps);
	if (err) {
		pr_err("cannot probe the kfree() calls in %s(): %d\n",
		       fn, err);
		return err;
	}
	return 0;
}

/*
 * Only rmmod -f gets here with uprobes live (each holds a reference).
 * Hand them back to XOL while the free kprobes still hold off their
 * kfree(), so that no arch_uprobe written here can be freed meanwhile.
 */
static unsigned long probesim_unpatch_all(void)
{
	struct probesim_tracked *t;
	unsigned long index, flags, live = 0;

	xa_lock_irqsave(&probesim_patched, flags);
	xa_for_each(&probesim_patched, index, t) {
		WRITE_ONCE(t->auprobe->simulate, false);
		live++;
	}
	xa_unlock_irqrestore(&probesim_patched, flags);
	return live;
}

/*
 * Wait for the handlers that read ->simulate before it was cleared, where
 * the hit path is an RCU tasks trace read section. Kernels whose uprobes
 * use one select TASKS_TRACE_RCU; 6.1's do not.
 */
static bool probesim_wait_for_handlers(void)
{
#ifdef CONFIG_TASKS_TRACE_RCU
	if (probesim_free_after_rcu_trace) {
		synchronize_rcu_tasks_trace();
		return true;
	}
#endif
	return false;
}

/*
 * Wait until the free kprobes have seen every tracked uprobe freed. A
 * handler runs under a reference on its uprobe and the free follows the
 * last reference, so none can run after. TASK_IDLE: rmmod -f may wait
 * here for as long as the probes stay, which is no hung task.
 */
static void probesim_wait_for_frees(void)
{
	while (!xa_empty(&probesim_patched))
		schedule_timeout_idle(HZ / 10);
}

void probesim_lifetime_exit(void)
{
	unsigned long live = probesim_unpatch_all(), index;
	struct probesim_tracked *t;

	if (live && probesim_wait_for_handlers()) {
		pr_info("forced unload: %lu live uprobes handed back to single-stepping\n",
			live);
	} else if (live) {
		pr_warn("forced unload: %lu live uprobes handed back to single-stepping; waiting until they are unregistered, as this kernel cannot wait for a handler already running\n",
			live);
		probesim_wait_for_frees();
		pr_info("forced unload: every patched uprobe is freed\n");
	}
	unregister_kprobes(probesim_free_kp_ptrs, probesim_nr_free_kps);
	xa_for_each(&probesim_patched, index, t)
		kfree(t);
	xa_destroy(&probesim_patched);
}
