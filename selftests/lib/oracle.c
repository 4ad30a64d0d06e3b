// SPDX-License-Identifier: GPL-2.0-only
/* The equivalence oracle: running code from a register state, judging. */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "oracle.h"

#ifndef PROT_MTE
#define PROT_MTE	0x20
#endif
#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE	0x100000
#endif

/* trampoline.S hard-codes these offsets. */
static_assert(offsetof(struct cpu_state, sp) == 248, "ST_SP");
static_assert(offsetof(struct cpu_state, nzcv) == 256, "ST_NZCV");
static_assert(offsetof(struct run_ctx, out) == 264, "CTX_OUT");
static_assert(offsetof(struct run_ctx, entry) == 528, "CTX_ENTRY");
static_assert(offsetof(struct run_ctx, c_sp) == 536, "CTX_CSP");
static_assert(offsetof(struct run_ctx, tpidr) == 544, "CTX_TPIDR");

struct run_ctx run_ctx;

uint64_t oracle_return_address(void)
{
	return (uint64_t)(uintptr_t)oracle_return;
}

void oracle_state_init(struct cpu_state *s, unsigned int seed, uint64_t sp)
{
	static const uint64_t nzcv[] = {
		0x90000000, 0x60000000, 0x00000000, 0xf0000000,
	};
	unsigned int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < 30; i++)
		s->x[i] = ((uint64_t)(0xa0 + seed) << 56) | ((uint64_t)i << 48) |
			  ((0x12345678ULL * (i + 1) * (seed + 3)) & 0xffffffffffffULL);
	s->sp = sp;
	s->nzcv = nzcv[seed % 4];
}

/* ---- arena ------------------------------------------------------------- */

