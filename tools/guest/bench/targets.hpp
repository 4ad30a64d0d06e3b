// The probed functions, as machine code in files of their own. A uprobe
// is keyed by file and offset and analysed once, so every leg of the
// benchmark (no probe, XOL, simulated) runs its own copy of the code, and
// every way of reaching a target has its own copy too, so that each
// probe's hits are one mode's calls.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::bench {

enum class Target { Nop, Push, And, Bti, BtiJ, Paciasp, Ret };

// How a target is called, and so the PSTATE.BTYPE its first instruction
// runs with on a CPU with FEAT_BTI. probesim's branch-target check does
// more only when the probed instruction does not accept that BTYPE.
enum class CallPath {
  Bl,   // a direct bl from a stub: BTYPE 00, which every instruction accepts
  Blr,  // blr through a function pointer: BTYPE 10
  Plt,  // br x16 from a PLT-like stub: BTYPE 01
};

struct TargetInfo {
  Target target;
  std::string_view name;                // "nop", "push", "and", "bti", "bti-j", "paciasp", "ret"
  std::span<const std::uint32_t> code;  // first word is the probed one
  // probesim's family for the first word (its stats are <family>_patched,
  // <family>_hits) and the module parameter that switches it; empty for
  // an instruction the kernel simulates itself.
  std::string_view family;
  std::string_view param;
  // The BTYPEs other than 00 the first word accepts on a guarded page:
  // only landing pads take any (bti c: 10 and 01, bti j: 01 and 11).
  bool accepts_blr, accepts_br_x16;
};

const TargetInfo& target_info(Target target);
std::span<const TargetInfo> all_targets();
std::string_view path_name(CallPath path);  // "bl", "blr", "plt"

// Whether calling target by path is legal on a page of that kind: on a
// guarded page, a branch through a register to anything but a landing pad
// that accepts it traps (SIGILL).
bool reachable(Target target, CallPath path, bool guarded);

// One copy of a target in a TargetFile, on an unguarded or a guarded page,
// called one way.
struct Site {
  Target target;
  CallPath path;
  bool guarded;
};

// Where a site sits, as byte offsets into its file: the probed word, and
// what the caller enters with blr (the target itself for CallPath::Blr,
// else its stub).
struct Placement {
  std::size_t probe, entry;
};

// The file's pages: the unguarded targets, the guarded ones, then the
// stubs. Throws std::length_error when the sites do not fit.
std::vector<Placement> place(std::span<const Site> sites, std::size_t page);
// The file's words, 3 * page / 4 of them, zero (udf) where nothing is.
std::vector<std::uint32_t> layout(std::span<const Site> sites, std::size_t page);

// A file holding the sites, mapped executable as one region, its second
// page made guarded (PROT_BTI) where the kernel and CPU support it.
class TargetFile {
 public:
  TargetFile(std::string path, std::vector<Site> sites);
  ~TargetFile();
  TargetFile(const TargetFile&) = delete;
  TargetFile& operator=(const TargetFile&) = delete;

  const std::string& path() const { return path_; }
  std::uint64_t offset(std::size_t site) const { return placements_.at(site).probe; }
  using Fn = void (*)();
  Fn entry(std::size_t site) const;
  // The same entry seen as what every target is: x0 back as it came,
  // except that the and target keeps its low byte. For --self-test.
  using ValueFn = std::uint64_t (*)(std::uint64_t);
  ValueFn value_entry(std::size_t site) const;
  // Whether the second page really is guarded (VmFlags "bt" in smaps).
  bool guarded() const { return guarded_; }

 private:
  std::string path_;
  std::vector<Site> sites_;
  std::vector<Placement> placements_;
  std::size_t page_ = 0;
  void* map_ = nullptr;  // all three pages
  bool guarded_ = false;
};

}  // namespace probesim::bench
