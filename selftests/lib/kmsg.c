// SPDX-License-Identifier: GPL-2.0-only
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "kmsg.h"

int kmsg_open_end(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd >= 0 && lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

long kmsg_read_new(int fd, const char *text, bool *found)
{
	char rec[2048];
	long n = 0;
	ssize_t len;

	/* EPIPE: records were overwritten meanwhile; the next read goes on. */
	while ((len = read(fd, rec, sizeof(rec) - 1)) > 0 || (len < 0 && errno == EPIPE)) {
		if (len <= 0)
			continue;
		rec[len] = '\0';
		fprintf(stderr, "# kernel log: %s", rec);
		if (text && strstr(rec, text))
			*found = true;
		n++;
	}
	return n;
}