int arena_init(struct arena *a)
{
	uintptr_t hint;
	void *p;

	a->page = sysconf(_SC_PAGESIZE);
	/*
	 * A fixed, low address: far below the mmap area, so that nothing the
	 * kernel maps on its own (the XOL area) lands in a hole of a layout.
	 */
	for (hint = 0x200000000UL; hint < 0x300000000UL; hint += 0x10000000UL) {
		p = mmap((void *)hint, ARENA_PAGES * a->page, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (p == (void *)hint) {
			a->base = hint;
			return 0;
		}
		if (p != MAP_FAILED)
			munmap(p, ARENA_PAGES * a->page);
	}
	a->base = 0;
	return -1;
}

void arena_release(struct arena *a)
{
	if (a->base)
		munmap((void *)a->base, ARENA_PAGES * a->page);
	a->base = 0;
}

uint64_t arena_pattern(uintptr_t addr)
{
	return 0xfeed000000000000ULL | (addr & 0xffffffffffffULL);
}

static void arena_fill(uintptr_t start, size_t len)
{
	uint64_t *w = (uint64_t *)start;
	size_t i;

	for (i = 0; i < len / 8; i++)
		w[i] = arena_pattern(start + i * 8);
}

int arena_layout(const struct arena *a, const char *layout)
{
	unsigned int i, j;

	if (strlen(layout) != ARENA_PAGES)
		return -1;
	if (munmap((void *)a->base, ARENA_PAGES * a->page))
		return -1;
	for (i = 0; i < ARENA_PAGES; i = j) {
		uintptr_t start = arena_page(a, i);
		int prot = PROT_READ | PROT_WRITE;
		int flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED;
		size_t len;

		for (j = i + 1; j < ARENA_PAGES && layout[j] == layout[i]; j++)
			;
		len = (j - i) * a->page;
		switch (layout[i]) {
		case '-':
			continue;
		case 'w':
		case 'r':
			break;
		case 'n':
			prot = PROT_NONE;
			break;
		case 'g':
			flags |= MAP_GROWSDOWN;
			break;
		case 'm':
			prot |= PROT_MTE;
			break;
		default:
			return -1;
		}
		if (mmap((void *)start, len, prot, flags, -1, 0) != (void *)start)
			return -1;
		if (prot & PROT_WRITE)
			arena_fill(start, len);
		if (layout[i] == 'r' && mprotect((void *)start, len, PROT_READ))
			return -1;
	}
	return 0;
}

/*
 * Every mapped page, through /proc/self/mem: it reads what the code cannot
 * (read-only, PROT_NONE). Whether a page is mapped comes from mincore():
 * reading /proc/self/mem below a MAP_GROWSDOWN mapping would grow it. A
 * mapped page not present reads as zeros, unread: reading it would fault
 * it in, and the fault of a userfaultfd page belongs to the run.
 */
static int arena_snapshot(const struct arena *a, struct arena_snap *s)
{
	int fd = open("/proc/self/mem", O_RDONLY | O_CLOEXEC);
	unsigned int i;

	if (fd < 0)
		return -1;
	for (i = 0; i < ARENA_PAGES; i++) {
		uint8_t *dst = s->data + i * a->page;
		unsigned char vec;

		s->mapped[i] = !mincore((void *)arena_page(a, i), a->page, &vec);
		if (!s->mapped[i] || !(vec & 1) ||
		    pread(fd, dst, a->page, arena_page(a, i)) != (ssize_t)a->page)
			memset(dst, 0, a->page);
	}
	close(fd);
	return 0;
}

/* ---- images ------------------------------------------------------------ */

static void image_classify(struct code_image *img)
{
	unsigned int i;

	img->nops = 0;
	img->stps = 0;
	for (i = 0; i < img->nprobes; i++) {
		uint32_t insn;

		memcpy(&insn, img->bytes + img->probes[i], sizeof(insn));
		if (insn_is_nop(insn))
			img->nops++;
		else if (insn_is_stp_push(insn))
			img->stps++;
	}
}

int image_alloc(struct code_image *img, const char *name, size_t pages)
{
	size_t page = sysconf(_SC_PAGESIZE);

	memset(img, 0, sizeof(*img));
	snprintf(img->name, sizeof(img->name), "%s", name);
	img->size = pages * page;
	img->bytes = calloc(1, img->size);	/* zeroes: UDF #0 */
	return img->bytes ? 0 : -1;
}

void image_put_insn(struct code_image *img, unsigned long off, uint32_t insn)
{
	memcpy(img->bytes + off, &insn, sizeof(insn));
	image_classify(img);
}

int image_from_target(struct code_image *img, const struct target *t)
{
	size_t page = sysconf(_SC_PAGESIZE);
	size_t len = (const char *)t->end - (const char *)t->start;
	unsigned int i;

	if (image_alloc(img, t->name, (len + page - 1) / page))
		return -1;
	memcpy(img->bytes, t->start, len);
	img->entry = 0;
	img->nprobes = t->nprobes;
	for (i = 0; i < t->nprobes; i++)
		img->probes[i] = t->probes[i] * 4;
	image_classify(img);
	return 0;
}

void image_free(struct code_image *img)
{
	free(img->bytes);
	img->bytes = NULL;
}

/* ---- running ------------------------------------------------------------ */

static sigjmp_buf run_env;
/* Read by the signal handler: accessed with __atomic_*() only. */
static sig_atomic_t in_run;
static struct oracle_result *cur_res;
static oracle_fix_fn cur_fix;
static void *cur_fix_arg;

/*
 * The ESR record of a signal frame: the records in uc_mcontext.__reserved
 * are {magic, size} headed, up to a zero magic (or the extra context,
 * which holds no ESR record).
 */
#define ESR_RECORD_MAGIC	0x45535201
#define EXTRA_RECORD_MAGIC	0x45585401

static bool frame_esr(const ucontext_t *uc, uint64_t *esr)
{
	const unsigned char *p = (const unsigned char *)uc->uc_mcontext.__reserved;
	const unsigned char *end = p + sizeof(uc->uc_mcontext.__reserved);
	uint32_t head[2];

	while (p + sizeof(head) <= end) {
		memcpy(head, p, sizeof(head));
		if (!head[0] || head[0] == EXTRA_RECORD_MAGIC || head[1] < sizeof(head))
			return false;
		if (head[0] == ESR_RECORD_MAGIC && head[1] >= sizeof(head) + sizeof(*esr)) {
			memcpy(esr, p + sizeof(head), sizeof(*esr));
			return true;
		}
		p += head[1];
	}
	return false;
}

static void oracle_signal(int signo, siginfo_t *si, void *ucv)
{
	const ucontext_t *uc = ucv;
	struct oracle_result *res = __atomic_load_n(&cur_res, __ATOMIC_RELAXED);
	unsigned int i;

	if (!__atomic_load_n(&in_run, __ATOMIC_RELAXED) || !res) {
		/* Not from the code under test: die of it as usual. */
		signal(signo, SIG_DFL);
		return;
	}
	if (res->nsig++ == 0) {
		res->sig.signo = signo;
		res->sig.code = si->si_code;
		res->sig.addr = (uint64_t)(uintptr_t)si->si_addr;
		res->sig.pc = uc->uc_mcontext.pc;
		for (i = 0; i < 31; i++)
			res->sig.regs.x[i] = uc->uc_mcontext.regs[i];
		res->sig.regs.sp = uc->uc_mcontext.sp;
		res->sig.regs.nzcv = uc->uc_mcontext.pstate & NZCV_MASK;
		res->sig.has_esr = frame_esr(uc, &res->sig.esr);
	}
	/* One repair at most: a second signal ends the run. */
	if (res->nsig == 1 && cur_fix && cur_fix(si, cur_fix_arg))
		return;
	siglongjmp(run_env, 1);
}

static int signals_init(void)
{
	static const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE };
	static bool done;
	struct sigaction sa;
	stack_t ss;
	unsigned int i;

	if (done)
		return 0;
	/* SP may be anything when the code faults: handle on a stack of ours. */
	ss.ss_size = 256 * 1024;
	ss.ss_flags = 0;
	ss.ss_sp = mmap(NULL, ss.ss_size, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ss.ss_sp == MAP_FAILED || sigaltstack(&ss, NULL))
		return -1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = oracle_signal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(signals); i++)
		if (sigaction(signals[i], &sa, NULL))
			return -1;
	done = true;
	return 0;
}

