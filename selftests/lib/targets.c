// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>
#include "targets.h"
#include "uprobes.h"

#define DECLARE(n) extern const uint32_t tgt_##n[], tgt_##n##_end[]
#define ENTRY(n, ...) { #n, tgt_##n, tgt_##n##_end, { __VA_ARGS__ }, \
	sizeof((unsigned int[]){ __VA_ARGS__ }) / sizeof(unsigned int) }

DECLARE(nop);
DECLARE(usdt);
DECLARE(stp_fp_lr);
DECLARE(stp_x19_x20);
DECLARE(stp_x0_x1_min);
DECLARE(stp_max);
DECLARE(stp_pos);
DECLARE(stp_zero);
DECLARE(stp_same);
DECLARE(stp_xzr);
DECLARE(stp_xzr_lr);
DECLARE(stp_odd);
DECLARE(b2b_nop);
DECLARE(b2b_stp);
DECLARE(b2b_mixed);

static const struct target targets[] = {
	ENTRY(nop, 0),
	ENTRY(usdt, 2),
	ENTRY(stp_fp_lr, 0),
	ENTRY(stp_x19_x20, 0),
	ENTRY(stp_x0_x1_min, 0),
	ENTRY(stp_max, 0),
	ENTRY(stp_pos, 0),
	ENTRY(stp_zero, 0),
	ENTRY(stp_same, 0),
	ENTRY(stp_xzr, 0),
	ENTRY(stp_xzr_lr, 0),
	ENTRY(stp_odd, 0),
	ENTRY(b2b_nop, 0, 1),
	ENTRY(b2b_stp, 0, 1),
	ENTRY(b2b_mixed, 0, 1),
};

const struct target *target_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(targets); i++)
		if (!strcmp(targets[i].name, name))
			return &targets[i];
	return NULL;
}
