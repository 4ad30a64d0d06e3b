// A64 encodings of the caller stubs, the branches computed for where they
// sit in the target file. Checked with aarch64-linux-gnu-as and objdump;
// the static_asserts pin the cases that were checked.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace probesim::bench::a64 {

constexpr std::uint32_t kRet = 0xd65f03c0;        // ret
constexpr std::uint32_t kPushFrame = 0xa9bf7bfd;  // stp x29, x30, [sp, #-16]!
constexpr std::uint32_t kSetFrame = 0x910003fd;   // mov x29, sp (add x29, sp, #0)
constexpr std::uint32_t kPopFrame = 0xa8c17bfd;   // ldp x29, x30, [sp], #16
// br x16: BTYPE 01 from any page, the register a PLT stub branches with.
constexpr std::uint32_t kBrX16 = 0xd61f0200;

// bl: 1 00101 imm26, imm26 the offset in words from the bl itself, so
// +-128 MiB. from and to are byte addresses (or offsets in one mapping).
constexpr std::uint32_t bl(std::int64_t from, std::int64_t to) {
  const std::int64_t delta = to - from;
  if (delta % 4 != 0 || delta < -(std::int64_t{1} << 27) || delta >= (std::int64_t{1} << 27))
    throw std::out_of_range("bl: target out of range");
  return 0x94000000u | (static_cast<std::uint32_t>(delta / 4) & 0x03ffffffu);
}

// adr xd: 0 immlo:2 10000 immhi:19 Rd:5, the 21-bit byte offset from the
// adr itself split into its low 2 bits and the rest, so +-1 MiB.
constexpr std::uint32_t adr(unsigned rd, std::int64_t from, std::int64_t to) {
  const std::int64_t delta = to - from;
  if (rd > 30 || delta < -(std::int64_t{1} << 20) || delta >= (std::int64_t{1} << 20))
    throw std::out_of_range("adr: target out of range");
  const auto imm = static_cast<std::uint32_t>(delta) & 0x1fffffu;
  return 0x10000000u | (imm & 3u) << 29 | (imm >> 2) << 5 | rd;
}

static_assert(bl(0, 8) == 0x94000002);            // bl .+8
static_assert(bl(0, -4) == 0x97ffffff);           // bl .-4
static_assert(bl(4, -4) == 0x97fffffe);           // bl .-8
static_assert(adr(16, 0, 4096) == 0x10008010);    // adr x16, .+4096
static_assert(adr(16, 4, 0) == 0x10fffff0);       // adr x16, .-4
static_assert(adr(16, 4, 5) == 0x30000010);       // adr x16, .+1
static_assert(adr(16, 8, 0x80004) == 0x103ffff0);  // adr x16, .+0x7fffc

}  // namespace probesim::bench::a64
