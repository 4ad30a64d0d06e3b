/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The equivalence oracle: run a piece of machine code from a chosen
 * register state and record everything the architecture lets it change:
 * every GPR, SP, NZCV, the memory around SP, and any signal (signo,
 * si_code, si_addr, PC and registers at delivery). The same code is run
 * natively, probed through XOL and probed with probesim simulating, each
 * from its own copy of the code file, and the records are compared.
 *
 * The code runs through oracle_enter() (trampoline.S): it loads x0-x29, SP and
 * NZCV from the input state and calls the code with BLR, so x30 holds the
 * return address and PSTATE.BTYPE is that of a call. The code returns
 * with RET; every register is stored as it arrived. A synchronous signal
 * is taken on an alternate stack and, unless a fix-up handler repairs the
 * cause and restarts the instruction, ends the run.
 */
#ifndef PROBESIM_SELFTEST_ORACLE_H
#define PROBESIM_SELFTEST_ORACLE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "targets.h"
#include "uprobes.h"

/* ---- register state --------------------------------------------------- */

struct cpu_state {
	uint64_t x[31];		/* x[30]'s input: only a raw block's (oracle_enter() calls) */
	uint64_t sp;
	uint64_t nzcv;		/* PSTATE.NZCV in bits 31:28 */
};

#define NZCV_MASK	0xf0000000ULL

/* The registers of a struct cpu_state by number: x0-x30, then SP, NZCV. */
#define CPU_REG_SP	31
#define CPU_REG_NZCV	32
#define CPU_NR_REGS	33

/* "x0" ... "x30", "sp", "nzcv". */
const char *cpu_reg_name(unsigned int r);
uint64_t cpu_reg(const struct cpu_state *s, unsigned int r);

/*
 * What the trampolines (trampoline.S) run code from and record it in:
 * oracle_enter() here, raw_enter() for raw.h's blocks. The assembly
 * hard-codes the offsets; oracle.c checks them.
 */
struct run_ctx {
	struct cpu_state in, out;
	uint64_t entry;		/* the code, or the block */
	uint64_t c_sp;		/* the C caller's frame */
	uint64_t tpidr;		/* the C caller's TPIDR_EL0 */
};

extern struct run_ctx run_ctx;

/* A recognisable state: distinct values per register and per @seed. */
void oracle_state_init(struct cpu_state *s, unsigned int seed, uint64_t sp);

/* ---- the stack arena: memory at a fixed address the code pushes to ---- */

#define ARENA_PAGES	16

/*
 * Page kinds of a layout string (one character per page):
 *   w  read-write        r  read-only         n  PROT_NONE
 *   -  unmapped          g  read-write, MAP_GROWSDOWN (one VMA per run)
 *   m  read-write, PROT_MTE
 * Mapped pages are filled with arena_pattern() before the run.
 */
struct arena {
	uintptr_t base;
	size_t page;
};

int arena_init(struct arena *a);
int arena_layout(const struct arena *a, const char *layout);
void arena_release(struct arena *a);
static inline uintptr_t arena_page(const struct arena *a, unsigned int idx)
{
	return a->base + idx * a->page;
}

/* The doubleword a fresh layout holds at @addr. */
uint64_t arena_pattern(uintptr_t addr);

struct arena_snap {
	bool mapped[ARENA_PAGES];
	uint8_t *data;		/* ARENA_PAGES pages */
};

/* ---- code under test --------------------------------------------------- */

/* A code file's contents, where it is entered and where it is probed. */
struct code_image {
	char name[32];
	uint8_t *bytes;
	size_t size;		/* whole pages */
	unsigned long entry;	/* file offset of the first instruction */
	unsigned long probes[TARGET_MAX_PROBES];	/* file offsets */
	unsigned int nprobes;
	unsigned int nops, stps;	/* probed NOPs and STP pushes */
	unsigned long bti_from;	/* pages from here are PROT_BTI; 0: none */
};

int image_from_target(struct code_image *img, const struct target *t);
/* An empty image of @pages pages, filled with UDF. */
int image_alloc(struct code_image *img, const char *name, size_t pages);
void image_put_insn(struct code_image *img, unsigned long off, uint32_t insn);
void image_free(struct code_image *img);