int oracle_run(const struct oracle_leg *leg, const struct arena *a,
	       const struct oracle_case *c, struct oracle_result *res)
{
	size_t bytes = ARENA_PAGES * a->page;

	memset(res, 0, sizeof(*res));
	res->before.data = malloc(bytes);
	res->after.data = malloc(bytes);
	if (!res->before.data || !res->after.data || signals_init())
		return -1;
	if (arena_layout(a, c->layout))
		return -1;
	if (c->prepare && c->prepare(a, c->prepare_arg))
		return -1;
	if (arena_snapshot(a, &res->before))
		return -1;

	res->code_base = (uintptr_t)leg->base;
	run_ctx.in = c->in;
	run_ctx.entry = (uintptr_t)leg->base + leg->img->entry;
	cur_fix = c->fix;
	cur_fix_arg = c->fix_arg;
	__atomic_store_n(&cur_res, res, __ATOMIC_RELAXED);
	if (sigsetjmp(run_env, 1) == 0) {
		__atomic_store_n(&in_run, 1, __ATOMIC_RELAXED);
		oracle_enter();
		__atomic_store_n(&in_run, 0, __ATOMIC_RELAXED);
		res->completed = true;
		res->out = run_ctx.out;
	}
	__atomic_store_n(&in_run, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&cur_res, NULL, __ATOMIC_RELAXED);
	return arena_snapshot(a, &res->after);
}

void oracle_result_free(struct oracle_result *res)
{
	free(res->before.data);
	free(res->after.data);
	res->before.data = NULL;
	res->after.data = NULL;
}

