/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PROBESIM_STOCK_BUILD_BUG_H
#define PROBESIM_STOCK_BUILD_BUG_H

#define BUILD_BUG_ON(cond)	((void)sizeof(char[1 - 2 * !!(cond)]))

#endif /* PROBESIM_STOCK_BUILD_BUG_H */
