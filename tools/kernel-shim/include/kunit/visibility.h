/* SPDX-License-Identifier: GPL-2.0-only */
/* Nothing: the host tools export nothing to KUnit (prelude.h). */
