// The probed functions, as machine code in files of their own. A uprobe
// is keyed by file and offset and analysed once, so every leg of the
// benchmark (no probe, XOL, simulated) runs its own copy of the code.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace probesim::bench {

enum class Target { Nop, Push, Ret };

struct TargetInfo {
  Target target;
  std::string_view name;           // "nop", "push", "ret"
  std::span<const std::uint32_t> code;  // first word is the probed one
};

const TargetInfo& target_info(Target target);
std::span<const TargetInfo> all_targets();

// A file holding every target, mapped executable.
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

 private:
  std::string path_;
  void* map_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace probesim::bench
