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
#ifdef PROBESIM_MODULE
		/* The module's STP handler hands such hits back to XOL. */
		.can_decline = true,
#endif
		.user = true,	/* probesim only ever sees uprobes */
	};

	return probesim_stp_verdict(&gate);
}
