// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the simulation of uprobed instructions: the branch-target
 * check, the completion every simulated instruction goes through, and the
 * decoding and handlers of the instructions only uprobes simulate.
 *
 * The expected results are written out row by row, from the Arm ARM, with
 * the instruction words produced by the assembler; where a sweep needs a
 * reference, it is computed here by other means than the code under test
 * uses. Nothing here needs a user address space: what does (a trap on a
 * guarded page, the stores of a push) is left to the selftests.
 */
#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/cpufeature.h>
#include <asm/insn.h>
#include <asm/memory.h>
#include <asm/pointer_auth.h>
#include <asm/ptrace.h>
#include <asm/sysreg.h>

#include "decode-insn.h"
#include "simulate-insn.h"

#define INSN_NOP	0xd503201f
#define INSN_BTI	0xd503241f
#define INSN_BTI_C	0xd503245f
#define INSN_BTI_J	0xd503249f
#define INSN_BTI_JC	0xd50324df
#define INSN_PACIASP	0xd503233f
#define INSN_PACIBSP	0xd503237f

/*
 * A synthetic pt_regs: every byte set, so that a field written by mistake
 * shows, then x0..x30 each a value of its own, and SP, PC and PSTATE.
 */
#define SYNTH_REG(n)	(0x5a5a5a5a00000000ULL | (n))

static void synth_regs(struct pt_regs *regs, u64 sp, u64 pc, u64 pstate)
{
	unsigned int i;

	memset(regs, 0xa5, sizeof(*regs));
	for (i = 0; i < ARRAY_SIZE(regs->regs); i++)
		regs->regs[i] = SYNTH_REG(i);
	regs->sp = sp;
	regs->pc = pc;
	regs->pstate = pstate;
}

/* Every register of @got as in @want: each one named, then the rest of pt_regs. */
static bool expect_regs(struct kunit *test, const struct pt_regs *got,
			const struct pt_regs *want, u32 insn)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(got->regs); i++) {
		if (got->regs[i] != want->regs[i]) {
			KUNIT_FAIL(test, "%08x: x%u = %#llx, expected %#llx", insn, i,
				   got->regs[i], want->regs[i]);
			return false;
		}
	}
	if (got->sp != want->sp || got->pc != want->pc || got->pstate != want->pstate) {
		KUNIT_FAIL(test,
			   "%08x: sp %#llx pc %#llx pstate %#llx, expected sp %#llx pc %#llx pstate %#llx",
			   insn, got->sp, got->pc, got->pstate, want->sp, want->pc, want->pstate);
		return false;
	}
	if (memcmp(got, want, sizeof(*got))) {
		KUNIT_FAIL(test, "%08x: pt_regs changed beyond x0-x30, sp, pc, pstate", insn);
		return false;
	}
	return true;
}

static const char *btype_name(u64 btype)
{
	switch (btype) {
	case PSR_BTYPE_NONE:
		return "00";
	case PSR_BTYPE_JC:
		return "01 (BR X16/X17)";
	case PSR_BTYPE_C:
		return "10 (BLR)";
	default:
		return "11 (BR)";
	}
}

static const u64 btypes[] = { PSR_BTYPE_NONE, PSR_BTYPE_JC, PSR_BTYPE_C, PSR_BTYPE_J };

/*
 * The branch-target check (Arm ARM D8.4): whether an instruction reached
 * with a PSTATE.BTYPE executes on a guarded page. BTYPE 00 reaches
 * anything; otherwise only a landing pad that accepts that BTYPE. PACIASP
 * and PACIBSP accept what BTI c accepts, as SCTLR_EL1.BT0 is set
 * (btype_bt0_set below).
 */
struct btype_case {
	const char *text;
	u32 insn;
	u64 btype;
	bool compatible;
};

static const struct btype_case btype_cases[] = {
	{ "bti", INSN_BTI, PSR_BTYPE_NONE, true },
	{ "bti", INSN_BTI, PSR_BTYPE_JC, false },
	{ "bti", INSN_BTI, PSR_BTYPE_C, false },
	{ "bti", INSN_BTI, PSR_BTYPE_J, false },
	{ "bti c", INSN_BTI_C, PSR_BTYPE_NONE, true },
	{ "bti c", INSN_BTI_C, PSR_BTYPE_JC, true },
	{ "bti c", INSN_BTI_C, PSR_BTYPE_C, true },
	{ "bti c", INSN_BTI_C, PSR_BTYPE_J, false },
	{ "bti j", INSN_BTI_J, PSR_BTYPE_NONE, true },
	{ "bti j", INSN_BTI_J, PSR_BTYPE_JC, true },
	{ "bti j", INSN_BTI_J, PSR_BTYPE_C, false },
	{ "bti j", INSN_BTI_J, PSR_BTYPE_J, true },
	{ "bti jc", INSN_BTI_JC, PSR_BTYPE_NONE, true },
	{ "bti jc", INSN_BTI_JC, PSR_BTYPE_JC, true },
	{ "bti jc", INSN_BTI_JC, PSR_BTYPE_C, true },
	{ "bti jc", INSN_BTI_JC, PSR_BTYPE_J, true },
	{ "paciasp", INSN_PACIASP, PSR_BTYPE_NONE, true },
	{ "paciasp", INSN_PACIASP, PSR_BTYPE_JC, true },
	{ "paciasp", INSN_PACIASP, PSR_BTYPE_C, true },
	{ "paciasp", INSN_PACIASP, PSR_BTYPE_J, false },
	{ "pacibsp", INSN_PACIBSP, PSR_BTYPE_NONE, true },
	{ "pacibsp", INSN_PACIBSP, PSR_BTYPE_JC, true },
	{ "pacibsp", INSN_PACIBSP, PSR_BTYPE_C, true },
	{ "pacibsp", INSN_PACIBSP, PSR_BTYPE_J, false },
	/* Not landing pads: only BTYPE 00 reaches them. */
	{ "nop", INSN_NOP, PSR_BTYPE_NONE, true },
	{ "nop", INSN_NOP, PSR_BTYPE_JC, false },
	{ "nop", INSN_NOP, PSR_BTYPE_C, false },
	{ "nop", INSN_NOP, PSR_BTYPE_J, false },
	{ "hint 0x21 (odd op2 next to bti)", 0xd503243f, PSR_BTYPE_NONE, true },
	{ "hint 0x21 (odd op2 next to bti)", 0xd503243f, PSR_BTYPE_JC, false },
	{ "hint 0x21 (odd op2 next to bti)", 0xd503243f, PSR_BTYPE_C, false },
	{ "hint 0x21 (odd op2 next to bti)", 0xd503243f, PSR_BTYPE_J, false },
	{ "hint 0x27 (odd op2 next to bti jc)", 0xd50324ff, PSR_BTYPE_NONE, true },
	{ "hint 0x27 (odd op2 next to bti jc)", 0xd50324ff, PSR_BTYPE_JC, false },
	{ "hint 0x27 (odd op2 next to bti jc)", 0xd50324ff, PSR_BTYPE_C, false },
	{ "hint 0x27 (odd op2 next to bti jc)", 0xd50324ff, PSR_BTYPE_J, false },
	{ "hint 0x28 (chkfeat x16)", 0xd503251f, PSR_BTYPE_NONE, true },
	{ "hint 0x28 (chkfeat x16)", 0xd503251f, PSR_BTYPE_JC, false },
	{ "hint 0x28 (chkfeat x16)", 0xd503251f, PSR_BTYPE_C, false },
	{ "hint 0x28 (chkfeat x16)", 0xd503251f, PSR_BTYPE_J, false },
	{ "paciaz", 0xd503231f, PSR_BTYPE_NONE, true },
	{ "paciaz", 0xd503231f, PSR_BTYPE_JC, false },
	{ "paciaz", 0xd503231f, PSR_BTYPE_C, false },
	{ "paciaz", 0xd503231f, PSR_BTYPE_J, false },
	{ "autiasp", 0xd50323bf, PSR_BTYPE_NONE, true },
	{ "autiasp", 0xd50323bf, PSR_BTYPE_JC, false },
	{ "autiasp", 0xd50323bf, PSR_BTYPE_C, false },
	{ "autiasp", 0xd50323bf, PSR_BTYPE_J, false },
	{ "mov x29, sp", 0x910003fd, PSR_BTYPE_NONE, true },
	{ "mov x29, sp", 0x910003fd, PSR_BTYPE_JC, false },
	{ "mov x29, sp", 0x910003fd, PSR_BTYPE_C, false },
	{ "mov x29, sp", 0x910003fd, PSR_BTYPE_J, false },
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd, PSR_BTYPE_NONE, true },
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd, PSR_BTYPE_JC, false },
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd, PSR_BTYPE_C, false },
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd, PSR_BTYPE_J, false },
};

static void btype_case_desc(const struct btype_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x], btype %s: %s", c->text, c->insn,
		 btype_name(c->btype), c->compatible ? "compatible" : "incompatible");
}

KUNIT_ARRAY_PARAM(btype, btype_cases, btype_case_desc);

static void btype_compatible_test(struct kunit *test)
{
	const struct btype_case *c = test->param_value;
	bool compatible = arm_probe_btype_compatible(c->insn, c->btype);
	struct pt_regs regs, want;

	KUNIT_EXPECT_EQ(test, compatible, c->compatible);

	/*
	 * A compatible BTYPE passes the check without looking at the page,
	 * and the registers are left alone. An incompatible one would look
	 * up the current task's page, which a KUnit thread does not have:
	 * not even a wrong answer above may lead there.
	 */
	if (!c->compatible || !compatible)
		return;
	synth_regs(&regs, 0x0000fffffffff000, 0x0000aaaaaaab0ffc, 0x60000000 | c->btype);
	memcpy(&want, &regs, sizeof(want));
	KUNIT_EXPECT_TRUE(test, arm_uprobe_check_branch_target(c->insn, &regs));
	expect_regs(test, &regs, &want, c->insn);
}

/*
 * The table above takes BT0 as Linux sets it wherever BTI is supported.
 * Were it clear, BTYPE 11 would reach a PACIxSP natively, and the check
 * would send SIGILL where the CPU does not.
 */
static void btype_bt0_set_test(struct kunit *test)
{
	if (!system_supports_bti())
		kunit_skip(test, "no BTI: no page is guarded");
	KUNIT_EXPECT_TRUE(test, read_sysreg(sctlr_el1) & SCTLR_EL1_BT0);
}

/*
 * The completion of a simulated instruction: PSTATE.BTYPE becomes what
 * the instruction sets (BLR 10; BR X16 or X17 01; anything else 00), or
 * 00 on a system without BTI, whatever it was before; nothing else in
 * pt_regs changes. BR through another register would look up the page
 * holding it, which a KUnit thread does not have.
 */
struct complete_case {
	const char *text;
	u32 insn;
	u64 btype;	/* PSTATE.BTYPE after, with BTI */
};

