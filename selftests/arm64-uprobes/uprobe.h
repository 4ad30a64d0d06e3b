/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Uprobes on this program's own instructions, through perf_event_open()
 * and the uprobe PMU, and the signals the probed code may take.
 */
#ifndef ARM64_UPROBES_UPROBE_H
#define ARM64_UPROBES_UPROBE_H

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include <asm/sigcontext.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <sys/syscall.h>

#define PMU_TYPE	"/sys/bus/event_source/devices/uprobe/type"

/* The uprobe PMU's perf event type, or -1 if the kernel has none. */
static inline int uprobe_pmu_type(void)
{
	FILE *f = fopen(PMU_TYPE, "r");
	int type = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &type) != 1)
		type = -1;
	fclose(f);
	return type;
}

/* The file @addr is mapped from, and its offset in that file. */
static inline int file_offset(const void *addr, char *path, size_t len,
			      unsigned long *offset)
{
	unsigned long start, end, pgoff, a = (unsigned long)addr;
	char line[512], file[256];
	FILE *maps = fopen("/proc/self/maps", "r");
	int ret = -1;

	if (!maps)
		return -1;
	while (ret && fgets(line, sizeof(line), maps)) {
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s",
			   &start, &end, &pgoff, file) != 4)
			continue;
		if (a < start || a >= end || file[0] != '/')
			continue;
		snprintf(path, len, "%s", file);
		*offset = a - start + pgoff;
		ret = 0;
	}
	fclose(maps);
	return ret;
}

/*
 * A uprobe on the instruction at @addr in this program, counting the hits
 * of task @pid (0: the caller). Its breakpoint is in place on return.
 * Returns the perf event's fd, or -1.
 */
static inline int uprobe_open(const void *addr, pid_t pid)
{
	struct perf_event_attr attr;
	unsigned long offset;
	char path[256];
	int type = uprobe_pmu_type();

	if (type < 0 || file_offset(addr, path, sizeof(path), &offset))
		return -1;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config1 = (__u64)(uintptr_t)path;
	attr.config2 = offset;
	return syscall(__NR_perf_event_open, &attr, pid, -1, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

/*
 * Why this task may not put uprobes on itself, or NULL if it may: the
 * kernel has no uprobe PMU, or perf_event_open() refuses it (EACCES or
 * EPERM: no CAP_PERFMON, or a seccomp or LSM policy). A test SKIPs then
 * rather than FAILs. Asked by putting a uprobe on this program's own
 * code and removing it at once.
 */
static inline const char *uprobe_unavailable(void)
{
	int fd;

	if (uprobe_pmu_type() < 0)
		return "no uprobe PMU (CONFIG_UPROBE_EVENTS)";
	fd = uprobe_open((const void *)uprobe_pmu_type, 0);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		return "perf_event_open() refused the uprobe: needs CAP_PERFMON";
	if (fd >= 0)
		close(fd);
	return NULL;
}

/* The hits counted by a uprobe_open() event, or -1. */
static inline long uprobe_hits(int fd)
{
	__u64 count;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return -1;
	return count;
}

/*
 * The XOL area, mapped at a task's first out-of-line step and kept for
 * the life of its mm. A probe that was only ever simulated leaves none.
 */
static inline bool xol_area_mapped(void)
{
	FILE *maps = fopen("/proc/self/maps", "r");
	char line[512];
	bool found = false;

	if (!maps)
		return false;
	while (!found && fgets(line, sizeof(line), maps))
		found = strstr(line, "[uprobes]");
	fclose(maps);
	return found;
}

/*
 * How a run of probed code ended: normally (signo 0) or by a signal, with
 * its si_code, si_addr (the FAR of a fault) and the ESR record of the
 * signal frame, which only a fault's frame has.
 */
struct outcome {
	int signo;
	int code;
	uintptr_t addr;
	bool has_esr;
	__u64 esr;
};

static sigjmp_buf outcome_jmp;
static siginfo_t outcome_info;
static bool outcome_has_esr;
static __u64 outcome_esr;

/* The ESR record among the records of the frame's __reserved area. */
static inline bool frame_esr(const ucontext_t *uc, __u64 *esr)
{
	const char *p = (const char *)uc->uc_mcontext.__reserved;
	const char *end = p + sizeof(uc->uc_mcontext.__reserved);
	const struct _aarch64_ctx *head;

	for (; p + sizeof(*head) <= end; p += head->size) {
		head = (const struct _aarch64_ctx *)p;
		if (!head->magic || head->size < sizeof(*head))
			return false;
		if (head->magic == ESR_MAGIC) {
			*esr = ((const struct esr_context *)p)->esr;
			return true;
		}
	}
	return false;
}

static void outcome_handler(int sig, siginfo_t *info, void *uc)
{
	outcome_info = *info;
	outcome_has_esr = frame_esr(uc, &outcome_esr);
	siglongjmp(outcome_jmp, 1);
}

/* The same end: signal, si_code, si_addr and ESR record alike. */
static inline bool outcome_same(const struct outcome *a, const struct outcome *b)
{
	return a->signo == b->signo && a->code == b->code && a->addr == b->addr &&
	       a->has_esr == b->has_esr && (!a->has_esr || a->esr == b->esr);
}

/*
 * Catch SIGILL, SIGSEGV and SIGBUS on an alternate stack: the code under
 * test may run on any SP.
 */
static inline int outcome_catch_signals(void)
{
	static alignas(16) char altstack[256 * 1024];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct sigaction sa = {
		.sa_sigaction = outcome_handler,
		.sa_flags = SA_SIGINFO | SA_ONSTACK,
	};

	if (sigaltstack(&ss, NULL))
		return -1;
	return sigaction(SIGILL, &sa, NULL) || sigaction(SIGSEGV, &sa, NULL) ||
	       sigaction(SIGBUS, &sa, NULL);
}

/* Call @fn(@a, @b), and say whether it returned or which signal it took. */
static inline struct outcome outcome_call(void (*fn)(void *, void *),
					  void *a, void *b)
{
	struct outcome o = { 0 };

	if (sigsetjmp(outcome_jmp, 1)) {
		o.signo = outcome_info.si_signo;
		o.code = outcome_info.si_code;
		o.addr = (uintptr_t)outcome_info.si_addr;
		o.has_esr = outcome_has_esr;
		o.esr = outcome_has_esr ? outcome_esr : 0;
		return o;
	}
	fn(a, b);
	return o;
}

/* @o as text: "returned", or the signal with its si_code and si_addr. */
static inline const char *outcome_str(const struct outcome *o, char *buf,
				      size_t len)
{
	if (!o->signo)
		return "returned";
	snprintf(buf, len, "%s (si_code %d, si_addr %#lx, ESR %s%#llx)",
		 strsignal(o->signo), o->code, (unsigned long)o->addr,
		 o->has_esr ? "" : "none ", (unsigned long long)o->esr);
	return buf;
}

#endif
