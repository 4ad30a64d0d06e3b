/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One page of the arena made missing and registered with a userfaultfd,
 * whose server thread takes the one fault a run makes there and fills
 * the page with the arena's pattern, as a populated page holds. Before
 * filling it, the server may move the faulting thread to another CPU: the
 * fault then resumes there.
 */
#ifndef PROBESIM_SELFTEST_UFFD_H
#define PROBESIM_SELFTEST_UFFD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct uffd_server {
	int fd;
	uintptr_t page;
	size_t page_size;
	pid_t move_tid;		/* moved to move_cpu before the fill, if not 0 */
	int move_cpu;
	pthread_t thread;
	bool started;
};

#define UFFD_SERVER_INIT	{ .fd = -1 }

/*
 * Map @page (@page_size bytes) afresh with @prot, register it for missing
 * faults (from user mode only, if @user_only) and start the server. 0, or
 * -1 with errno set.
 */
int uffd_server_start(struct uffd_server *u, uintptr_t page, size_t page_size,
		      int prot, bool user_only);
/* Wait for the server (it ends after one fault, or a timeout) and close. */
void uffd_server_stop(struct uffd_server *u);

#endif /* PROBESIM_SELFTEST_UFFD_H */
