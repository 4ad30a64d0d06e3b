// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "oracle.h"
#include "uffd.h"
#include "uprobes.h"

static void *uffd_serve(void *arg)
{
	struct uffd_server *u = arg;
	struct pollfd pfd = { .fd = u->fd, .events = POLLIN };
	struct uffd_msg msg;
	struct uffdio_copy copy;
	uint64_t *fill;
	size_t i;

	if (poll(&pfd, 1, 10000) != 1 || read(u->fd, &msg, sizeof(msg)) != sizeof(msg) ||
	    msg.event != UFFD_EVENT_PAGEFAULT)
		return NULL;
	if (u->move_tid && pin_thread_to_cpu(u->move_tid, u->move_cpu))
		return NULL;
	fill = malloc(u->page_size);
	if (!fill)
		return NULL;
	for (i = 0; i < u->page_size / 8; i++)
		fill[i] = arena_pattern(u->page + i * 8);
	copy = (struct uffdio_copy) {
		.dst = u->page, .src = (uintptr_t)fill, .len = u->page_size,
	};
	ioctl(u->fd, UFFDIO_COPY, &copy);
	free(fill);
	return NULL;
}

void uffd_server_stop(struct uffd_server *u)
{
	if (u->started)
		pthread_join(u->thread, NULL);
	if (u->fd >= 0)
		close(u->fd);
	u->started = false;
	u->fd = -1;
}

int uffd_server_start(struct uffd_server *u, uintptr_t page, size_t page_size,
		      int prot, bool user_only)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg;

	uffd_server_stop(u);
	u->page = page;
	u->page_size = page_size;
	if (mmap((void *)page, page_size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		 -1, 0) != (void *)page)
		return -1;
	u->fd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK |
			(user_only ? UFFD_USER_MODE_ONLY : 0));
	if (u->fd < 0 || ioctl(u->fd, UFFDIO_API, &api))
		return -1;
	reg = (struct uffdio_register) {
		.range = { .start = page, .len = page_size },
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	if (ioctl(u->fd, UFFDIO_REGISTER, &reg))
		return -1;
	if (pthread_create(&u->thread, NULL, uffd_serve, u))
		return -1;
	u->started = true;
	return 0;
}
