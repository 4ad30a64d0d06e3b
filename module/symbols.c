// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel functions probesim needs but the kernel does not export. They are
 * found through the kprobes symbol lookup (kallsyms_lookup_name() is no
 * longer exported) and only ever called with the signature they have on
 * the kernels probesim supports.
 */
#include <linux/build_bug.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include "probesim.h"

/*
 * The address of @name, or 0. The kprobe is registered disabled, so it is
 * never armed: nothing traps, even for the moment it exists.
 */
unsigned long probesim_lookup(const char *name)
{
	struct kprobe kp = { .symbol_name = name, .flags = KPROBE_FLAG_DISABLED };
	unsigned long addr;

	if (register_kprobe(&kp))
		return 0;
	addr = (unsigned long)kp.addr;
	unregister_kprobe(&kp);
	return addr;
}

int probesim_resolve_symbols(void)
{
	probesim_arm64_notify_die_fn = (void *)probesim_lookup("arm64_notify_die");
	if (!probesim_arm64_notify_die_fn)
		return probesim_refuse("no arm64_notify_die(), for an SP alignment fault");
	probesim_force_signal_inject_fn = (void *)probesim_lookup("force_signal_inject");
	if (!probesim_force_signal_inject_fn)
		return probesim_refuse("no force_signal_inject(), for the branch-target check");
	return 0;
}

/*
 * The address of the kernel variable @name, or 0: a kprobe finds code
 * only, so this asks kallsyms_lookup_name(), itself found by a kprobe.
 */
unsigned long probesim_lookup_data(const char *name)
{
	unsigned long (*lookup)(const char *name);

	static_assert(__same_type(lookup, &kallsyms_lookup_name));
	lookup = (void *)probesim_lookup("kallsyms_lookup_name");
	return lookup ? lookup(name) : 0;
}