/* ---- judging ------------------------------------------------------------ */

#define MAX_WORD_DIFFS	8

static bool same_word(uint64_t native, uint64_t probed, const struct oracle_cmp *cmp)
{
	if (native == probed)
		return true;
	/* A uretprobe replaces the return address with its trampoline. */
	return cmp && cmp->tramp && probed == cmp->tramp &&
	       native == oracle_return_address();
}

const char *cpu_reg_name(unsigned int r)
{
	static const char * const names[CPU_NR_REGS] = {
		"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9",
		"x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17", "x18",
		"x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27",
		"x28", "x29", "x30",
		[CPU_REG_SP] = "sp", [CPU_REG_NZCV] = "nzcv",
	};

	return r < CPU_NR_REGS ? names[r] : "?";
}

uint64_t cpu_reg(const struct cpu_state *s, unsigned int r)
{
	if (r == CPU_REG_SP)
		return s->sp;
	if (r == CPU_REG_NZCV)
		return s->nzcv;
	return s->x[r];
}

uint64_t cpu_state_diff(const struct cpu_state *a, const struct cpu_state *b,
			const struct oracle_cmp *cmp)
{
	uint64_t diff = 0;
	unsigned int r;

	for (r = 0; r < 31; r++)
		if (!same_word(a->x[r], b->x[r], cmp))
			diff |= 1ULL << r;
	if (a->sp != b->sp)
		diff |= 1ULL << CPU_REG_SP;
	/* The other bits of PSTATE are none of the code's doing. */
	if ((a->nzcv & NZCV_MASK) != (b->nzcv & NZCV_MASK))
		diff |= 1ULL << CPU_REG_NZCV;
	return diff;
}

void cpu_state_diff_text(uint64_t diff, const struct cpu_state *in,
			 const char *a_name, const struct cpu_state *a,
			 const char *b_name, const struct cpu_state *b,
			 char *out, size_t len)
{
	size_t used = 0;
	unsigned int r;
	char from[32];

	out[0] = 0;
	for (r = 0; r < CPU_NR_REGS && used < len; r++) {
		if (!(diff & 1ULL << r))
			continue;
		from[0] = 0;
		if (in)
			snprintf(from, sizeof(from), " in %#llx",
				 (unsigned long long)cpu_reg(in, r));
		used += snprintf(out + used, len - used, " %s%s %s %#llx %s %#llx;",
				 cpu_reg_name(r), from,
				 a_name, (unsigned long long)cpu_reg(a, r),
				 b_name, (unsigned long long)cpu_reg(b, r));
	}
}

static unsigned int compare_state(const char *what, const char *which,
				  const struct cpu_state *n, const struct cpu_state *p,
				  const struct oracle_cmp *cmp)
{
	uint64_t diff = cpu_state_diff(n, p, cmp);
	unsigned int r;

	for (r = 0; r < CPU_NR_REGS; r++)
		if (diff & 1ULL << r)
			fprintf(stderr, "# %s: %s %s: native %#lx, probed %#lx\n", what,
				which, cpu_reg_name(r), (unsigned long)cpu_reg(n, r),
				(unsigned long)cpu_reg(p, r));
	return __builtin_popcountll(diff);
}