static const struct complete_case complete_cases[] = {
	{ "nop", INSN_NOP, PSR_BTYPE_NONE },
	{ "bti c", INSN_BTI_C, PSR_BTYPE_NONE },
	{ "paciasp", INSN_PACIASP, PSR_BTYPE_NONE },
	{ "add x0, x1, 0x1", 0x91000420, PSR_BTYPE_NONE },
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd, PSR_BTYPE_NONE },
	{ "b .", 0x14000000, PSR_BTYPE_NONE },
	{ "bl .", 0x94000000, PSR_BTYPE_NONE },
	{ "ret", 0xd65f03c0, PSR_BTYPE_NONE },
	{ "blr x0", 0xd63f0000, PSR_BTYPE_C },
	{ "blr x16", 0xd63f0200, PSR_BTYPE_C },
	{ "blr x30", 0xd63f03c0, PSR_BTYPE_C },
	{ "br x16", 0xd61f0200, PSR_BTYPE_JC },
	{ "br x17", 0xd61f0220, PSR_BTYPE_JC },
};

static void complete_case_desc(const struct complete_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]: btype %s", c->text, c->insn,
		 btype_name(c->btype));
}

KUNIT_ARRAY_PARAM(complete, complete_cases, complete_case_desc);

static void complete_sim_test(struct kunit *test)
{
	/* EL0t with Z and C set; and every bit but BTYPE set. */
	static const u64 pstates[] = { 0x60000000, ~(u64)PSR_BTYPE_MASK };
	const struct complete_case *c = test->param_value;
	u64 btype = system_supports_bti() ? c->btype : PSR_BTYPE_NONE;
	struct pt_regs regs, want;
	unsigned int p, b;

	for (p = 0; p < ARRAY_SIZE(pstates); p++) {
		for (b = 0; b < ARRAY_SIZE(btypes); b++) {
			synth_regs(&regs, 0x0000fffffffff000, 0x0000aaaaaaab1000,
				   pstates[p] | btypes[b]);
			memcpy(&want, &regs, sizeof(want));
			want.pstate = pstates[p] | btype;

			arm_uprobe_complete_sim(c->insn, 0x0000aaaaaaab0ffc, &regs);
			if (!expect_regs(test, &regs, &want, c->insn))
				return;
		}
	}
}

/*
 * An instruction that raised a signal instead of completing left PC on
 * itself: PSTATE stays as the exception found it. A branch to itself
 * completes there.
 */
static void complete_sim_at_itself_test(struct kunit *test)
{
	u64 pstate = 0x60000000 | PSR_BTYPE_C;
	struct pt_regs regs, want;

	synth_regs(&regs, 0x0000fffffffff008, 0x0000aaaaaaab1000, pstate);
	memcpy(&want, &regs, sizeof(want));
	arm_uprobe_complete_sim(0xa9bf7bfd, 0x0000aaaaaaab1000, &regs);	/* stp */
	expect_regs(test, &regs, &want, 0xa9bf7bfd);

	want.pstate = 0x60000000;
	arm_uprobe_complete_sim(0x14000000, 0x0000aaaaaaab1000, &regs);	/* b . */
	expect_regs(test, &regs, &want, 0x14000000);
}

static struct kunit_case btype_test_cases[] = {
	KUNIT_CASE_PARAM(btype_compatible_test, btype_gen_params),
	KUNIT_CASE(btype_bt0_set_test),
	KUNIT_CASE_PARAM(complete_sim_test, complete_gen_params),
	KUNIT_CASE(complete_sim_at_itself_test),
	{}
};

static struct kunit_suite btype_test_suite = {
	.name = "arm64-uprobes-btype",
	.test_cases = btype_test_cases,
};

#ifdef PROBESIM_WITH_ALU
/*
 * An instruction word and the handler arm_uprobe_decode_sim() must give
 * it, NULL to leave it to arm_probe_decode_insn(). The text is objdump's,
 * without the '#' of immediates, which KTAP would read as a directive.
 */
struct decode_case {
	const char *text;
	u32 insn;
	uprobe_sim_handler_t *handler;
};

static void decode_case_desc(const struct decode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->insn);
}

static void check_decode(struct kunit *test, const struct decode_case *c)
{
	uprobe_sim_handler_t *handler = arm_uprobe_decode_sim(c->insn);

	KUNIT_EXPECT_PTR_EQ_MSG(test, handler, c->handler, "%08x (%s) decodes to %ps, expected %ps",
				c->insn, c->text, handler, c->handler);
}

/*
 * Register-only data processing: logical (immediate), add/subtract
 * (immediate), move wide (immediate), logical and add/subtract (shifted
 * register). Words next to these classes, or reserved inside them, are
 * left to the kernel.
 */
static const struct decode_case alu_decode_cases[] = {
	{ "and w9, w2, 0xff", 0x12001c49, simulate_logic_imm },
	{ "ands x0, x1, 0x8000000000000000", 0xf2410020, simulate_logic_imm },
	{ "orr sp, x3, 0x5555555555555555", 0xb200f07f, simulate_logic_imm },
	{ "and w0, w0, 0x55555555 (2-bit element)", 0x1200f000, simulate_logic_imm },
	{ "tst w0, 0x1", 0x7200001f, simulate_logic_imm },
	{ "sub sp, sp, 0x40", 0xd10103ff, simulate_add_sub_imm },
	{ "adds w1, w2, 0xfff, lsl 12", 0x317ffc41, simulate_add_sub_imm },
	{ "mov x29, sp", 0x910003fd, simulate_add_sub_imm },
	{ "mov sp, x1", 0x9100003f, simulate_add_sub_imm },
	{ "cmp x0, 0x1", 0xf100041f, simulate_add_sub_imm },
	{ "movk x3, 0xbeef, lsl 48", 0xf2f7dde3, simulate_movewide },
	{ "mov w7, 0xfffeffff (movn)", 0x12a00027, simulate_movewide },
	{ "movz x0, 0x0, lsl 48", 0xd2e00000, simulate_movewide },
	{ "bics x1, x2, x3, ror 63", 0xeae3fc41, simulate_logic_reg },
	{ "mov w0, w30", 0x2a1e03e0, simulate_logic_reg },
	{ "mvn x0, x1", 0xaa2103e0, simulate_logic_reg },
	{ "orr w0, w1, w1, lsl 31", 0x2a017c20, simulate_logic_reg },
	{ "subs x0, x1, x2, asr 7", 0xeb821c20, simulate_add_sub_reg },
	{ "neg w3, w4, lsr 31", 0x4b447fe3, simulate_add_sub_reg },
	{ "add x0, x1, x1, asr 63", 0x8b81fc20, simulate_add_sub_reg },
	/* Other classes. */
	{ "addg x0, x1, 0x10, 0x1 (MTE)", 0x91810420, NULL },
	{ "subg sp, sp, 0x10, 0x0 (MTE)", 0xd18103ff, NULL },
	{ "add x0, sp, w1, uxtw (extended register)", 0x8b2143e0, NULL },
	{ "add sp, sp, x1 (extended register)", 0x8b2163ff, NULL },
	{ "adc x0, x1, x2", 0x9a020020, NULL },
	{ "csel x0, x1, x2, eq", 0x9a820020, NULL },
	{ "lsl x0, x1, 3 (ubfm)", 0xd37df020, NULL },
	{ "asr w0, w1, 3 (sbfm)", 0x13037c20, NULL },
	{ "extr x0, x1, x2, 3", 0x93c20c20, NULL },
	{ "adr x0, .", 0x10000000, NULL },
	{ "adrp x0, .", 0x90000000, NULL },
	/* Reserved encodings inside the classes. */
	{ "logical immediate, 32-bit with N set", 0x12401c49, NULL },
	{ "logical immediate, all-ones 64-bit element", 0x9240fc00, NULL },
	{ "logical immediate, all-ones 32-bit element", 0x12007c00, NULL },
	{ "logical immediate, all-ones 2-bit element", 0x1200f400, NULL },
	{ "logical immediate, no element size", 0x1200fc00, NULL },
	{ "move wide, opc 01", 0xb2800000, NULL },
	{ "movz, 32-bit with hw 2", 0x52c00000, NULL },
	{ "movz, 32-bit with hw 3", 0x52e00000, NULL },
	{ "logical shifted register, 32-bit with imm6 32", 0x2a018020, NULL },
	{ "add shifted register, ror", 0x8bc10020, NULL },
	{ "add shifted register, 32-bit with imm6 32", 0x0b018020, NULL },
};

KUNIT_ARRAY_PARAM(alu_decode, alu_decode_cases, decode_case_desc);

static void alu_decode_test(struct kunit *test)
{
	check_decode(test, test->param_value);
}

/*
 * The handlers on written-out cases: x0, x1, x2, SP and NZCV before, x0,
 * SP and NZCV after; PC moves to the next instruction, nothing else
 * changes. NZCV is PSTATE bits 31:28.
 */
struct alu_regs {
	u64 x0, x1, x2, sp, nzcv;
};

struct alu_case {
	const char *text;
	u32 insn;
	uprobe_sim_handler_t *handler;
	struct alu_regs in;
	struct alu_regs out;	/* x1 and x2 unused */
};

