#include "targets.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#ifndef PROT_BTI
#define PROT_BTI 0x10  // arm64 <asm/mman.h>
#endif

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
constexpr std::array<std::uint32_t, 2> kAnd = {
    0x12001c00,  // and w0, w0, #0xff
    0xd65f03c0,  // ret
};
constexpr std::array<std::uint32_t, 2> kBti = {
    0xd503245f,  // bti c: the landing pad of a call through a register
    0xd65f03c0,  // ret
};
// bti j called with BLR: a BTYPE it does not accept, so probesim looks
// up whether the page is guarded on every hit; it is not, so it runs.
// This is the cost of that lookup.
constexpr std::array<std::uint32_t, 2> kBtiJ = {
    0xd503249f,  // bti j
    0xd65f03c0,  // ret
};
constexpr std::array<std::uint32_t, 1> kRet = {
    0xd65f03c0,  // ret: the kernel simulates it, so it is the reference
};

const std::array<TargetInfo, 6> kTargets = {{
    {Target::Nop, "nop", kNop, "nop", "nop", false},
    {Target::Push, "push", kPush, "stp", "stp", false},
    {Target::And, "and", kAnd, "logic_imm", "alu", false},
    {Target::Bti, "bti", kBti, "bti", "bti", true},
    {Target::BtiJ, "bti-j", kBtiJ, "bti", "bti", false},
    {Target::Ret, "ret", kRet, "", "", false},
}};

// Each target starts on its own 64-byte boundary of its page.
constexpr std::size_t kSlot = 64;

std::system_error os_error(const std::string& what) {
  return {errno, std::generic_category(), what};
}

// The index of a target among those on the same page.
std::size_t slot_of(Target target) {
  const bool guarded = target_info(target).guarded;
  std::size_t slot = 0;
  for (const TargetInfo& t : kTargets) {
    if (t.target == target) return slot;
    if (t.guarded == guarded) ++slot;
  }
  return slot;
}

// Whether /proc/self/smaps shows the "bt" (BTI guarded) flag for the
// mapping that starts at addr.
bool mapping_is_guarded(const void* addr) {
  char start[32];
  std::snprintf(start, sizeof(start), "%lx-", reinterpret_cast<unsigned long>(addr));
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.rfind(start, 0) == 0) {
      inside = true;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return (line + " ").find(" bt ") != std::string::npos;
    }
  }
  return false;
}

}  // namespace

const TargetInfo& target_info(Target target) {
  return kTargets[static_cast<std::size_t>(target)];
}

std::span<const TargetInfo> all_targets() { return kTargets; }

TargetFile::TargetFile(std::string path) : path_(std::move(path)) {
  page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::vector<std::uint32_t> words(2 * page_ / 4);
  for (const TargetInfo& info : kTargets) {
    const std::size_t first = offset(info.target) / 4;
    for (std::size_t i = 0; i < info.code.size(); ++i) words[first + i] = info.code[i];
  }
  const std::size_t size = words.size() * 4;
  const int fd = open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
  if (fd < 0) throw os_error("create " + path_);
  const bool written = write(fd, words.data(), size) == static_cast<ssize_t>(size);
  if (written) {
    map_ = mmap(nullptr, page_, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
    guarded_map_ = mmap(nullptr, page_, PROT_READ | PROT_EXEC | PROT_BTI, MAP_PRIVATE, fd,
                        static_cast<off_t>(page_));
    // Without BTI support the kernel refuses PROT_BTI: the landing pad is
    // then an ordinary hint, still worth measuring.
    if (guarded_map_ == MAP_FAILED && errno == EINVAL)
      guarded_map_ = mmap(nullptr, page_, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd,
                          static_cast<off_t>(page_));
  }
  const int saved = errno;
  close(fd);
  errno = saved;
  if (!written) throw os_error("write " + path_);
  if (map_ == MAP_FAILED || guarded_map_ == MAP_FAILED) throw os_error("mmap " + path_);
  guarded_ = mapping_is_guarded(guarded_map_);
}

TargetFile::~TargetFile() {
  if (map_ && map_ != MAP_FAILED) munmap(map_, page_);
  if (guarded_map_ && guarded_map_ != MAP_FAILED) munmap(guarded_map_, page_);
  unlink(path_.c_str());
}

std::uint64_t TargetFile::offset(Target target) const {
  return (target_info(target).guarded ? page_ : 0) + slot_of(target) * kSlot;
}

TargetFile::Fn TargetFile::function(Target target) const {
  char* page = static_cast<char*>(target_info(target).guarded ? guarded_map_ : map_);
  return reinterpret_cast<Fn>(page + slot_of(target) * kSlot);
}

}  // namespace probesim::bench
