#include <gtest/gtest.h>

#include "report.hpp"

namespace probesim::report {
namespace {

using Lines = std::vector<std::string>;

TEST(IsSplatLine, RecognisesKernelProblems) {
  for (const char* line : {
           "[    1.000000] WARNING: CPU: 0 PID: 1 at kernel/foo.c:12 bar+0x10/0x20",
           "BUG: KASAN: slab-out-of-bounds in probesim_decode+0x10/0x40",
           "Internal error: Oops: 0000000096000005 [#1] PREEMPT SMP",
           "Kernel panic - not syncing: Oops: Fatal exception",
           "Unable to handle kernel NULL pointer dereference at virtual address 0",
           "WARNING: possible circular locking dependency detected",
           "WARNING: inconsistent lock state",
           "WARNING: possible recursive locking detected",
           "WARNING: suspicious RCU usage",
           "BUG: sleeping function called from invalid context at mm/slab.h:1",
           "UBSAN: shift-out-of-bounds in arch/arm64/foo.c:3:4",
           "watchdog: BUG: soft lockup - CPU#0 stuck for 22s!",
           "Watchdog detected hard LOCKUP on cpu 1",
           "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:",
           "rcu: INFO: rcu_sched detected stalls on CPUs/tasks:",
           "rcu: 	0-....: (5250 ticks this GP) self-detected stall",
           "general protection fault, probably for non-canonical address",
           "kernel BUG at mm/slub.c:123!",
       }) {
    EXPECT_TRUE(is_splat_line(line)) << line;
  }
  EXPECT_FALSE(is_splat_line("[    1.000000] probesim: loaded"));
  EXPECT_FALSE(is_splat_line("ok 1 warning_free"));
}

TEST(SplatCollector, KeepsFifteenLinesOfContext) {
  Lines lines{"before", "[    1.000000] WARNING: CPU: 0 PID: 1 at foo.c:1 bar"};
  for (int i = 0; i < 20; ++i) lines.push_back("trace " + std::to_string(i));
  SplatCollector collector;
  collector.scan("console", lines);
  ASSERT_EQ(collector.splats().size(), 1u);
  const Splat& splat = collector.splats()[0];
  EXPECT_EQ(splat.source, "console");
  EXPECT_EQ(splat.headline(), "WARNING: CPU: 0 PID: 1 at foo.c:1 bar");
  ASSERT_EQ(splat.lines.size(), 1 + kSplatContextLines);
  EXPECT_EQ(splat.lines.back(), "trace 14");
}

TEST(SplatCollector, ContextStopsAtEndOfStream) {
  SplatCollector collector;
  collector.scan("console", {"Kernel panic - not syncing: x", "last"});
  ASSERT_EQ(collector.splats().size(), 1u);
  EXPECT_EQ(collector.splats()[0].lines, (Lines{"Kernel panic - not syncing: x", "last"}));
}

TEST(SplatCollector, EveryMatchingLineIsASplatAndEndsThePreviousContext) {
  SplatCollector collector;
  collector.scan("console", {"Unable to handle kernel paging request at 0x0", "Mem abort info:",
                             "Internal error: Oops: 96000005 [#1] SMP", "Modules linked in:"});
  const auto& splats = collector.splats();
  ASSERT_EQ(splats.size(), 2u);
  EXPECT_EQ(splats[0].lines,
            (Lines{"Unable to handle kernel paging request at 0x0", "Mem abort info:"}));
  EXPECT_EQ(splats[1].lines,
            (Lines{"Internal error: Oops: 96000005 [#1] SMP", "Modules linked in:"}));
}

// A splat another stream had is not reported again; within one stream,
// and across streams, every different one is.
TEST(SplatCollector, SameSplatInConsoleAndDmesgIsReportedOnce) {
  SplatCollector collector;
  const Lines twice{"[    2.000000] BUG: foo", "[    3.000000] BUG: foo"};
  collector.scan("dmesg final", {"[    2.000000] WARNING: CPU: 0 PID: 1 at a.c:1 f", "trace"});
  collector.scan("dmesg final", twice);
  collector.scan("console", {"[    2.000000] WARNING: CPU: 0 PID: 1 at a.c:1 f", "other"});
  collector.scan("console", twice);
  collector.scan("dmesg later", {"WARNING: CPU: 0 PID: 1 at a.c:1 f", "BUG: two"});
  ASSERT_EQ(collector.splats().size(), 4u);
  EXPECT_EQ(collector.splats()[0].source, "dmesg final");
  EXPECT_EQ(collector.splats()[3].headline(), "BUG: two");
}

}  // namespace
}  // namespace probesim::report
