/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel log from a point on, for the tests that check what
 * probesim.ko says: how much (an unprivileged caller must not flood it)
 * and what (its exit says how it unloaded).
 */
#ifndef PROBESIM_SELFTEST_KMSG_H
#define PROBESIM_SELFTEST_KMSG_H

#include <stdbool.h>

/* /dev/kmsg opened at its end, non-blocking; -1 on failure. */
int kmsg_open_end(void);

/*
 * Read every record written since kmsg_open_end() or the last call, and
 * echo each to stderr as a TAP comment. Returns how many there were, and
 * sets *found if one contains @text (when @text is not NULL).
 */
long kmsg_read_new(int fd, const char *text, bool *found);

#endif /* PROBESIM_SELFTEST_KMSG_H */