static const struct alu_case alu_cases[] = {
	{ "add x0, x1, 0x1", 0x91000420, simulate_add_sub_imm,
	  { 0x1111222233334444, 0xffffffffffffffff, 0, 0x0000ffffffffe000, 0xa },
	  { 0, 0, 0, 0x0000ffffffffe000, 0xa } },
	{ "adds x0, x1, 0x1", 0xb1000420, simulate_add_sub_imm,
	  { 0x1111222233334444, 0xffffffffffffffff, 0, 0x0000ffffffffe000, 0x0 },
	  { 0, 0, 0, 0x0000ffffffffe000, 0x6 } },
	{ "adds w0, w1, 0x1", 0x31000420, simulate_add_sub_imm,
	  { 0x1111222233334444, 0xdeadbeef7fffffff, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x80000000, 0, 0, 0x0000ffffffffe000, 0x9 } },
	{ "subs x0, x1, 0x1", 0xf1000420, simulate_add_sub_imm,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x6 },
	  { 0xffffffffffffffff, 0, 0, 0x0000ffffffffe000, 0x8 } },
	{ "cmp x1, 0x1", 0xf100043f, simulate_add_sub_imm,
	  { 0x1111222233334444, 1, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x6 } },
	{ "add sp, x1, 0x10, lsl 12", 0x9140403f, simulate_add_sub_imm,
	  { 0x1111222233334444, 0x0000ffffffff0000, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x1111222233334444, 0, 0, 0x0001000000000000, 0x0 } },
	{ "mov x0, sp", 0x910003e0, simulate_add_sub_imm,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x0000ffffffffe000, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "sub x0, sp, 0x10", 0xd10043e0, simulate_add_sub_imm,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x0000ffffffffdff0, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "and x0, x1, 0xff", 0x92401c20, simulate_logic_imm,
	  { 0x1111222233334444, 0x1234, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x34, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "orr sp, x1, 0x5555555555555555", 0xb200f03f, simulate_logic_imm,
	  { 0x1111222233334444, 0xaaaaaaaaaaaaaaaa, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x1111222233334444, 0, 0, 0xffffffffffffffff, 0x0 } },
	{ "ands w0, w1, 0x80000000", 0x72010020, simulate_logic_imm,
	  { 0x1111222233334444, 0xffffffff80000001, 0, 0x0000ffffffffe000, 0x3 },
	  { 0x80000000, 0, 0, 0x0000ffffffffe000, 0x8 } },
	{ "tst x1, 0x1", 0xf240003f, simulate_logic_imm,
	  { 0x1111222233334444, 2, 0, 0x0000ffffffffe000, 0xb },
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x4 } },
	{ "mov x0, 0x5555555555555555 (orr)", 0xb200f3e0, simulate_logic_imm,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x5555555555555555, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "eor w0, w1, 0xfffffffe", 0x521f7820, simulate_logic_imm,
	  { 0x1111222233334444, 0xffffffff00000001, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x00000000ffffffff, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "mov x0, 0xbeef0000 (movz)", 0xd2b7dde0, simulate_movewide,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x00000000beef0000, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "mov w0, 0xfffeffff (movn)", 0x12a00020, simulate_movewide,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x00000000fffeffff, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "mov x0, 0xffffffffffffffff (movn)", 0x92800000, simulate_movewide,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0xffffffffffffffff, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "movk x0, 0xbeef, lsl 48", 0xf2f7dde0, simulate_movewide,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0xbeef222233334444, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "movk w0, 0xbeef", 0x7297dde0, simulate_movewide,
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x0 },
	  { 0x000000003333beef, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "orr x0, x1, x2, lsl 4", 0xaa021020, simulate_logic_reg,
	  { 0x1111222233334444, 1, 1, 0x0000ffffffffe000, 0x0 },
	  { 0x11, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "eor w0, w1, w2, ror 4", 0x4ac21020, simulate_logic_reg,
	  { 0x1111222233334444, 0x0f000000, 0xffffffff0000000f, 0x0000ffffffffe000, 0x0 },
	  { 0xff000000, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "bics x0, x1, x2", 0xea220020, simulate_logic_reg,
	  { 0x1111222233334444, 0xff, 0xff, 0x0000ffffffffe000, 0x3 },
	  { 0, 0, 0, 0x0000ffffffffe000, 0x4 } },
	{ "mvn x0, x2, asr 8", 0xaaa223e0, simulate_logic_reg,
	  { 0x1111222233334444, 0, 0x8000000000000000, 0x0000ffffffffe000, 0x0 },
	  { 0x007fffffffffffff, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "mov x0, x2 (orr)", 0xaa0203e0, simulate_logic_reg,
	  { 0x1111222233334444, 0, 0x123456789abcdef0, 0x0000ffffffffe000, 0x0 },
	  { 0x123456789abcdef0, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "and x0, x1, x2, lsr 1", 0x8a420420, simulate_logic_reg,
	  { 0x1111222233334444, 0xffffffffffffffff, 0x8000000000000001, 0x0000ffffffffe000,
	    0x0 },
	  { 0x4000000000000000, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "eon x0, x1, x2", 0xca220020, simulate_logic_reg,
	  { 0x1111222233334444, 0xf0f0, 0xff00, 0x0000ffffffffe000, 0x0 },
	  { 0xfffffffffffff00f, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "orn w0, w1, w2, asr 31", 0x2aa27c20, simulate_logic_reg,
	  { 0x1111222233334444, 0xaaaaaaaa12345678, 0x80000000, 0x0000ffffffffe000, 0x0 },
	  { 0x12345678, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "ands x0, x1, x2", 0xea020020, simulate_logic_reg,
	  { 0x1111222233334444, 0x8000000000000001, 0x8000000000000000, 0x0000ffffffffe000,
	    0x7 },
	  { 0x8000000000000000, 0, 0, 0x0000ffffffffe000, 0x8 } },
	{ "add x0, x1, x2, lsr 63", 0x8b42fc20, simulate_add_sub_reg,
	  { 0x1111222233334444, 5, 0x8000000000000000, 0x0000ffffffffe000, 0x0 },
	  { 6, 0, 0, 0x0000ffffffffe000, 0x0 } },
	{ "subs w0, w1, w2", 0x6b020020, simulate_add_sub_reg,
	  { 0x1111222233334444, 0x80000000, 1, 0x0000ffffffffe000, 0x0 },
	  { 0x7fffffff, 0, 0, 0x0000ffffffffe000, 0x3 } },
	{ "negs x0, x2", 0xeb0203e0, simulate_add_sub_reg,
	  { 0x1111222233334444, 0, 0x8000000000000000, 0x0000ffffffffe000, 0x0 },
	  { 0x8000000000000000, 0, 0, 0x0000ffffffffe000, 0x9 } },
	{ "cmn w1, w2", 0x2b02003f, simulate_add_sub_reg,
	  { 0x1111222233334444, 0xffffffff, 1, 0x0000ffffffffe000, 0x0 },
	  { 0x1111222233334444, 0, 0, 0x0000ffffffffe000, 0x6 } },
	{ "sub w0, w1, w2, lsl 31", 0x4b027c20, simulate_add_sub_reg,
	  { 0x1111222233334444, 0, 3, 0x0000ffffffffe000, 0x5 },
	  { 0x80000000, 0, 0, 0x0000ffffffffe000, 0x5 } },
};

static void alu_case_desc(const struct alu_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->insn);
}

KUNIT_ARRAY_PARAM(alu, alu_cases, alu_case_desc);

#define NZCV_SHIFT	28
#define NZCV_MASK	(0xfULL << NZCV_SHIFT)

static void alu_handler_test(struct kunit *test)
{
	const struct alu_case *c = test->param_value;
	const u64 pc = 0x0000aaaaaaab0ffc, pstate = PSR_MODE_EL0t | PSR_SSBS_BIT;
	struct pt_regs regs, want;

	KUNIT_ASSERT_PTR_EQ(test, arm_uprobe_decode_sim(c->insn), c->handler);
	synth_regs(&regs, c->in.sp, pc, pstate | c->in.nzcv << NZCV_SHIFT);
	regs.regs[0] = c->in.x0;
	regs.regs[1] = c->in.x1;
	regs.regs[2] = c->in.x2;
	memcpy(&want, &regs, sizeof(want));
	want.regs[0] = c->out.x0;
	want.sp = c->out.sp;
	want.pc = pc + AARCH64_INSN_SIZE;
	want.pstate = pstate | c->out.nzcv << NZCV_SHIFT;

	KUNIT_EXPECT_TRUE(test, c->handler(c->insn, pc, &regs));
	expect_regs(test, &regs, &want, c->insn);
}

/*
 * The sweeps build their words with the fields below, by an encoder of
 * their own, checked against the assembler first.
 */
enum alu_class {
	ALU_LOGIC_IMM,
	ALU_ADD_SUB_IMM,
	ALU_MOVEWIDE,
	ALU_LOGIC_REG,
	ALU_ADD_SUB_REG,
};

struct alu_insn {
	enum alu_class class;
	u8 sf;
	u8 opc;		/* logical, move wide: opc; add/sub: op:S */
	u8 n;		/* logical immediate: N; logical register: N (invert Rm) */
	u8 shift;	/* register: shift type; add/sub immediate: sh; move wide: hw */
	u8 immr, imms;	/* logical immediate */
	u16 imm;	/* imm12, imm16 or imm6 */
	u8 rd, rn, rm;
};

static u32 alu_encode(const struct alu_insn *d)
{
	u32 common = (u32)d->sf << 31 | (u32)(d->rn & 0x1f) << 5 | (d->rd & 0x1f);

	switch (d->class) {
	case ALU_LOGIC_IMM:	/* bits 28:23 = 100100 */
		return common | (u32)d->opc << 29 | 0x24U << 23 | (u32)d->n << 22 |
		       (u32)d->immr << 16 | (u32)d->imms << 10;
	case ALU_ADD_SUB_IMM:	/* bits 28:23 = 100010 */
		return common | (u32)d->opc << 29 | 0x22U << 23 | (u32)d->shift << 22 |
		       (u32)(d->imm & 0xfff) << 10;
	case ALU_MOVEWIDE:	/* bits 28:23 = 100101, no Rn */
		return (u32)d->sf << 31 | (d->rd & 0x1f) | (u32)d->opc << 29 |
		       0x25U << 23 | (u32)d->shift << 21 | (u32)d->imm << 5;
	case ALU_LOGIC_REG:	/* bits 28:24 = 01010 */
		return common | (u32)d->opc << 29 | 0x0aU << 24 | (u32)d->shift << 22 |
		       (u32)d->n << 21 | (u32)d->rm << 16 | (u32)(d->imm & 0x3f) << 10;
	default:		/* add/sub shifted register: 01011, bit 21 clear */
		return common | (u32)d->opc << 29 | 0x0bU << 24 | (u32)d->shift << 22 |
		       (u32)d->rm << 16 | (u32)(d->imm & 0x3f) << 10;
	}
}

static uprobe_sim_handler_t *alu_class_handler(enum alu_class class)
{
	switch (class) {
	case ALU_LOGIC_IMM:
		return simulate_logic_imm;
	case ALU_ADD_SUB_IMM:
		return simulate_add_sub_imm;
	case ALU_MOVEWIDE:
		return simulate_movewide;
	case ALU_LOGIC_REG:
		return simulate_logic_reg;
	default:
		return simulate_add_sub_reg;
	}
}

struct alu_encode_case {
	const char *text;
	u32 insn;
	struct alu_insn d;
};

static const struct alu_encode_case alu_encode_cases[] = {
	{ "and w9, w2, 0xff", 0x12001c49,
	  { ALU_LOGIC_IMM, 0, 0, 0, 0, 0, 7, 0, 9, 2 } },
	{ "ands x0, x1, 0x8000000000000000", 0xf2410020,
	  { ALU_LOGIC_IMM, 1, 3, 1, 0, 1, 0, 0, 0, 1 } },
	{ "orr sp, x3, 0x5555555555555555", 0xb200f07f,
	  { ALU_LOGIC_IMM, 1, 1, 0, 0, 0, 0x3c, 0, 31, 3 } },
	{ "sub sp, sp, 0x40", 0xd10103ff,
	  { ALU_ADD_SUB_IMM, 1, 2, 0, 0, 0, 0, 0x40, 31, 31 } },
	{ "adds w1, w2, 0xfff, lsl 12", 0x317ffc41,
	  { ALU_ADD_SUB_IMM, 0, 1, 0, 1, 0, 0, 0xfff, 1, 2 } },
	{ "mov x29, sp", 0x910003fd,
	  { ALU_ADD_SUB_IMM, 1, 0, 0, 0, 0, 0, 0, 29, 31 } },
	{ "movk x3, 0xbeef, lsl 48", 0xf2f7dde3,
	  { ALU_MOVEWIDE, 1, 3, 0, 3, 0, 0, 0xbeef, 3 } },
	{ "mov w7, 0xfffeffff (movn)", 0x12a00027,
	  { ALU_MOVEWIDE, 0, 0, 0, 1, 0, 0, 1, 7 } },
	{ "bics x1, x2, x3, ror 63", 0xeae3fc41,
	  { ALU_LOGIC_REG, 1, 3, 1, 3, 0, 0, 63, 1, 2, 3 } },
	{ "mov w0, w30", 0x2a1e03e0,
	  { ALU_LOGIC_REG, 0, 1, 0, 0, 0, 0, 0, 0, 31, 30 } },
	{ "subs x0, x1, x2, asr 7", 0xeb821c20,
	  { ALU_ADD_SUB_REG, 1, 3, 0, 2, 0, 0, 7, 0, 1, 2 } },
	{ "neg w3, w4, lsr 31", 0x4b447fe3,
	  { ALU_ADD_SUB_REG, 0, 2, 0, 1, 0, 0, 31, 3, 31, 4 } },
};

static void alu_encode_case_desc(const struct alu_encode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->insn);
}

KUNIT_ARRAY_PARAM(alu_encode, alu_encode_cases, alu_encode_case_desc);

static void alu_encoder_test(struct kunit *test)
{
	const struct alu_encode_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, alu_encode(&c->d), c->insn);
	KUNIT_EXPECT_PTR_EQ(test, arm_uprobe_decode_sim(c->insn), alu_class_handler(c->d.class));
}

/*
 * Every bitmask immediate, from its definition: an element of 2, 4, ...,
 * 64 bits holding a run of 1 to size - 1 ones, rotated right by 0 to
 * size - 1, replicated to 64 bits. Its encoding: N = 1 for a 64-bit
 * element; imms = NOT(size * 2 - 1) | (ones - 1); immr = any value whose
 * low bits are the rotation, the upper ones ignored. Indexed by
 * N:immr:imms; 0 marks a reserved encoding, as no bitmask is 0.
 */
static u64 *alu_bitmasks;

static int alu_suite_init(struct kunit_suite *suite)
{
	unsigned int size, ones, immr, bit, n, imms;
	u64 elem, val;

	alu_bitmasks = kcalloc(1 << 13, sizeof(*alu_bitmasks), GFP_KERNEL);
	if (!alu_bitmasks)
		return -ENOMEM;
	for (size = 2; size <= 64; size *= 2) {
		n = size == 64;
		for (ones = 1; ones < size; ones++) {
			imms = (~(size * 2 - 1) & 0x3f) | (ones - 1);
			for (immr = 0; immr < 64; immr++) {
				/* Result bit b is element bit (b + rotation) mod size. */
				elem = 0;
				for (bit = 0; bit < size; bit++)
					if ((bit + immr % size) % size < ones)
						elem |= 1ULL << bit;
				val = 0;
				for (bit = 0; bit < 64; bit += size)
					val |= elem << bit;
				alu_bitmasks[n << 12 | immr << 6 | imms] = val;
			}
		}
	}
	return 0;
}

static void alu_suite_exit(struct kunit_suite *suite)
{
	kfree(alu_bitmasks);
}

static u64 ref_bitmask(const struct alu_insn *d)
{
	u64 val = alu_bitmasks[d->n << 12 | d->immr << 6 | d->imms];

	if (!d->sf)
		return d->n ? 0 : lower_32_bits(val);
	return val;
}

/* Written out, for the reference above as much as for the decoder. */
struct bitmask_case {
	const char *text;
	u32 insn;
	u64 imm;
};

static const struct bitmask_case bitmask_cases[] = {
	{ "and w9, w2, 0xff", 0x12001c49, 0xff },
	{ "ands x0, x1, 0x8000000000000000", 0xf2410020, 0x8000000000000000 },
	{ "orr sp, x3, 0x5555555555555555", 0xb200f07f, 0x5555555555555555 },
	{ "and w0, w0, 0x55555555", 0x1200f000, 0x55555555 },
	{ "ands w0, w1, 0x80000000", 0x72010020, 0x80000000 },
	{ "tst x1, 0x1", 0xf240003f, 0x1 },
	{ "eor w0, w1, 0xfffffffe", 0x521f7820, 0xfffffffe },
	{ "and x0, x1, 0xff", 0x92401c20, 0xff },
};

static void bitmask_case_desc(const struct bitmask_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->insn);
}

KUNIT_ARRAY_PARAM(bitmask, bitmask_cases, bitmask_case_desc);

static void alu_bitmask_test(struct kunit *test)
{
	const struct bitmask_case *c = test->param_value;
	struct alu_insn d = {
		.sf = c->insn >> 31,
		.n = (c->insn >> 22) & 1,
		.immr = (c->insn >> 16) & 0x3f,
		.imms = (c->insn >> 10) & 0x3f,
	};
	u64 imm = 0;

	KUNIT_EXPECT_TRUE(test, aarch64_insn_decode_logical_immediate(c->insn, &imm));
	KUNIT_EXPECT_EQ(test, imm, c->imm);
	KUNIT_EXPECT_EQ(test, ref_bitmask(&d), c->imm);
}

/* sf:N:immr:imms, which the bitmask sweeps count through. */
#define BITMASK_FIELDS	(2 << 13)

/* The logical (immediate) instruction @d with sf:N:immr:imms = @f. */
static u32 alu_bitmask_at(struct alu_insn *d, unsigned int f)
{
	d->sf = f >> 13;
	d->n = (f >> 12) & 1;
	d->immr = (f >> 6) & 0x3f;
	d->imms = f & 0x3f;
	return alu_encode(d);
}

/* Every N:immr:imms in both widths: accepted exactly when a bitmask. */
static void alu_bitmask_sweep_test(struct kunit *test)
{
	struct alu_insn d = { .class = ALU_LOGIC_IMM, .rd = 1, .rn = 2 };
	unsigned int f, bad = 0, valid[2] = { 0, 0 };
	uprobe_sim_handler_t *handler;
	u64 got, want;
	bool ok;
	u32 insn;

	for (f = 0; f < BITMASK_FIELDS; f++) {
		insn = alu_bitmask_at(&d, f);
		want = ref_bitmask(&d);
		got = 0;
		ok = aarch64_insn_decode_logical_immediate(insn, &got);
		handler = arm_uprobe_decode_sim(insn);
		valid[d.sf] += ok;
		if (ok == !!want && (!ok || got == want) &&
		    handler == (want ? simulate_logic_imm : NULL))
			continue;
		KUNIT_FAIL(test, "%08x (N %u immr %u imms %u): %s %#llx, %ps; expected %#llx",
			   insn, d.n, d.immr, d.imms, ok ? "valid" : "reserved", got, handler,
			   want);
		if (++bad == 8)
			return;
	}
	/* 64 rotations of each run: 1 + 3 + ... + 63 runs, 32-bit up to 31. */
	KUNIT_EXPECT_EQ(test, valid[1], 64 * (1 + 3 + 7 + 15 + 31 + 63));
	KUNIT_EXPECT_EQ(test, valid[0], 64 * (1 + 3 + 7 + 15 + 31));
}

/*
 * The kernel's encoder against the decoder: whatever it makes of a decoded
 * value must decode to that value again, and it must give back each
 * instruction that is the value's one canonical encoding. immr counts
 * modulo the element size, so of the encodings that differ only in the
 * bits of immr above it, the canonical one has them clear: one for each
 * run of 1 to esize - 1 ones in each of esize rotations.
 */
static void alu_bitmask_round_trip_test(struct kunit *test)
{
	struct alu_insn d = { .class = ALU_LOGIC_IMM, .opc = 0, .rd = 1, .rn = 2 };
	unsigned int f, bad = 0, trips = 0;
	u64 imm, again;
	u32 insn, back;

	for (f = 0; f < BITMASK_FIELDS; f++) {
		insn = alu_bitmask_at(&d, f);
		if (!aarch64_insn_decode_logical_immediate(insn, &imm))
			continue;
		back = aarch64_insn_gen_logical_immediate(AARCH64_INSN_LOGIC_AND,
							  d.sf ? AARCH64_INSN_VARIANT_64BIT :
								 AARCH64_INSN_VARIANT_32BIT,
							  AARCH64_INSN_REG_2, AARCH64_INSN_REG_1,
							  imm);
		trips += back == insn;
		if (aarch64_insn_decode_logical_immediate(back, &again) && again == imm)
			continue;
		KUNIT_FAIL(test, "%08x decodes to %#llx, which encodes as %08x", insn, imm, back);
		if (++bad == 8)
			return;
	}
	KUNIT_EXPECT_EQ(test, trips, 2 * (2 * 1 + 4 * 3 + 8 * 7 + 16 * 15 + 32 * 31) + 64 * 63);
}

/*
 * The reference semantics, from the Arm ARM's definitions by other means
 * than the handlers use: sums and flags from 128-bit arithmetic, shifts
 * bit by bit, bitmasks from the table above. Register 31 is SP where
 * @sp31, the zero register otherwise.
 */
static u64 ref_read(const struct pt_regs *regs, unsigned int n, bool sp31)
{
	if (n == 31)
		return sp31 ? regs->sp : 0;
	return regs->regs[n];
}

static void ref_write(struct pt_regs *regs, unsigned int n, bool sp31, u64 val)
{
	if (n != 31)
		regs->regs[n] = val;
	else if (sp31)
		regs->sp = val;
}

static u64 nzcv(bool n, bool z, bool c, bool v)
{
	return (u64)(n << 3 | z << 2 | c << 1 | v) << NZCV_SHIFT;
}

static void ref_flags(struct pt_regs *regs, u64 flags)
{
	regs->pstate = (regs->pstate & ~NZCV_MASK) | flags;
}

static u64 ref_nz(u64 res, const struct alu_insn *d)
{
	return nzcv((res >> (d->sf ? 63 : 31)) & 1, !res, 0, 0);
}

/*
 * a + b or a - b in the width of @d: C is the carry out of the unsigned
 * sum (for a subtraction: no borrow, a >= b), V that the signed result
 * does not fit.
 */
static u64 ref_add_sub(u64 a, u64 b, bool sub, const struct alu_insn *d, u64 *flags)
{
	bool c, v;
	u64 res;

	if (d->sf) {
		unsigned __int128 ures = sub ? (unsigned __int128)a - b :
					       (unsigned __int128)a + b;
		__int128 sres = sub ? (__int128)(s64)a - (s64)b : (__int128)(s64)a + (s64)b;

		res = (u64)ures;
		c = sub ? a >= b : (ures >> 64) != 0;
		v = sres != (s64)res;
	} else {
		u64 ua = lower_32_bits(a), ub = lower_32_bits(b);
		s64 sres = sub ? (s64)(s32)a - (s32)b : (s64)(s32)a + (s32)b;

		res = lower_32_bits(sub ? ua - ub : ua + ub);
		c = sub ? ua >= ub : ((ua + ub) >> 32) != 0;
		v = sres != (s32)res;
	}
	*flags = ref_nz(res, d) | nzcv(0, 0, c, v);
	return res;
}

static u64 ref_shift(u64 val, unsigned int type, unsigned int amount, const struct alu_insn *d)
{
	unsigned int bits = d->sf ? 64 : 32, i, from;
	u64 res = 0;

	for (i = 0; i < bits; i++) {
		switch (type) {
		case 0:		/* LSL */
			if (i < amount)
				continue;
			from = i - amount;
			break;
		case 1:		/* LSR */
			from = i + amount;
			if (from >= bits)
				continue;
			break;
		case 2:		/* ASR: past the top, the sign bit */
			from = min(i + amount, bits - 1);
			break;
		default:	/* ROR */
			from = (i + amount) % bits;
			break;
		}
		res |= ((val >> from) & 1) << i;
	}
	return res;
}

static u64 ref_logic(unsigned int opc, u64 a, u64 b)
{
	return opc == 1 ? a | b : opc == 2 ? a ^ b : a & b;
}

static void ref_exec(const struct alu_insn *d, struct pt_regs *regs)
{
	u64 mask = d->sf ? U64_MAX : U32_MAX, res, op2, flags;
	bool sub = d->opc & 2, setflags = d->opc & 1;

	switch (d->class) {
	case ALU_LOGIC_IMM:
		/* Rn is XZR; Rd is SP unless the flags are set. */
		res = ref_logic(d->opc, ref_read(regs, d->rn, false), ref_bitmask(d)) & mask;
		if (d->opc == 3)
			ref_flags(regs, ref_nz(res, d));
		ref_write(regs, d->rd, d->opc != 3, res);
		break;
	case ALU_ADD_SUB_IMM:
		/* Rn is SP; Rd is SP unless the flags are set. */
		res = ref_add_sub(ref_read(regs, d->rn, true) & mask,
				  (u64)d->imm << (d->shift ? 12 : 0), sub, d, &flags);
		if (setflags)
			ref_flags(regs, flags);
		ref_write(regs, d->rd, !setflags, res);
		break;
	case ALU_MOVEWIDE:
		op2 = (u64)d->imm << (16 * d->shift);
		if (d->opc == 0)
			res = ~op2;
		else if (d->opc == 2)
			res = op2;
		else
			res = (ref_read(regs, d->rd, false) & ~(0xffffULL << (16 * d->shift))) |
			      op2;
		ref_write(regs, d->rd, false, res & mask);
		break;
	case ALU_LOGIC_REG:
		op2 = ref_shift(ref_read(regs, d->rm, false) & mask, d->shift, d->imm, d);
		if (d->n)
			op2 = ~op2;
		res = ref_logic(d->opc, ref_read(regs, d->rn, false), op2) & mask;
		if (d->opc == 3)
			ref_flags(regs, ref_nz(res, d));
		ref_write(regs, d->rd, false, res);
		break;
	default:
		op2 = ref_shift(ref_read(regs, d->rm, false) & mask, d->shift, d->imm, d);
		res = ref_add_sub(ref_read(regs, d->rn, false) & mask, op2, sub, d, &flags);
		if (setflags)
			ref_flags(regs, flags);
		ref_write(regs, d->rd, false, res);
		break;
	}
}

/* A small fixed generator (xorshift64), so that a failure reproduces. */
static u64 next_rand(u64 *seed)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 7;
	*seed ^= *seed << 17;
	return *seed;
}

/* Operands: the edges of both widths, and noise. */
static u64 rand_operand(u64 *seed)
{
	static const u64 edges[] = {
		0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
		0x7fffffffffffffffULL, 0x8000000000000000ULL, U64_MAX, 0xfffULL << 12,
	};
	u64 r = next_rand(seed);

	return r & 1 ? edges[(r >> 1) % ARRAY_SIZE(edges)] : next_rand(seed);
}

static void rand_regs(struct pt_regs *regs, u64 *seed)
{
	unsigned int i;

	synth_regs(regs, rand_operand(seed), 0x0000aaaaaaab0ffc,
		   (next_rand(seed) & NZCV_MASK) | PSR_MODE_EL0t | PSR_SSBS_BIT);
	for (i = 0; i < ARRAY_SIZE(regs->regs); i++)
		regs->regs[i] = rand_operand(seed);
}

/*
 * @d through the decoder and its handler, and through the reference, from
 * the same registers: all of pt_regs must agree.
 */
static bool alu_check_one(struct kunit *test, const struct alu_insn *d,
			  const struct pt_regs *in)
{
	uprobe_sim_handler_t *handler, *expected = alu_class_handler(d->class);
	u32 insn = alu_encode(d);
	struct pt_regs got, want;

	handler = arm_uprobe_decode_sim(insn);
	if (handler != expected) {
		KUNIT_FAIL(test, "%08x decodes to %ps, expected %ps", insn, handler, expected);
		return false;
	}
	memcpy(&got, in, sizeof(got));
	memcpy(&want, in, sizeof(want));
	ref_exec(d, &want);
	want.pc = in->pc + AARCH64_INSN_SIZE;
	if (!handler(insn, in->pc, &got)) {
		KUNIT_FAIL(test, "%08x: %ps declined", insn, handler);
		return false;
	}
	return expect_regs(test, &got, &want, insn);
}

/* Each logical operation with every bitmask immediate, in both widths. */
static void alu_logic_imm_sweep_test(struct kunit *test)
{
	struct alu_insn d = { .class = ALU_LOGIC_IMM };
	struct pt_regs regs;
	u64 seed = 0x1234567;
	unsigned int f;

	for (f = 0; f < 4 << 14; f++) {
		d.sf = f & 1;
		d.opc = (f >> 1) & 3;
		d.n = (f >> 3) & 1;
		d.immr = (f >> 4) & 0x3f;
		d.imms = (f >> 10) & 0x3f;
		if (!ref_bitmask(&d))
			continue;
		d.rd = next_rand(&seed) % 32;
		d.rn = next_rand(&seed) % 32;
		rand_regs(&regs, &seed);
		if (!alu_check_one(test, &d, &regs))
			return;
	}
}

/* Every imm12, with both shifts, for ADD, ADDS, SUB, SUBS in both widths. */
static void alu_add_sub_imm_sweep_test(struct kunit *test)
{
	struct alu_insn d = { .class = ALU_ADD_SUB_IMM };
	struct pt_regs regs;
	u64 seed = 0xabcdef;
	unsigned int f, k;

	for (f = 0; f < 1 << 16; f++) {
		d.sf = f & 1;
		d.opc = (f >> 1) & 3;
		d.shift = (f >> 3) & 1;
		d.imm = f >> 4;
		for (k = 0; k < 2; k++) {
			d.rd = next_rand(&seed) % 32;
			d.rn = next_rand(&seed) % 32;
			rand_regs(&regs, &seed);
			if (!alu_check_one(test, &d, &regs))
				return;
		}
	}
}

/* MOVN, MOVZ, MOVK, in every halfword of both widths. */
static void alu_movewide_sweep_test(struct kunit *test)
{
	static const u8 opcs[] = { 0, 2, 3 };
	static const u16 edges[] = { 0, 1, 0x8000, 0xffff };
	struct alu_insn d = { .class = ALU_MOVEWIDE };
	struct pt_regs regs;
	u64 seed = 0x5eed;
	unsigned int o, k;

	for (o = 0; o < ARRAY_SIZE(opcs); o++) {
		for (d.sf = 0; d.sf < 2; d.sf++) {
			for (d.shift = 0; d.shift < (d.sf ? 4 : 2); d.shift++) {
				for (k = 0; k < 512; k++) {
					d.opc = opcs[o];
					d.imm = k < 4 ? edges[k] : next_rand(&seed);
					d.rd = next_rand(&seed) % 32;
					rand_regs(&regs, &seed);
					if (!alu_check_one(test, &d, &regs))
						return;
				}
			}
		}
	}
}

/* Each operation with every shift type and amount, in both widths. */
static void alu_shifted_sweep(struct kunit *test, enum alu_class class)
{
	struct alu_insn d = { .class = class };
	struct pt_regs regs;
	u64 seed = 0xfeed + class;
	unsigned int f, k;

	for (f = 0; f < 1 << 12; f++) {
		d.sf = f & 1;
		d.opc = (f >> 1) & 3;
		d.n = (f >> 3) & 1;
		d.shift = (f >> 4) & 3;
		d.imm = f >> 6;
		if ((!d.sf && d.imm >= 32) ||
		    (class == ALU_ADD_SUB_REG && (d.n || d.shift == 3)))
			continue;
		for (k = 0; k < 8; k++) {
			d.rd = next_rand(&seed) % 32;
			d.rn = next_rand(&seed) % 32;
			d.rm = next_rand(&seed) % 32;
			rand_regs(&regs, &seed);
			if (!alu_check_one(test, &d, &regs))
				return;
		}
	}
}

static void alu_logic_reg_sweep_test(struct kunit *test)
{
	alu_shifted_sweep(test, ALU_LOGIC_REG);
}

static void alu_add_sub_reg_sweep_test(struct kunit *test)
{
	alu_shifted_sweep(test, ALU_ADD_SUB_REG);
}

/*
 * Register 31 in every operand position, alone and together, with each
 * opc (with and without flags): the reference says where it is SP and
 * where XZR.
 */
struct r31_case {
	const char *text;
	struct alu_insn d;
};

static const struct r31_case r31_cases[] = {
	{ "logical immediate", { ALU_LOGIC_IMM, 1, 0, 0, 0, 0, 0x3c } },
	{ "logical immediate, 32-bit", { ALU_LOGIC_IMM, 0, 0, 0, 0, 3, 0x3c } },
	{ "add/sub immediate", { ALU_ADD_SUB_IMM, 1, 0, 0, 0, 0, 0, 0x10 } },
	{ "add/sub immediate, lsl 12, 32-bit", { ALU_ADD_SUB_IMM, 0, 0, 0, 1, 0, 0, 0xfff } },
	{ "add/sub immediate 0", { ALU_ADD_SUB_IMM, 1, 0, 0, 0, 0, 0, 0 } },
	{ "move wide", { ALU_MOVEWIDE, 1, 0, 0, 2, 0, 0, 0xbeef } },
	{ "move wide, 32-bit", { ALU_MOVEWIDE, 0, 0, 0, 1, 0, 0, 0x8001 } },
	{ "logical register", { ALU_LOGIC_REG, 1, 0, 0, 1, 0, 0, 3 } },
	{ "logical register, inverted, 32-bit", { ALU_LOGIC_REG, 0, 0, 1, 3, 0, 0, 31 } },
	{ "add/sub register", { ALU_ADD_SUB_REG, 1, 0, 0, 2, 0, 0, 63 } },
	{ "add/sub register, 32-bit", { ALU_ADD_SUB_REG, 0, 0, 0, 0, 0, 0, 0 } },
};

static void r31_case_desc(const struct r31_case *c, char *desc)
{
	strscpy(desc, c->text, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(r31, r31_cases, r31_case_desc);

static void alu_register_31_test(struct kunit *test)
{
	static const u8 nums[] = { 0, 7, 30, 31 };
	const struct r31_case *c = test->param_value;
	struct alu_insn d = c->d;
	unsigned int opc, rd, rn, rm, checked = 0;
	struct pt_regs regs;
	u64 seed = 0x31;

	for (opc = 0; opc < 4; opc++) {
		/* Move wide: opc 01 is unallocated. */
		if (d.class == ALU_MOVEWIDE && opc == 1)
			continue;
		d.opc = opc;
		for (rd = 0; rd < ARRAY_SIZE(nums); rd++) {
			for (rn = 0; rn < ARRAY_SIZE(nums); rn++) {
				for (rm = 0; rm < ARRAY_SIZE(nums); rm++) {
					d.rd = nums[rd];
					d.rn = nums[rn];
					d.rm = nums[rm];
					rand_regs(&regs, &seed);
					if (!alu_check_one(test, &d, &regs))
						return;
					checked++;
				}
			}
		}
	}
	KUNIT_EXPECT_EQ(test, checked, (d.class == ALU_MOVEWIDE ? 3 : 4) * 64);
}

static struct kunit_case alu_test_cases[] = {
	KUNIT_CASE_PARAM(alu_decode_test, alu_decode_gen_params),
	KUNIT_CASE_PARAM(alu_handler_test, alu_gen_params),
	KUNIT_CASE_PARAM(alu_encoder_test, alu_encode_gen_params),
	KUNIT_CASE_PARAM(alu_bitmask_test, bitmask_gen_params),
	KUNIT_CASE(alu_bitmask_sweep_test),
	KUNIT_CASE(alu_bitmask_round_trip_test),
	KUNIT_CASE(alu_logic_imm_sweep_test),
	KUNIT_CASE(alu_add_sub_imm_sweep_test),
	KUNIT_CASE(alu_movewide_sweep_test),
	KUNIT_CASE(alu_logic_reg_sweep_test),
	KUNIT_CASE(alu_add_sub_reg_sweep_test),
	KUNIT_CASE_PARAM(alu_register_31_test, r31_gen_params),
	{}
};

static struct kunit_suite alu_test_suite = {
	.name = "arm64-uprobes-alu",
	.suite_init = alu_suite_init,
	.suite_exit = alu_suite_exit,
	.test_cases = alu_test_cases,
};
#endif

#ifdef PROBESIM_WITH_BTI
/* The four landing pads, and the words next to them. */
static const struct decode_case bti_decode_cases[] = {
	{ "bti", INSN_BTI, simulate_bti },
	{ "bti c", INSN_BTI_C, simulate_bti },
	{ "bti j", INSN_BTI_J, simulate_bti },
	{ "bti jc", INSN_BTI_JC, simulate_bti },
	{ "hint 0x21 (odd op2 next to bti)", 0xd503243f, NULL },
	{ "hint 0x27 (odd op2 next to bti jc)", 0xd50324ff, NULL },
	{ "hint 0x28 (chkfeat x16, CRm 0101)", 0xd503251f, NULL },
	{ "bti c with Rt 30, not a hint", 0xd503245e, NULL },
	{ "nop", INSN_NOP, NULL },
};

KUNIT_ARRAY_PARAM(bti_decode, bti_decode_cases, decode_case_desc);

static void bti_decode_test(struct kunit *test)
{
	check_decode(test, test->param_value);
}

/*
 * The HINT space, 1101 0101 0000 0011 0010 CRm:op2 1 1111, every CRm:op2.
 * Only the landing pads and the LR signing that open functions are
 * simulated here; every other hint has an effect of its own, or is
 * reserved for one, and is left to arm_probe_decode_insn(): NOP
 * included, which it simulates.
 */
static const struct decode_case hint_simulated[] = {
#ifdef PROBESIM_WITH_PAC
	{ "paciasp", 0xd503233f, simulate_paciasp_pacibsp },
	{ "pacibsp", 0xd503237f, simulate_paciasp_pacibsp },
#endif
	{ "bti", 0xd503241f, simulate_bti },
	{ "bti c", 0xd503245f, simulate_bti },
	{ "bti j", 0xd503249f, simulate_bti },
	{ "bti jc", 0xd50324df, simulate_bti },
};

static void hint_decode_test(struct kunit *test)
{
	struct decode_case c;
	unsigned int n, i;

	for (n = 0; n < 128; n++) {
		c = (struct decode_case){ "another hint", INSN_NOP | n << 5, NULL };
		for (i = 0; i < ARRAY_SIZE(hint_simulated); i++)
			if (hint_simulated[i].insn == c.insn)
				c = hint_simulated[i];
		check_decode(test, &c);
	}
}

/*
 * The handler, once the branch-target check has passed: a NOP. PC moves
 * on and nothing else changes; BTYPE is the completion's to set.
 */
static void bti_handler_test(struct kunit *test)
{
	static const u32 variants[] = { INSN_BTI, INSN_BTI_C, INSN_BTI_J, INSN_BTI_JC };
	const u64 pc = 0x0000aaaaaaab0ffc;
	struct pt_regs regs, want;
	unsigned int v, b;

	for (v = 0; v < ARRAY_SIZE(variants); v++) {
		for (b = 0; b < ARRAY_SIZE(btypes); b++) {
			synth_regs(&regs, 0x0000fffffffff000, pc, 0x60000000 | btypes[b]);
			memcpy(&want, &regs, sizeof(want));
			want.pc = pc + AARCH64_INSN_SIZE;

			KUNIT_EXPECT_TRUE(test, simulate_bti(variants[v], pc, &regs));
			if (!expect_regs(test, &regs, &want, variants[v]))
				return;
		}
	}
}

static struct kunit_case bti_test_cases[] = {
	KUNIT_CASE_PARAM(bti_decode_test, bti_decode_gen_params),
	KUNIT_CASE(hint_decode_test),
	KUNIT_CASE(bti_handler_test),
	{}
};

static struct kunit_suite bti_test_suite = {
	.name = "arm64-uprobes-bti",
	.test_cases = bti_test_cases,
};
#endif

#ifdef PROBESIM_WITH_PAC
/*
 * The two SP forms and nothing else: the other PAC* hints keep their
 * single step, the AUT* hints and the non-hint forms are not simulated.
 */
static const struct decode_case pac_decode_cases[] = {
	{ "paciasp", INSN_PACIASP, simulate_paciasp_pacibsp },
	{ "pacibsp", INSN_PACIBSP, simulate_paciasp_pacibsp },
	{ "paciaz", 0xd503231f, NULL },
	{ "pacibz", 0xd503235f, NULL },
	{ "pacia1716", 0xd503211f, NULL },
	{ "pacib1716", 0xd503215f, NULL },
	{ "xpaclri", 0xd50320ff, NULL },
	{ "autiasp", 0xd50323bf, NULL },
	{ "autibsp", 0xd50323ff, NULL },
	{ "autiaz", 0xd503239f, NULL },
	{ "autibz", 0xd50323df, NULL },
	{ "autia1716", 0xd503219f, NULL },
	{ "autib1716", 0xd50321df, NULL },
	{ "retaa", 0xd65f0bff, NULL },
	{ "pacia x30, sp (not a hint)", 0xdac103fe, NULL },
	{ "paciasp with Rt 30, not a hint", 0xd503233e, NULL },
};

KUNIT_ARRAY_PARAM(pac_decode, pac_decode_cases, decode_case_desc);

static void pac_decode_test(struct kunit *test)
{
	check_decode(test, test->param_value);
}

/*
 * Whether the handler signs as the CPU does needs a task's own PACIASP
 * to compare with, which the selftests have. Here, whatever the keys:
 * PC moves on, LR gains at most a PAC field (bits 54 down to the VA
 * size), the same one each time, and nothing else changes.
 */
static void pac_handler_test(struct kunit *test)
{
	const u64 keep = GENMASK_ULL(63, 55) | GENMASK_ULL(VA_BITS_MIN - 1, 0);
	static const u32 variants[] = { INSN_PACIASP, INSN_PACIBSP };
	const u64 pc = 0x0000aaaaaaab0ffc, lr = 0x0000000000401234;
	struct pt_regs regs, again, want;
	unsigned int v;

	for (v = 0; v < ARRAY_SIZE(variants); v++) {
		synth_regs(&regs, 0x0000fffffffff000, pc, 0x60000000);
		regs.regs[30] = lr;
		memcpy(&want, &regs, sizeof(want));
		memcpy(&again, &regs, sizeof(again));

		KUNIT_EXPECT_TRUE(test, simulate_paciasp_pacibsp(variants[v], pc, &regs));
		KUNIT_EXPECT_EQ_MSG(test, regs.regs[30] & keep, lr,
				    "%08x: lr %#llx from %#llx", variants[v], regs.regs[30], lr);
		if (!system_supports_address_auth())
			KUNIT_EXPECT_EQ(test, regs.regs[30], lr);
		want.regs[30] = regs.regs[30];
		want.pc = pc + AARCH64_INSN_SIZE;
		expect_regs(test, &regs, &want, variants[v]);

		KUNIT_EXPECT_TRUE(test, simulate_paciasp_pacibsp(variants[v], pc, &again));
		expect_regs(test, &again, &want, variants[v]);
	}
}

#ifdef CONFIG_ARM64_PTR_AUTH
/*
 * PACIASP signs with the task's IA key, whatever APIAKey_EL1 held before
 * (the kernel's key, or another task's): this thread given one key and
 * then another signs differently, and given the first again signs as the
 * first time. The PAC field is 7 bits with 48-bit VAs, so two keys agree
 * on one pointer 1 time in 128; over eight pointers they all but never
 * agree on all. The thread's own key and enables are put back after.
 */
static void pac_ia_key_test(struct kunit *test)
{
	static const struct ptrauth_key keys[] = {
		{ .lo = 0x0123456789abcdefULL, .hi = 0xfedcba9876543210ULL },
		{ .lo = 0x5a5a5a5a0f0f0f0fULL, .hi = 0x3c3c3c3cc3c3c3c3ULL },
	};
	struct thread_struct *thread = &current->thread;
	const struct ptrauth_key saved_key = thread->keys_user.apia;
	const u64 saved_sctlr = thread->sctlr_user;
	const u64 pc = 0x0000aaaaaaab0ffc;
	unsigned int i, k, differ = 0;
	u64 lr[3][8];
	struct pt_regs regs;

	if (!system_supports_address_auth())
		kunit_skip(test, "no address authentication");

	thread->sctlr_user |= SCTLR_ELx_ENIA;
	for (k = 0; k < ARRAY_SIZE(lr); k++) {
		thread->keys_user.apia = keys[k % ARRAY_SIZE(keys)];
		for (i = 0; i < ARRAY_SIZE(lr[k]); i++) {
			synth_regs(&regs, 0x0000fffffffff000 - 16 * i, pc, 0x60000000);
			regs.regs[30] = 0x0000000000401234 + 4 * i;
			simulate_paciasp_pacibsp(INSN_PACIASP, pc, &regs);
			lr[k][i] = regs.regs[30];
		}
	}
	thread->keys_user.apia = saved_key;
	thread->sctlr_user = saved_sctlr;

	for (i = 0; i < ARRAY_SIZE(lr[0]); i++) {
		differ += lr[0][i] != lr[1][i];
		KUNIT_EXPECT_EQ_MSG(test, lr[0][i], lr[2][i], "pointer %u: key 0 signed twice", i);
	}
	KUNIT_EXPECT_NE_MSG(test, differ, 0, "two IA keys signed all %zu pointers alike",
			    ARRAY_SIZE(lr[0]));
}
#endif

static struct kunit_case pac_test_cases[] = {
	KUNIT_CASE_PARAM(pac_decode_test, pac_decode_gen_params),
	KUNIT_CASE(pac_handler_test),
#ifdef CONFIG_ARM64_PTR_AUTH
	KUNIT_CASE(pac_ia_key_test),
#endif
	{}
};

static struct kunit_suite pac_test_suite = {
	.name = "arm64-uprobes-pac",
	.test_cases = pac_test_cases,
};
#endif

#ifdef PROBESIM_WITH_STP
/*
 * The load/store pair class: of all its encodings only the 64-bit
 * general-purpose pre-index store with base SP, STP Xt, Xt2, [SP, #imm]!,
 * is simulated. The handler's stores need a user address space: the
 * selftests cover them.
 */
static const struct decode_case stp_decode_cases[] = {
	/* The push, in every shape of its free fields. */
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd, simulate_stp_push },
	{ "stp x29, x30, [sp, -512]! (imm7 min)", 0xa9a07bfd, simulate_stp_push },
	{ "stp x0, x1, [sp, 504]! (imm7 max)", 0xa99f87e0, simulate_stp_push },
	{ "stp x19, x20, [sp, 16]!", 0xa98153f3, simulate_stp_push },
	{ "stp x27, x28, [sp, -8]!", 0xa9bff3fb, simulate_stp_push },
	{ "stp x0, x1, [sp, 0]!", 0xa98007e0, simulate_stp_push },
	{ "stp xzr, x1, [sp, -16]!", 0xa9bf07ff, simulate_stp_push },
	{ "stp x0, xzr, [sp, -16]!", 0xa9bf7fe0, simulate_stp_push },
	{ "stp xzr, xzr, [sp, -16]!", 0xa9bf7fff, simulate_stp_push },
	{ "stp x30, x30, [sp, -32]!", 0xa9be7bfe, simulate_stp_push },
	/* Post-index: writes back, but stores at the old SP. */
	{ "stp x29, x30, [sp], 16", 0xa8817bfd, NULL },
	{ "stp x29, x30, [sp], -16", 0xa8bf7bfd, NULL },
	{ "stp x29, x30, [sp], -512", 0xa8a07bfd, NULL },
	{ "stp x0, x1, [sp], 504", 0xa89f87e0, NULL },
	/* Signed offset: no writeback. */
	{ "stp x29, x30, [sp, 16]", 0xa9017bfd, NULL },
	{ "stp x29, x30, [sp, -16]", 0xa93f7bfd, NULL },
	{ "stp x29, x30, [sp]", 0xa9007bfd, NULL },
	{ "stp x29, x30, [sp, -512]", 0xa9207bfd, NULL },
	{ "stp x0, x1, [sp, 504]", 0xa91f87e0, NULL },
	/* 32-bit registers. */
	{ "stp w29, w30, [sp, -16]!", 0x29be7bfd, NULL },
	{ "stp w0, w1, [sp, -256]!", 0x29a007e0, NULL },
	{ "stp w0, w1, [sp], 8", 0x288107e0, NULL },
	{ "stp w0, w1, [sp, 8]", 0x290107e0, NULL },
	/* SIMD&FP registers. */
	{ "stp s0, s1, [sp, -8]!", 0x2dbf07e0, NULL },
	{ "stp d8, d9, [sp, -16]!", 0x6dbf27e8, NULL },
	{ "stp d8, d9, [sp, -512]!", 0x6da027e8, NULL },
	{ "stp q0, q1, [sp, -32]!", 0xadbf07e0, NULL },
	{ "stp q0, q1, [sp, -1024]!", 0xada007e0, NULL },
	{ "stp d8, d9, [sp], 16", 0x6c8127e8, NULL },
	{ "stp q0, q1, [sp, 32]", 0xad0107e0, NULL },
	/* A base other than SP. */
	{ "stp x29, x30, [x0, -16]!", 0xa9bf781d, NULL },
	{ "stp x29, x30, [x29, -16]!", 0xa9bf7bbd, NULL },
	{ "stp x0, x1, [x30, -16]!", 0xa9bf07c0, NULL },
	{ "stp x0, x1, [x1, 504]!", 0xa99f8420, NULL },
	{ "stp x29, x30, [x0], 16", 0xa881781d, NULL },
	{ "stp x29, x30, [x0, 16]", 0xa901781d, NULL },
	/* STNP: no-allocate pair, signed offset, no writeback. */
	{ "stnp x29, x30, [sp, -16]", 0xa83f7bfd, NULL },
	{ "stnp x0, x1, [sp]", 0xa80007e0, NULL },
	{ "stnp x0, x1, [sp, 504]", 0xa81f87e0, NULL },
	{ "stnp w0, w1, [sp, -8]", 0x283f07e0, NULL },
	{ "stnp d8, d9, [sp, -16]", 0x6c3f27e8, NULL },
	{ "stnp q0, q1, [sp, -32]", 0xac3f07e0, NULL },
	/* LDP: the push with L set, and the matching pop. */
	{ "ldp x29, x30, [sp, -16]!", 0xa9ff7bfd, NULL },
	{ "ldp x29, x30, [sp], 16", 0xa8c17bfd, NULL },
	{ "ldp x29, x30, [sp, 16]", 0xa9417bfd, NULL },
	{ "ldp w0, w1, [sp, -8]!", 0x29ff07e0, NULL },
	{ "ldp d8, d9, [sp, -16]!", 0x6dff27e8, NULL },
	/* LDPSW: opc 01 with L set. */
	{ "ldpsw x0, x1, [sp, -8]!", 0x69ff07e0, NULL },
	{ "ldpsw x0, x1, [sp], 8", 0x68c107e0, NULL },
	{ "ldpsw x0, x1, [sp, 8]", 0x694107e0, NULL },
	/* STGP: opc 01 with L clear, which stores allocation tags too. */
	{ "stgp x0, x1, [sp, -16]!", 0x69bf87e0, NULL },
	{ "stgp x29, x30, [sp, -1024]!", 0x69a07bfd, NULL },
	{ "stgp xzr, xzr, [sp, -16]!", 0x69bfffff, NULL },
	{ "stgp x0, x1, [sp], 16", 0x688087e0, NULL },
	{ "stgp x0, x1, [sp, 16]", 0x690087e0, NULL },
	/* LDNP. */
	{ "ldnp x29, x30, [sp, -16]", 0xa87f7bfd, NULL },
	{ "ldnp x0, x1, [sp]", 0xa84007e0, NULL },
	{ "ldnp q0, q1, [sp, 32]", 0xac4107e0, NULL },
	/* Unallocated: opc 11, and other undefined words. */
	{ "opc 11, pre-index", 0xe9bf7bfd, NULL },
	{ "opc 11, post-index", 0xe8817bfd, NULL },
	{ "opc 11, signed offset", 0xe9017bfd, NULL },
	{ "opc 11, load", 0xe9ff7bfd, NULL },
	{ "opc 11, SIMD&FP", 0xedbf07e0, NULL },
	{ "mode 111", 0xabbf7bfd, NULL },
	{ "all ones", 0xffffffff, NULL },
	{ "udf 0", 0x00000000, NULL },
	/* Other pushes than a pair store. */
	{ "str x30, [sp, -16]!", 0xf81f0ffe, NULL },
	{ "sub sp, sp, 0x10", 0xd10043ff, simulate_add_sub_imm },
	/* BRK, the immediates the kernel plants among them. */
	{ "brk 0", 0xd4200000, NULL },
	{ "brk 0x4 (kprobes)", 0xd4200080, NULL },
	{ "brk 0x5 (uprobes)", 0xd42000a0, NULL },
	{ "brk 0x800 (BUG)", 0xd4210000, NULL },
};

KUNIT_ARRAY_PARAM(stp_decode, stp_decode_cases, decode_case_desc);

static void stp_decode_test(struct kunit *test)
{
	check_decode(test, test->param_value);
}

/*
 * The push stp x29, x30, [sp, #-16]! with each of its 32 bits flipped: a
 * flip in a free field (Rt, Rt2, imm7) leaves a push, any other does not.
 */
static const struct decode_case stp_flip_cases[] = {
	{ "bit 0 (Rt): stp x28, x30, [sp, -16]!", 0xa9bf7bfc, simulate_stp_push },
	{ "bit 1 (Rt): stp xzr, x30, [sp, -16]!", 0xa9bf7bff, simulate_stp_push },
	{ "bit 2 (Rt): stp x25, x30, [sp, -16]!", 0xa9bf7bf9, simulate_stp_push },
	{ "bit 3 (Rt): stp x21, x30, [sp, -16]!", 0xa9bf7bf5, simulate_stp_push },
	{ "bit 4 (Rt): stp x13, x30, [sp, -16]!", 0xa9bf7bed, simulate_stp_push },
	{ "bit 5 (Rn): stp x29, x30, [x30, -16]!", 0xa9bf7bdd, NULL },
	{ "bit 6 (Rn): stp x29, x30, [x29, -16]!", 0xa9bf7bbd, NULL },
	{ "bit 7 (Rn): stp x29, x30, [x27, -16]!", 0xa9bf7b7d, NULL },
	{ "bit 8 (Rn): stp x29, x30, [x23, -16]!", 0xa9bf7afd, NULL },
	{ "bit 9 (Rn): stp x29, x30, [x15, -16]!", 0xa9bf79fd, NULL },
	{ "bit 10 (Rt2): stp x29, xzr, [sp, -16]!", 0xa9bf7ffd, simulate_stp_push },
	{ "bit 11 (Rt2): stp x29, x28, [sp, -16]!", 0xa9bf73fd, simulate_stp_push },
	{ "bit 12 (Rt2): stp x29, x26, [sp, -16]!", 0xa9bf6bfd, simulate_stp_push },
	{ "bit 13 (Rt2): stp x29, x22, [sp, -16]!", 0xa9bf5bfd, simulate_stp_push },
	{ "bit 14 (Rt2): stp x29, x14, [sp, -16]!", 0xa9bf3bfd, simulate_stp_push },
	{ "bit 15 (imm7): stp x29, x30, [sp, -8]!", 0xa9bffbfd, simulate_stp_push },
	{ "bit 16 (imm7): stp x29, x30, [sp, -32]!", 0xa9be7bfd, simulate_stp_push },
	{ "bit 17 (imm7): stp x29, x30, [sp, -48]!", 0xa9bd7bfd, simulate_stp_push },
	{ "bit 18 (imm7): stp x29, x30, [sp, -80]!", 0xa9bb7bfd, simulate_stp_push },
	{ "bit 19 (imm7): stp x29, x30, [sp, -144]!", 0xa9b77bfd, simulate_stp_push },
	{ "bit 20 (imm7): stp x29, x30, [sp, -272]!", 0xa9af7bfd, simulate_stp_push },
	{ "bit 21 (imm7 sign): stp x29, x30, [sp, 496]!", 0xa99f7bfd, simulate_stp_push },
	{ "bit 22 (L): ldp x29, x30, [sp, -16]!", 0xa9ff7bfd, NULL },
	{ "bit 23 (mode): stp x29, x30, [sp, -16]", 0xa93f7bfd, NULL },
	{ "bit 24 (mode): stp x29, x30, [sp], -16", 0xa8bf7bfd, NULL },
	{ "bit 25 (mode): undefined", 0xabbf7bfd, NULL },
	{ "bit 26 (V): stp q29, q30, [sp, -32]!", 0xadbf7bfd, NULL },
	{ "bit 27 (class): undefined", 0xa1bf7bfd, NULL },
	{ "bit 28 (class): ldrsw x29, [sp, 16248]", 0xb9bf7bfd, NULL },
	{ "bit 29 (class): undefined", 0x89bf7bfd, NULL },
	{ "bit 30 (opc): undefined", 0xe9bf7bfd, NULL },
	{ "bit 31 (opc): stp w29, w30, [sp, -8]!", 0x29bf7bfd, NULL },
};

KUNIT_ARRAY_PARAM(stp_flip, stp_flip_cases, decode_case_desc);

static void stp_flip_test(struct kunit *test)
{
	check_decode(test, test->param_value);
}

/* Load/store pair, addressing mode (bits 25:23). */
enum ldstp_mode {
	LDSTP_NOALLOC,	/* STNP/LDNP: signed offset, no writeback */
	LDSTP_POST,	/* [Xn|SP], #imm */
	LDSTP_OFFSET,	/* [Xn|SP, #imm] */
	LDSTP_PRE,	/* [Xn|SP, #imm]! */
};

/* The fields of a load/store pair instruction, as the Arm ARM names them. */
struct ldstp_insn {
	u8 opc;		/* 00: 32-bit, 01: STGP/LDPSW, 10: 64-bit, 11: unallocated */
	u8 v;		/* SIMD&FP registers */
	u8 mode;	/* enum ldstp_mode */
	u8 l;		/* load */
	s8 imm7;	/* signed, in units of the access size */
	u8 rt2, rn, rt;
};

static u32 ldstp_encode(const struct ldstp_insn *f)
{
	return (u32)(f->opc & 0x3) << 30 | 0x5U << 27 | (u32)(f->v & 0x1) << 26 |
	       (u32)(f->mode & 0x7) << 23 | (u32)(f->l & 0x1) << 22 |
	       (u32)((u8)f->imm7 & 0x7f) << 15 | (u32)(f->rt2 & 0x1f) << 10 |
	       (u32)(f->rn & 0x1f) << 5 | (f->rt & 0x1f);
}

struct ldstp_encode_case {
	const char *text;
	u32 insn;
	struct ldstp_insn f;
};

static const struct ldstp_encode_case ldstp_encode_cases[] = {
	{ "stp x29, x30, [sp, -16]!", 0xa9bf7bfd,
	  { .opc = 2, .mode = LDSTP_PRE, .imm7 = -2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stp x0, x1, [sp, 504]!", 0xa99f87e0,
	  { .opc = 2, .mode = LDSTP_PRE, .imm7 = 63, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp x29, x30, [sp, -512]!", 0xa9a07bfd,
	  { .opc = 2, .mode = LDSTP_PRE, .imm7 = -64, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stp x29, x30, [sp], 16", 0xa8817bfd,
	  { .opc = 2, .mode = LDSTP_POST, .imm7 = 2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stp x29, x30, [x0, 16]", 0xa901781d,
	  { .opc = 2, .mode = LDSTP_OFFSET, .imm7 = 2, .rt2 = 30, .rn = 0, .rt = 29 } },
	{ "stnp x29, x30, [sp, -16]", 0xa83f7bfd,
	  { .opc = 2, .mode = LDSTP_NOALLOC, .imm7 = -2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "ldp x29, x30, [sp], 16", 0xa8c17bfd,
	  { .opc = 2, .mode = LDSTP_POST, .l = 1, .imm7 = 2, .rt2 = 30, .rn = 31, .rt = 29 } },
	{ "stgp x0, x1, [sp, -16]!", 0x69bf87e0,
	  { .opc = 1, .mode = LDSTP_PRE, .imm7 = -1, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp w0, w1, [sp, -256]!", 0x29a007e0,
	  { .opc = 0, .mode = LDSTP_PRE, .imm7 = -64, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp q0, q1, [sp, -32]!", 0xadbf07e0,
	  { .opc = 2, .v = 1, .mode = LDSTP_PRE, .imm7 = -2, .rt2 = 1, .rn = 31, .rt = 0 } },
	{ "stp xzr, xzr, [sp, -16]!", 0xa9bf7fff,
	  { .opc = 2, .mode = LDSTP_PRE, .imm7 = -2, .rt2 = 31, .rn = 31, .rt = 31 } },
};

static void ldstp_encode_case_desc(const struct ldstp_encode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s [%08x]", c->text, c->insn);
}

KUNIT_ARRAY_PARAM(ldstp_encode, ldstp_encode_cases, ldstp_encode_case_desc);

static void stp_encoder_test(struct kunit *test)
{
	const struct ldstp_encode_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, ldstp_encode(&c->f), c->insn);
}

static bool stp_expect_decode(struct kunit *test, const struct ldstp_insn *f,
			      uprobe_sim_handler_t *expected)
{
	u32 insn = ldstp_encode(f);
	uprobe_sim_handler_t *handler = arm_uprobe_decode_sim(insn);

	if (handler == expected)
		return true;
	KUNIT_FAIL(test, "%08x (opc %u V %u mode %u L %u): decodes to %ps, expected %ps",
		   insn, f->opc, f->v, f->mode, f->l, handler, expected);
	return false;
}

/*
 * The whole class with a push's registers: every opc, V, mode, L and
 * imm7. Exactly opc 10, V 0, pre-index, L 0 is a push, whatever imm7.
 */
static void stp_class_sweep_test(struct kunit *test)
{
	struct ldstp_insn f = { .rt = 29, .rt2 = 30, .rn = 31 };
	unsigned int bad = 0, i;
	bool push;

	/* i = opc:V:mode:L:imm7 */
	for (i = 0; i < 1U << 13; i++) {
		f.opc = (i >> 11) & 0x3;
		f.v = (i >> 10) & 0x1;
		f.mode = (i >> 8) & 0x3;
		f.l = (i >> 7) & 0x1;
		f.imm7 = (int)(i & 0x7f) - 64;
		push = f.opc == 2 && !f.v && f.mode == LDSTP_PRE && !f.l;
		if (!stp_expect_decode(test, &f, push ? simulate_stp_push : NULL) && ++bad == 8)
			return;
	}
}

/* Every base register with every imm7: only base 31, SP, is a push. */
static void stp_base_sweep_test(struct kunit *test)
{
	struct ldstp_insn f = { .opc = 2, .mode = LDSTP_PRE, .rt = 29, .rt2 = 30 };
	unsigned int bad = 0, i;

	/* i = Rn:imm7 */
	for (i = 0; i < 32 * 128; i++) {
		f.rn = i >> 7;
		f.imm7 = (int)(i & 0x7f) - 64;
		if (!stp_expect_decode(test, &f, f.rn == 31 ? simulate_stp_push : NULL) &&
		    ++bad == 8)
			return;
	}
}

/* Every pair of data registers in a push, XZR included. */
static void stp_register_sweep_test(struct kunit *test)
{
	struct ldstp_insn f = { .opc = 2, .mode = LDSTP_PRE, .imm7 = -2, .rn = 31 };
	unsigned int bad = 0, i;

	/* i = Rt:Rt2 */
	for (i = 0; i < 32 * 32; i++) {
		f.rt = i >> 5;
		f.rt2 = i & 0x1f;
		if (!stp_expect_decode(test, &f, simulate_stp_push) && ++bad == 8)
			return;
	}
}

static struct kunit_case stp_test_cases[] = {
	KUNIT_CASE_PARAM(stp_decode_test, stp_decode_gen_params),
	KUNIT_CASE_PARAM(stp_flip_test, stp_flip_gen_params),
	KUNIT_CASE_PARAM(stp_encoder_test, ldstp_encode_gen_params),
	KUNIT_CASE(stp_class_sweep_test),
	KUNIT_CASE(stp_base_sweep_test),
	KUNIT_CASE(stp_register_sweep_test),
	{}
};

static struct kunit_suite stp_test_suite = {
	.name = "arm64-uprobes-stp",
	.test_cases = stp_test_cases,
};
#endif

kunit_test_suite(btype_test_suite);
#ifdef PROBESIM_WITH_ALU
kunit_test_suite(alu_test_suite);
#endif
#ifdef PROBESIM_WITH_BTI
kunit_test_suite(bti_test_suite);
#endif
#ifdef PROBESIM_WITH_PAC
kunit_test_suite(pac_test_suite);
#endif
#ifdef PROBESIM_WITH_STP
kunit_test_suite(stp_test_suite);
#endif

MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING");
MODULE_DESCRIPTION("KUnit tests for the simulation of uprobed instructions on arm64");
MODULE_LICENSE("GPL");
