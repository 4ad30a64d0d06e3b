/* SPDX-License-Identifier: GPL-2.0-only */
/* Nothing: prelude.h has the part of it the decoder uses. */
