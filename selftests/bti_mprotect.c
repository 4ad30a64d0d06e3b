// SPDX-License-Identifier: GPL-2.0-only
/*
 * The branch-target check follows mprotect(). A probed AND, which is no
 * landing pad, is called through a pointer (BTYPE 10) again and again in
 * one process, under one uprobe, while its page is made guarded
 * (PROT_BTI) and unguarded in turn: every call on the guarded page must
 * raise SIGILL, as a CPU raises it, and every call on the unguarded page
 * must run. Whatever the simulation remembers of a page it found
 * unguarded must not outlive a change of the page's protection.
 *
 * The CPU's own behaviour is checked once, on a page guarded from the
 * start. It is not compared again after each mprotect(): qemu keeps code
 * it translated for a page whether or not the page was guarded then, so
 * natively a page made guarded or unguarded later may run as before.
 * The probed word itself is a BRK, which every BTYPE may reach, so the
 * probed calls depend on the simulation's check alone.
 *
 * The same probe, as a tracer sees it with probesim loaded: debugfs
 * probesim/probes lists it by its file and offset, and the trace events
 * probesim_patch and probesim_branch_target_fault name it so.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <ucontext.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "uprobes.h"

#ifndef PROT_BTI
#define PROT_BTI	0x10
#endif
#ifndef HWCAP2_BTI
#define HWCAP2_BTI	(1UL << 17)
#endif

#define INSN_AND_W0_FF	0x12001c00U	/* and w0, w0, #0xff */
#define INSN_RET	0xd65f03c0U
#define PSR_BTYPE_MASK	(3UL << 10)
#define ROUNDS		4
#define CALLS		3	/* per state: the first may walk, the others need not */

static void *volatile trap_at;
static volatile unsigned long traps;

/* A SIGILL at the probed word returns to the caller, BTYPE cleared. */
static void on_sigill(int sig, siginfo_t *info, void *context)
{
	ucontext_t *uc = context;

	if (info->si_addr != trap_at) {
		signal(SIGILL, SIG_DFL);
		return;
	}
	uc->uc_mcontext.pc = uc->uc_mcontext.regs[30];
	uc->uc_mcontext.pstate &= ~PSR_BTYPE_MASK;
	traps++;
}

FIXTURE(bti_mprotect) {
	char path[64];
	uint32_t *code;
	size_t page;
	int fd;
};

FIXTURE_SETUP(bti_mprotect)
{
	const uint32_t words[] = { INSN_AND_W0_FF, INSN_RET };
	struct sigaction sa = { .sa_sigaction = on_sigill, .sa_flags = SA_SIGINFO };
	int file;

	self->fd = -1;
	self->code = MAP_FAILED;
	if (!(getauxval(AT_HWCAP2) & HWCAP2_BTI))
		SKIP(return, "the CPU has no FEAT_BTI");
	self->page = sysconf(_SC_PAGESIZE);
	snprintf(self->path, sizeof(self->path), "/tmp/bti_mprotect.%d", getpid());
	file = open(self->path, O_RDWR | O_CREAT | O_TRUNC, 0700);
	ASSERT_LE(0, file);
	ASSERT_EQ(0, ftruncate(file, self->page));
	ASSERT_EQ((ssize_t)sizeof(words), pwrite(file, words, sizeof(words), 0));
	self->code = mmap(NULL, self->page, PROT_READ | PROT_EXEC | PROT_BTI, MAP_PRIVATE,
			  file, 0);
	close(file);
	ASSERT_NE(MAP_FAILED, self->code);
	trap_at = self->code;
	sigemptyset(&sa.sa_mask);
	ASSERT_EQ(0, sigaction(SIGILL, &sa, NULL));
}

FIXTURE_TEARDOWN(bti_mprotect)
{
	if (self->fd >= 0)
		close(self->fd);
	if (self->code != MAP_FAILED)
		munmap(self->code, self->page);
	unlink(self->path);
	signal(SIGILL, SIG_DFL);
}

/* Calls the code CALLS times; returns the SIGILLs they raised. */
static unsigned long call_code(struct __test_metadata *_metadata,
			       FIXTURE_DATA(bti_mprotect) *self)
{
	uint64_t (*fn)(uint64_t) = (uint64_t (*)(uint64_t))self->code;
	unsigned long before = traps, was;
	uint64_t x = 0x0123456789abcdefULL, got;
	int i;

	for (i = 0; i < CALLS; i++) {
		was = traps;
		got = fn(x);
		/* A call that ran leaves the low byte; a trapped one, x0 as it was. */
		EXPECT_EQ(traps == was ? x & 0xff : x, got);
	}
	return traps - before;
}

