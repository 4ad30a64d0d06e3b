// The probed functions, as machine code in files of their own. A uprobe
// is keyed by file and offset and analysed once, so every leg of the
// benchmark (no probe, XOL, simulated) runs its own copy of the code.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace probesim::bench {

enum class Target { Nop, Push, And, Bti, BtiJ, Ret };

struct TargetInfo {
  Target target;
  std::string_view name;                // "nop", "push", "and", "bti", "bti-j", "ret"
  std::span<const std::uint32_t> code;  // first word is the probed one
  // probesim's family for the first word (its stats are <family>_patched,
  // <family>_hits) and the module parameter that switches it; empty for
  // an instruction the kernel simulates itself.
  std::string_view family;
  std::string_view param;
  // Placed on a page mapped with PROT_BTI (a guarded page), so that a
  // call through a register checks the landing pad.
  bool guarded;
};

const TargetInfo& target_info(Target target);
std::span<const TargetInfo> all_targets();

// A file holding every target, mapped executable: the unguarded targets
// on its first page, the guarded ones on its second, mapped with PROT_BTI
// where the kernel and CPU support it.
class TargetFile {
 public:
  explicit TargetFile(std::string path);
  ~TargetFile();
  TargetFile(const TargetFile&) = delete;
  TargetFile& operator=(const TargetFile&) = delete;

  const std::string& path() const { return path_; }
  std::uint64_t offset(Target target) const;  // file offset of its first word
  using Fn = void (*)();
  Fn function(Target target) const;
  // Whether the second page really is guarded (VmFlags "bt" in smaps).
  bool guarded() const { return guarded_; }

 private:
  std::string path_;
  std::size_t page_ = 0;
  void* map_ = nullptr;        // first page
  void* guarded_map_ = nullptr;  // second page
  bool guarded_ = false;
};

}  // namespace probesim::bench