static unsigned int compare_memory(const char *what, const char *which,
				   const struct arena_snap *n, const struct arena_snap *p,
				   const struct oracle_cmp *cmp)
{
	const struct arena *a = cmp->arena;
	unsigned int i, diffs = 0, shown = 0;
	size_t w, words = a->page / 8;

	for (i = 0; i < ARENA_PAGES; i++) {
		const uint64_t *nw = (const uint64_t *)(n->data + i * a->page);
		const uint64_t *pw = (const uint64_t *)(p->data + i * a->page);

		if (n->mapped[i] != p->mapped[i]) {
			fprintf(stderr, "# %s: %s page %#lx: native %s, probed %s\n",
				what, which, (unsigned long)arena_page(a, i),
				n->mapped[i] ? "mapped" : "unmapped",
				p->mapped[i] ? "mapped" : "unmapped");
			diffs++;
			continue;
		}
		for (w = 0; w < words; w++) {
			uintptr_t addr = arena_page(a, i) + w * 8;

			if (same_word(nw[w], pw[w], cmp))
				continue;
			/* The architecture lets a faulting pair write either half. */
			if (cmp->loose_addr && addr == cmp->loose_addr &&
			    (pw[w] == arena_pattern(addr) || pw[w] == cmp->loose_value))
				continue;
			if (shown++ < MAX_WORD_DIFFS)
				fprintf(stderr, "# %s: %s memory %#lx: native %#lx, probed %#lx\n",
					what, which, (unsigned long)addr,
					(unsigned long)nw[w], (unsigned long)pw[w]);
			diffs++;
		}
	}
	return diffs;
}

unsigned int oracle_compare(const char *what, const struct oracle_result *n,
			    const struct oracle_result *p, const struct oracle_cmp *cmp)
{
	struct oracle_cmp before_cmp = { .arena = cmp->arena };
	unsigned int diffs = 0;

	/* Same layout, same contents: else the runs are not comparable. */
	diffs += compare_memory(what, "before the run", &n->before, &p->before,
				&before_cmp);
	if (n->completed != p->completed) {
		fprintf(stderr, "# %s: native %s, probed %s\n", what,
			n->completed ? "returned" : "did not return",
			p->completed ? "returned" : "did not return");
		diffs++;
	} else if (n->completed) {
		diffs += compare_state(what, "on return", &n->out, &p->out, cmp);
	}
	if (n->nsig != p->nsig) {
		fprintf(stderr, "# %s: signals: native %u, probed %u\n", what,
			n->nsig, p->nsig);
		diffs++;
	}
	if (n->nsig && p->nsig) {
		const struct oracle_sig *ns = &n->sig, *ps = &p->sig;

		if (ns->signo != ps->signo || ns->code != ps->code) {
			fprintf(stderr, "# %s: signal: native %d/%d, probed %d/%d\n",
				what, ns->signo, ns->code, ps->signo, ps->code);
			diffs++;
		}
		if (ns->addr != ps->addr) {
			fprintf(stderr, "# %s: si_addr: native %#lx, probed %#lx\n", what,
				(unsigned long)ns->addr, (unsigned long)ps->addr);
			diffs++;
		}
		if (ns->has_esr != ps->has_esr || (ns->has_esr && ns->esr != ps->esr)) {
			fprintf(stderr, "# %s: ESR record: native %s%#lx, probed %s%#lx\n",
				what, ns->has_esr ? "" : "none ", (unsigned long)ns->esr,
				ps->has_esr ? "" : "none ", (unsigned long)ps->esr);
			diffs++;
		}
		if (ns->pc - n->code_base != ps->pc - p->code_base) {
			fprintf(stderr, "# %s: pc at delivery: native +%#lx, probed +%#lx\n",
				what, (unsigned long)(ns->pc - n->code_base),
				(unsigned long)(ps->pc - p->code_base));
			diffs++;
		}
		diffs += compare_state(what, "at delivery", &ns->regs, &ps->regs, cmp);
	}
	diffs += compare_memory(what, "after the run", &n->after, &p->after, cmp);
	if (diffs) {
		oracle_dump("native", n);
		oracle_dump("probed", p);
	}
	return diffs;
}

