// The results table and its JSON form.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "instructions.hpp"
#include "measure.hpp"
#include "system_info.hpp"

namespace probesim::bench {

// Per-round measurements of one mode, e.g. "uprobe-nop-blr".
struct ModeResult {
  std::vector<double> xol, sim;            // hits/s (of all threads)
  std::vector<double> sim_over_xol;        // per-round ratios
  std::vector<double> sim_over_ret;        // over the control's sim
  bool simulated = false;                  // probesim patched the sim leg
  // What the name says, for readers that group modes: "uprobe" or
  // "uretprobe"; the target ("push"); the call path ("bl", "blr", "plt");
  // the page ("unguarded", "guarded"); the threads calling at once; the
  // mode whose sim sim_over_ret divides by.
  std::string probe, target, path, page, control;
  unsigned threads = 1;
  // With --instructions: the cost of a call in each leg.
  PerCall xol_count, sim_count;
};

// probesim's simulated-hit counter against the calls the sim leg made.
struct FamilyHits {
  std::uint64_t counted = 0, calls = 0;
};

// The branch-target trap (trap.hpp): the and target called through a
// pointer on a guarded page, natively and simulated, per round; signal
// delivery and the return through the handler are in both.
struct TrapResult {
  std::vector<double> native, sim;  // trapping calls/s
  std::vector<double> sim_over_native;
  PerCall native_count, sim_count;  // with --instructions
  std::string why_not;  // when not measured, why
};

struct Results {
  std::string tool;                        // "probesim-bench 0.1"
  std::string kernel;                      // uname -r
  std::vector<double> base;                // calls/s without any probe
  // With --instructions: the figures are counts per call, not rates,
  // over this many samples.
  bool instructions = false;
  int samples = 0;
  PerCall base_count;                      // a call without any probe
  std::vector<std::string> order;          // modes in the order run
  std::map<std::string, ModeResult> modes;
  bool bti_guarded = false;                // the bti target's page has PROT_BTI
  std::map<std::string, FamilyHits> family_hits;
  TrapResult trap;
  std::vector<std::string> notes;
  SystemInfo system;                       // CPU, kernel, VM or bare metal
};

void print_table(std::ostream& out, const Results& results);
// With --instructions, instead of print_table: kernel instructions per
// call of each leg and of the control, the difference to the control and
// sim/ret in all instructions, which is the hits/s ratio under icount.
void print_instructions(std::ostream& out, const Results& results);
// The keys of earlier versions stay as they were; "system" came later,
// then the call path in the mode names, with "aliases" from the old names
// and each mode's probe, target, path, page, threads and control, then
// "branch_target_trap".
void write_json(std::ostream& out, const Results& results);

}  // namespace probesim::bench