enum oracle_iface {
	IFACE_NONE,		/* not probed: the native run */
	IFACE_TRACEFS,		/* uprobe_events + enable */
	IFACE_PERF,		/* perf_event_open(), uprobe PMU, this task */
};

/*
 * What the simulation's switches are while the probes are analysed
 * (loaded and builtin modes; absent mode has none and every probe is
 * XOL): KEEP leaves them alone, XOL turns every family off (nop, stp,
 * alu, bti), SIM turns them all on. XOL and SIM set them all back to 1
 * afterwards, the suite's setting.
 */
enum oracle_params { PARAMS_KEEP, PARAMS_XOL, PARAMS_SIM };

/* AT_HWCAP2 has @bit. */
bool oracle_hwcap2(unsigned long bit);

struct oracle_probe {
	unsigned long offset;
	bool ret;
	int perf_fd;
	char event[48];
};

/*
 * One way of running the code: its own copy of the code file (its own
 * inode, so that its uprobes are its own), mapped, maybe probed.
 */
struct oracle_leg {
	const struct code_image *img;
	enum oracle_iface iface;
	char path[96];
	uint8_t *base;
	struct oracle_probe probes[TARGET_MAX_PROBES + 1];
	unsigned int nprobes;
	bool switches;			/* the mode has switches to set */
	bool counted;			/* and counters to read */
	struct probesim_stats attach;	/* stats delta of the attach (counted) */
};

/*
 * Copy @img to /tmp under @tag, map it, and (unless @iface is NONE)
 * attach a uprobe at each probe offset, plus a uretprobe at the entry if
 * @ret. 0 on success; else -1 with a reason in @err.
 */
int oracle_leg_open(struct oracle_leg *leg, const struct code_image *img,
		    const char *tag, enum oracle_iface iface, bool ret,
		    enum oracle_params params, enum probesim_mode mode,
		    char *err, size_t errlen);
/*
 * The pair most tests compare, opened as above: @native, not probed, and
 * @probed, probed through @iface under @params, tagged "sim" for
 * PARAMS_SIM and "xol" otherwise.
 */
int oracle_legs_open(struct oracle_leg *native, struct oracle_leg *probed,
		     const struct code_image *img, enum oracle_iface iface, bool ret,
		     enum oracle_params params, enum probesim_mode mode,
		     char *err, size_t errlen);
/* Hits of probe @i (the uretprobe is last), or -1. */
long oracle_leg_hits(const struct oracle_leg *leg, unsigned int i);
/* Detach, unmap, unlink. Safe on a zeroed or closed leg. */
void oracle_leg_close(struct oracle_leg *leg);
/* Set every family's switch back to 1 (loaded and builtin modes). */
void oracle_params_restore(enum probesim_mode mode);

/*
 * What a fixture comparing legs of one target starts with: the mode,
 * checked (probesim_mode_check()), the image of the target called
 * @target, and the arena. 0, or -1 with the reason in @err.
 */
int oracle_setup(enum probesim_mode *mode, struct code_image *img,
		 const char *target, struct arena *a, char *err, size_t errlen);
/*
 * What a fixture that builds its own image, with PROT_BTI pages, starts
 * with: the mode, checked (probesim_mode_check()), and the arena. 0; 1
 * if the CPU has no BTI, with the reason to skip in @err and no arena;
 * or -1 with the reason in @err.
 */
int oracle_setup_bti(enum probesim_mode *mode, struct arena *a, char *err,
		     size_t errlen);
/*
 * The teardown of such a fixture: close both legs, set the switches
 * back (loaded and builtin modes), release the arena, free the image. Safe
 * on a zeroed fixture and after a failed setup.
 */
void oracle_teardown(struct oracle_leg *native, struct oracle_leg *probed,
		     enum probesim_mode mode, struct arena *a, struct code_image *img);

/* ---- running ------------------------------------------------------------ */

struct oracle_sig {
	int signo, code;
	uint64_t addr;		/* si_addr */
	uint64_t pc;		/* uc_mcontext.pc */
	struct cpu_state regs;	/* x0-x30, SP and NZCV at delivery */
	bool has_esr;		/* the frame has an ESR record (a fault's ESR) */
	uint64_t esr;
};

/* ESR fields, as the Arm ARM defines them. */
#define ESR_EC(esr)		(((esr) >> 26) & 0x3f)
#define ESR_EC_DABT_LOW		0x24
#define ESR_EC_SP_ALIGN		0x26
#define ESR_IL			BIT(25)
#define ESR_WNR			BIT(6)

