#include "targets.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <stdexcept>
#include <system_error>

namespace probesim::bench {
namespace {

// Encodings checked with aarch64-linux-gnu-as.
constexpr std::array<std::uint32_t, 2> kNop = {
    0xd503201f,  // nop
    0xd65f03c0,  // ret
};
constexpr std::array<std::uint32_t, 3> kPush = {
    0xa9bf7bfd,  // stp x29, x30, [sp, #-16]!
    0xa8c17bfd,  // ldp x29, x30, [sp], #16
    0xd65f03c0,  // ret
};
constexpr std::array<std::uint32_t, 1> kRet = {
    0xd65f03c0,  // ret: the kernel simulates it, so it is the reference
};

const std::array<TargetInfo, 3> kTargets = {{
    {Target::Nop, "nop", kNop},
    {Target::Push, "push", kPush},
    {Target::Ret, "ret", kRet},
}};

// Each target starts on its own 64-byte boundary.
constexpr std::size_t kSlot = 64;

std::system_error os_error(const std::string& what) {
  return {errno, std::generic_category(), what};
}

}  // namespace

const TargetInfo& target_info(Target target) {
  return kTargets[static_cast<std::size_t>(target)];
}

std::span<const TargetInfo> all_targets() { return kTargets; }

TargetFile::TargetFile(std::string path) : path_(std::move(path)) {
  std::array<std::uint32_t, kSlot / 4 * kTargets.size()> words{};
  for (const TargetInfo& info : kTargets) {
    const std::size_t first = static_cast<std::size_t>(info.target) * kSlot / 4;
    for (std::size_t i = 0; i < info.code.size(); ++i) words[first + i] = info.code[i];
  }
  const int fd = open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
  if (fd < 0) throw os_error("create " + path_);
  const bool written = write(fd, words.data(), sizeof(words)) == sizeof(words);
  size_ = sizeof(words);
  if (written) map_ = mmap(nullptr, size_, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
  close(fd);
  if (!written) throw os_error("write " + path_);
  if (map_ == MAP_FAILED) throw os_error("mmap " + path_);
}

TargetFile::~TargetFile() {
  if (map_ && map_ != MAP_FAILED) munmap(map_, size_);
  unlink(path_.c_str());
}

std::uint64_t TargetFile::offset(Target target) const {
  return static_cast<std::uint64_t>(target) * kSlot;
}

TargetFile::Fn TargetFile::function(Target target) const {
  return reinterpret_cast<Fn>(static_cast<char*>(map_) + offset(target));
}

}  // namespace probesim::bench