/* call_code() once the page is made @guarded or not. */
static unsigned long call_as(struct __test_metadata *_metadata,
			     FIXTURE_DATA(bti_mprotect) *self, bool guarded)
{
	EXPECT_EQ(0, mprotect(self->code, self->page,
			      PROT_READ | PROT_EXEC | (guarded ? PROT_BTI : 0)));
	return call_code(_metadata, self);
}

TEST_F(bti_mprotect, follows_protection)
{
	enum probesim_mode mode = probesim_mode();
	long calls = 0;
	int round;

	if (setup_skipped())
		return;
	/* The truth, from the CPU, on the page guarded from the start. */
	if (call_code(_metadata, self) != CALLS)
		SKIP(return, "the CPU does not enforce PROT_BTI");
	if (mode == MODE_ABSENT)
		SKIP(return, "no simulation: the stock kernel steps the AND out of line, from an unguarded page");
	if (mode == MODE_LOADED && !probesim_param_on("alu"))
		SKIP(return, "probesim.alu=0: the AND is stepped out of line");
	self->fd = perf_probe_open(self->path, 0, false, 0, false);
	ASSERT_LE(0, self->fd);

	for (round = 0; round < ROUNDS; round++) {
		EXPECT_EQ(0UL, call_as(_metadata, self, false))
			TH_LOG("round %d: SIGILL on the unguarded page", round);
		EXPECT_EQ((unsigned long)CALLS, call_as(_metadata, self, true))
			TH_LOG("round %d: no SIGILL on the guarded page", round);
		calls += 2 * CALLS;
	}
	EXPECT_EQ(calls, perf_probe_hits(self->fd));
	/* Simulated: nothing was stepped out of line. */
	EXPECT_FALSE(has_xol_area(0));
}

#define TRACEFS		"/sys/kernel/tracing"
#define PROBES_FILE	"/sys/kernel/debug/probesim/probes"

/* Lines of @path that contain @needle, or -1 if it cannot be read. */
static long lines_with(const char *path, const char *needle)
{
	FILE *f = fopen(path, "r");
	char line[512];
	long n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, needle))
			n++;
	fclose(f);
	return n;
}

TEST_F(bti_mprotect, seen_by_tracers)
{
	char probe[128], patch[160], fault[160];
	struct stat st;

	if (setup_skipped())
		return;
	if (probesim_mode() != MODE_LOADED)
		SKIP(return, "probesim is not loaded: no listing, no trace events");
	if (!probesim_param_on("alu"))
		SKIP(return, "probesim.alu=0: the AND is stepped out of line");
	if (call_code(_metadata, self) != CALLS)
		SKIP(return, "the CPU does not enforce PROT_BTI");
	ASSERT_EQ(0, stat(self->path, &st));
	ASSERT_EQ(0, write_file(TRACEFS "/events/probesim/enable", "1", false));
	ASSERT_EQ(0, write_file(TRACEFS "/trace", "", false));

	self->fd = perf_probe_open(self->path, 0, false, 0, false);
	ASSERT_LE(0, self->fd);
	snprintf(probe, sizeof(probe), "%u:%u %lu 0x0 logic_imm simulating", major(st.st_dev),
		 minor(st.st_dev), (unsigned long)st.st_ino);
	snprintf(patch, sizeof(patch), "probesim_patch: dev=%u:%u ino=%lu offset=0x0 family=logic_imm insn=0x%08x",
		 major(st.st_dev), minor(st.st_dev), (unsigned long)st.st_ino,
		 INSN_AND_W0_FF);
	snprintf(fault, sizeof(fault), "probesim_branch_target_fault: dev=%u:%u ino=%lu offset=0x0 family=logic_imm pc=0x%lx btype=2",
		 major(st.st_dev), minor(st.st_dev), (unsigned long)st.st_ino,
		 (unsigned long)self->code);
	EXPECT_EQ(1, lines_with(PROBES_FILE, probe)) TH_LOG("no \"%s\" in " PROBES_FILE, probe);

	/* Each call through the pointer (BTYPE 10) fails the check. */
	EXPECT_EQ((unsigned long)CALLS, call_code(_metadata, self));
	EXPECT_EQ(1, lines_with(TRACEFS "/trace", patch)) TH_LOG("no \"%s\"", patch);
	EXPECT_EQ(CALLS, lines_with(TRACEFS "/trace", fault)) TH_LOG("not %d \"%s\"", CALLS, fault);
	EXPECT_EQ(0, write_file(TRACEFS "/events/probesim/enable", "0", false));
}

TEST_HARNESS_MAIN