struct oracle_result {
	bool completed;		/* returned to oracle_enter() */
	struct cpu_state out;
	unsigned int nsig;
	struct oracle_sig sig;	/* the first signal */
	uintptr_t code_base;	/* PCs are compared relative to this */
	struct arena_snap before, after;
};

/* Repair the cause of a signal; true to restart the instruction. */
typedef bool (*oracle_fix_fn)(const siginfo_t *si, void *arg);

struct oracle_case {
	const char *layout;		/* arena layout, ARENA_PAGES chars */
	struct cpu_state in;
	oracle_fix_fn fix;
	void *fix_arg;
	/* Runs after the layout, before the "before" snapshot. */
	int (*prepare)(const struct arena *a, void *arg);
	void *prepare_arg;
};

/* Lay out the arena, run @leg's code from @c->in, record it all in @res. */
int oracle_run(const struct oracle_leg *leg, const struct arena *a,
	       const struct oracle_case *c, struct oracle_result *res);
/*
 * Run @c on @native into @n, then on @probed into @p. Where the mode
 * counts (@probed->counted), @runs gets the change of probesim's counters
 * over the two runs; else it is zeroed. 0, or -1 if a run or a read of
 * the counters failed.
 */
int oracle_legs_run(const struct oracle_leg *native, const struct oracle_leg *probed,
		    const struct arena *a, const struct oracle_case *c,
		    struct oracle_result *n, struct oracle_result *p,
		    struct probesim_stats *runs);
void oracle_result_free(struct oracle_result *res);

/* The return address oracle_enter() passes in x30. */
uint64_t oracle_return_address(void);

/* Run the code at run_ctx.entry from run_ctx.in; it returns to oracle_return. */
void oracle_enter(void);
extern const char oracle_return[];

/* ---- judging ------------------------------------------------------------ */

struct oracle_cmp {
	const struct arena *arena;
	/* uretprobe: x30 and stored copies of it hold the trampoline instead. */
	uint64_t tramp;
	/* A doubleword the probed run may leave unwritten or write (0: none). */
	uintptr_t loose_addr;
	uint64_t loose_value;
};

/*
 * The registers in which @b differs from @a, bit r for register r
 * (cpu_reg()); NZCV by its flags alone. With @cmp (may be NULL), a
 * uretprobe's trampoline in @b where @a has oracle_return_address() is
 * no difference.
 */
uint64_t cpu_state_diff(const struct cpu_state *a, const struct cpu_state *b,
			const struct oracle_cmp *cmp);
/*
 * The registers of @diff (cpu_state_diff()) as text, into @out (cut at
 * @len): " x3 in 0x1 native 0x2 probed 0x3;" a register, where "in" is
 * @in's value (left out if @in is NULL) and the other two are @a's and
 * @b's under their names @a_name and @b_name.
 */
void cpu_state_diff_text(uint64_t diff, const struct cpu_state *in,
			 const char *a_name, const struct cpu_state *a,
			 const char *b_name, const struct cpu_state *b,
			 char *out, size_t len);

/*
 * Compare a probed run with the native one; print every difference as a
 * TAP diagnostic prefixed with @what. Returns the number of differences.
 */
unsigned int oracle_compare(const char *what, const struct oracle_result *native,
			    const struct oracle_result *probed,
			    const struct oracle_cmp *cmp);

/*
 * Check that @res is a fault of the probed instruction at @pc_off: one
 * signal @signo/@code at @addr, every register at delivery as in @in (x30:
 * the return address), and memory untouched, except that @loose_addr (if
 * not 0) may hold @loose_value.
 */
unsigned int oracle_check_fault(const char *what, const struct oracle_result *res,
				const struct cpu_state *in, int signo, int code,
				uint64_t addr, unsigned long pc_off,
				const struct arena *a, uintptr_t loose_addr,
				uint64_t loose_value);

/* Print a result (for diagnostics): in full, or in one line. */
void oracle_dump(const char *what, const struct oracle_result *res);
void oracle_summary(const char *what, const struct oracle_result *res);
/* The doubleword at @addr after the run, or the pattern if unmapped. */
uint64_t oracle_word_after(const struct oracle_result *res, const struct arena *a,
			   uintptr_t addr);

#endif
