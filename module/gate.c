// SPDX-License-Identifier: GPL-2.0-only
/* The STP gate, fed with what this system has and the stp switch. */
#include <linux/sched.h>
#include <asm/cpufeature.h>
#include "probesim.h"

static bool probesim_has_poe(void)
{
#ifdef ARM64_HAS_S1POE
	return system_supports_poe();
#else
	/* Kernels before 6.12 never enable POE, so no overlay applies. */
	return false;
#endif
}

enum probesim_verdict probesim_system_verdict(void)
{
	struct probesim_gate gate = {
		.stp_enabled = READ_ONCE(probesim_stp_param),
		.has_mte = system_supports_mte(),
		.has_poe = probesim_has_poe(),
		.user = true,	/* probesim only ever sees uprobes */
	};
	enum probesim_verdict verdict = probesim_stp_verdict(&gate);

	if (verdict == PROBESIM_REFUSE_MTE || verdict == PROBESIM_REFUSE_POE)
		pr_info_once("probesim: STP stays single-stepped: the system uses %s, whose checks a simulated store would skip\n",
			     probesim_verdict_name(verdict));
	return verdict;
}
