// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel functions probesim needs but the kernel does not export. They are
 * found through the kprobes symbol lookup (kallsyms_lookup_name() is no
 * longer exported) and only ever called with the signature they have on
 * the kernels probesim supports.
 */
#include <linux/kprobes.h>
#include "probesim.h"

unsigned long probesim_lookup(const char *name)
{
	struct kprobe kp = { .symbol_name = name };
	unsigned long addr;

	if (register_kprobe(&kp))
		return 0;
	addr = (unsigned long)kp.addr;
	unregister_kprobe(&kp);
	return addr;
}

int probesim_resolve_symbols(void)
{
	probesim_force_sig_fault = (void *)probesim_lookup("force_sig_fault");
	if (!probesim_force_sig_fault)
		return probesim_refuse("no force_sig_fault(), for a faulting STP");
	probesim_force_signal_inject = (void *)probesim_lookup("force_signal_inject");
	if (!probesim_force_signal_inject)
		return probesim_refuse("no force_signal_inject(), for the branch-target check");
	return 0;
}
