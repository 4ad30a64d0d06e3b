#include "targets.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "encoding.hpp"

#ifndef PROT_BTI
#define PROT_BTI 0x10  // arm64 <asm/mman.h>
#endif

namespace probesim::bench {
namespace {

// Encodings checked with aarch64-linux-gnu-as.
constexpr std::array<std::uint32_t, 2> kNop = {
    0xd503201f,  // nop
    a64::kRet,
};
constexpr std::array<std::uint32_t, 3> kPush = {
    0xa9bf7bfd,  // stp x29, x30, [sp, #-16]!
    0xa8c17bfd,  // ldp x29, x30, [sp], #16
    a64::kRet,
};
constexpr std::array<std::uint32_t, 2> kAnd = {
    0x12001c00,  // and w0, w0, #0xff
    a64::kRet,
};
constexpr std::array<std::uint32_t, 2> kBti = {
    0xd503245f,  // bti c: the landing pad of a call through a register
    a64::kRet,
};
// bti j called with blr: a BTYPE it does not accept, so probesim looks up
// whether the page is guarded on every hit; on an unguarded one it runs.
constexpr std::array<std::uint32_t, 2> kBtiJ = {
    0xd503249f,  // bti j
    a64::kRet,
};
// paciasp opens most functions of a branch-protected binary; probesim
// signs LR with the task's IA key installed for the one instruction.
constexpr std::array<std::uint32_t, 3> kPaciasp = {
    0xd503233f,  // paciasp: a landing pad for blr and br x16, like bti c
    0xd50323bf,  // autiasp
    a64::kRet,
};
constexpr std::array<std::uint32_t, 1> kRet = {
    a64::kRet,  // ret: the kernel simulates it, so it is the reference
};

const std::array<TargetInfo, 7> kTargets = {{
    {Target::Nop, "nop", kNop, "nop", "nop", false, false},
    {Target::Push, "push", kPush, "stp", "stp", false, false},
    {Target::And, "and", kAnd, "logic_imm", "alu", false, false},
    {Target::Bti, "bti", kBti, "bti", "bti", true, true},
    {Target::BtiJ, "bti-j", kBtiJ, "bti", "bti", false, true},
    {Target::Paciasp, "paciasp", kPaciasp, "pac", "pac", true, true},
    {Target::Ret, "ret", kRet, "", "", false, false},
}};

// Each target and each stub starts on its own 64-byte boundary of its page.
constexpr std::size_t kSlot = 64;

// Entered with blr from C++, so x30 is the way back: it is saved around
// the bl, whose return address is the ldp.
//   stp x29, x30, [sp, #-16]!; mov x29, sp; bl target; ldp x29, x30, [sp], #16; ret
std::array<std::uint32_t, 5> bl_stub(std::size_t at, std::size_t target) {
  const auto bl_at = static_cast<std::int64_t>(at + 8);
  return {a64::kPushFrame, a64::kSetFrame, a64::bl(bl_at, static_cast<std::int64_t>(target)), a64::kPopFrame,
          a64::kRet};
}

// Entered with blr from C++ and left by a tail branch, as a PLT entry is:
// x30 still holds the return into C++, where the target's ret goes.
//   adr x16, target; br x16
std::array<std::uint32_t, 2> plt_stub(std::size_t at, std::size_t target) {
  return {a64::adr(16, static_cast<std::int64_t>(at), static_cast<std::int64_t>(target)), a64::kBrX16};
}

std::system_error os_error(const std::string& what) {
  return {errno, std::generic_category(), what};
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

std::string_view path_name(CallPath path) {
  switch (path) {
    case CallPath::Bl: return "bl";
    case CallPath::Blr: return "blr";
    case CallPath::Plt: return "plt";
  }
  return "?";
}

bool reachable(Target target, CallPath path, bool guarded) {
  const TargetInfo& t = target_info(target);
  switch (path) {
    case CallPath::Bl: return true;
    case CallPath::Blr: return !guarded || t.accepts_blr;
    case CallPath::Plt: return !guarded || t.accepts_br_x16;
  }
  return false;
}

std::vector<Placement> place(std::span<const Site> sites, std::size_t page) {
  std::array<std::size_t, 3> used{};  // slots taken on each page
  auto take = [&](std::size_t which) {
    if ((used[which] + 1) * kSlot > page) throw std::length_error("target file: too many sites for a page");
    return which * page + used[which]++ * kSlot;
  };
  std::vector<Placement> placements;
  for (const Site& s : sites) {
    const std::size_t probe = take(s.guarded ? 1 : 0);
    placements.push_back({probe, s.path == CallPath::Blr ? probe : take(2)});
  }
  return placements;
}

std::vector<std::uint32_t> layout(std::span<const Site> sites, std::size_t page) {
  std::vector<std::uint32_t> words(3 * page / 4);
  const std::vector<Placement> placements = place(sites, page);
  auto put = [&](std::size_t at, std::span<const std::uint32_t> code) {
    for (std::size_t i = 0; i < code.size(); ++i) words[at / 4 + i] = code[i];
  };
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const Placement& p = placements[i];
    put(p.probe, target_info(sites[i].target).code);
    if (sites[i].path == CallPath::Bl) put(p.entry, bl_stub(p.entry, p.probe));
    if (sites[i].path == CallPath::Plt) put(p.entry, plt_stub(p.entry, p.probe));
  }
  return words;
}

TargetFile::TargetFile(std::string path, std::vector<Site> sites) : path_(std::move(path)), sites_(std::move(sites)) {
  page_ = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  placements_ = place(sites_, page_);
  const std::vector<std::uint32_t> words = layout(sites_, page_);
  const std::size_t size = words.size() * 4;
  const int fd = open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
  if (fd < 0) throw os_error("create " + path_);
  const bool written = write(fd, words.data(), size) == static_cast<ssize_t>(size);
  // One mapping, so that the stubs' pc-relative branches reach the
  // targets at the offsets they were encoded with.
  if (written) map_ = mmap(nullptr, size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
  const int saved = errno;
  close(fd);
  errno = saved;
  if (!written) throw os_error("write " + path_);
  if (map_ == MAP_FAILED) {
    map_ = nullptr;
    throw os_error("mmap " + path_);
  }
  // Without BTI support the kernel refuses PROT_BTI: the landing pads are
  // then ordinary hints on an unguarded page, still worth measuring.
  char* guarded_page = static_cast<char*>(map_) + page_;
  if (mprotect(guarded_page, page_, PROT_READ | PROT_EXEC | PROT_BTI) != 0 && errno != EINVAL) {
    const std::system_error e = os_error("mprotect PROT_BTI " + path_);
    munmap(map_, size);
    map_ = nullptr;
    throw e;
  }
  guarded_ = mapping_is_guarded(guarded_page);
}

TargetFile::~TargetFile() {
  if (map_) munmap(map_, 3 * page_);
  unlink(path_.c_str());
}

TargetFile::Fn TargetFile::entry(std::size_t site) const {
  return reinterpret_cast<Fn>(static_cast<char*>(map_) + placements_.at(site).entry);
}

TargetFile::ValueFn TargetFile::value_entry(std::size_t site) const {
  return reinterpret_cast<ValueFn>(static_cast<char*>(map_) + placements_.at(site).entry);
}

}  // namespace probesim::bench