unsigned int oracle_check_fault(const char *what, const struct oracle_result *res,
				const struct cpu_state *in, int signo, int code,
				uint64_t addr, unsigned long pc_off,
				const struct arena *a, uintptr_t loose_addr,
				uint64_t loose_value)
{
	struct cpu_state expect = *in;
	struct oracle_cmp cmp = {
		.arena = a, .loose_addr = loose_addr, .loose_value = loose_value,
	};
	const struct oracle_sig *s = &res->sig;
	unsigned int diffs = 0;

	expect.x[30] = oracle_return_address();
	if (res->completed || res->nsig != 1) {
		fprintf(stderr, "# %s: expected one signal and no return; got %u signal(s), %s\n",
			what, res->nsig, res->completed ? "returned" : "did not return");
		diffs++;
	}
	if (!res->nsig) {
		oracle_dump(what, res);
		return diffs;
	}
	if (s->signo != signo || s->code != code) {
		fprintf(stderr, "# %s: signal %d/%d, expected %d/%d\n", what,
			s->signo, s->code, signo, code);
		diffs++;
	}
	if (s->addr != addr) {
		fprintf(stderr, "# %s: si_addr %#lx, expected %#lx\n", what,
			(unsigned long)s->addr, (unsigned long)addr);
		diffs++;
	}
	if (s->pc - res->code_base != pc_off) {
		fprintf(stderr, "# %s: pc at delivery +%#lx, expected +%#lx\n", what,
			(unsigned long)(s->pc - res->code_base), pc_off);
		diffs++;
	}
	/* Nothing but memory may change: registers and SP as they were. */
	diffs += compare_state(what, "registers at delivery (expected vs seen)",
			       &expect, &s->regs, NULL);
	diffs += compare_memory(what, "memory (before vs after)", &res->before,
				&res->after, &cmp);
	if (diffs)
		oracle_dump(what, res);
	return diffs;
}

static void dump_state(const char *what, const char *which, const struct cpu_state *s)
{
	unsigned int i;

	fprintf(stderr, "# %s %s: sp %#lx nzcv %#lx\n", what, which,
		(unsigned long)s->sp, (unsigned long)s->nzcv);
	for (i = 0; i < 31; i += 4) {
		unsigned int j;

		fprintf(stderr, "#   x%-2u", i);
		for (j = i; j < i + 4 && j < 31; j++)
			fprintf(stderr, " %016lx", (unsigned long)s->x[j]);
		fprintf(stderr, "\n");
	}
}

void oracle_dump(const char *what, const struct oracle_result *res)
{
	if (res->completed)
		dump_state(what, "returned", &res->out);
	if (res->nsig) {
		fprintf(stderr,
			"# %s: %u signal(s), first %d code %d addr %#lx pc +%#lx esr %s%#lx\n",
			what, res->nsig, res->sig.signo, res->sig.code,
			(unsigned long)res->sig.addr,
			(unsigned long)(res->sig.pc - res->code_base),
			res->sig.has_esr ? "" : "none ", (unsigned long)res->sig.esr);
		dump_state(what, "at delivery", &res->sig.regs);
	}
}

void oracle_summary(const char *what, const struct oracle_result *res)
{
	if (res->nsig)
		fprintf(stderr,
			"# %s: signal %d code %d addr %#lx pc +%#lx esr %s%#lx, sp %#lx at delivery%s\n",
			what, res->sig.signo, res->sig.code, (unsigned long)res->sig.addr,
			(unsigned long)(res->sig.pc - res->code_base),
			res->sig.has_esr ? "" : "none ", (unsigned long)res->sig.esr,
			(unsigned long)res->sig.regs.sp,
			res->completed ? ", then returned" : "");
	else
		fprintf(stderr, "# %s: returned, sp %#lx, no signal\n", what,
			(unsigned long)res->out.sp);
}

uint64_t oracle_word_after(const struct oracle_result *res, const struct arena *a,
			   uintptr_t addr)
{
	uintptr_t off = addr - a->base;
	uint64_t w;

	if (addr < a->base || off >= ARENA_PAGES * a->page ||
	    !res->after.mapped[off / a->page])
		return arena_pattern(addr);
	memcpy(&w, res->after.data + off, sizeof(w));
	return w;
}
