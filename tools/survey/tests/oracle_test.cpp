// probesim's decode table (module/probes/decode-insn.c) against capstone's
// disassembly:
//   probesim says nop      <=> capstone says "nop";
//   probesim says stp-push <=> capstone says "stp" with two 64-bit GPR
//                               (x0-x30, xzr) operands, base sp, pre-index
//                               writeback;
//   probesim says bti      <=> capstone says bti (capstone 4: "hint #0x20",
//                               #0x22, #0x24, #0x26), over the HINT space;
//   probesim says an ALU family => capstone decodes the word and names it
//                               with one of the family's mnemonics (and,
//                               orr, tst, add, cmp, mov, movz, mvn, neg, ...)
//                               with operands of the family's kind
//                               (immediate last, or registers only, none
//                               extended, none SP);
//   and for each ALU family, over its whole encoding class (Arm ARM C4.1:
//   logical immediate, add/sub immediate, move wide immediate, logical
//   shifted register, add/sub shifted register): capstone decodes the word
//   <=> probesim assigns it to the family. Reserved and unallocated
//   encodings of a class (32-bit logical immediate with N = 1, shift 11,
//   a 32-bit shift of 32 or more, move wide opc 01, ...) are excluded both
//   ways: capstone rejects them and probesim must leave them alone, since
//   the hardware raises UNDEF for them.
// Over the whole HINT space (128 words), the whole load/store-pair class
// (every word with bits[29:27] = 101: 2^29 words, about a minute on two
// threads), the five ALU classes (6 * 2^26 words, about as long) and a
// fixed random sample of 1,000,000 words. Disagreements must be on the
// reviewed errata list (capstone_errata.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <random>
#include <string_view>
#include <thread>

#include "capstone_oracle.hpp"
#include "classify.hpp"
#include "probesim_decoder.hpp"

namespace probesim::survey::test {
namespace {

// What an ALU family's instructions look like to capstone.
enum class Operands { kImmediate, kRegisters };

struct AluFamily {
  std::string_view name;  // the decode table's family name
  // The encoding class (Arm ARM C4.1): a word is in it iff
  // (word & mask) == value.
  std::uint32_t mask, value;
  Operands operands;
  std::string_view mnemonics;  // space-separated, aliases included
};

using enum Operands;
const AluFamily kAlu[] = {
    // sf opc 100100 N immr imms Rn Rd
    {"logic_imm", 0x1F800000U, 0x12000000U, kImmediate, "and orr eor ands tst mov"},
    // sf op S 100010 sh imm12 Rn Rd; "mov" to or from SP
    {"addsub_imm", 0x1F800000U, 0x11000000U, kImmediate, "add adds sub subs cmp cmn mov"},
    // sf opc 100101 hw imm16 Rd
    {"movewide", 0x1F800000U, 0x12800000U, kImmediate, "movz movn movk mov"},
    // sf opc 01010 shift N Rm imm6 Rn Rd
    {"logic_reg", 0x1F000000U, 0x0A000000U, kRegisters,
     "and bic orr orn eor eon ands bics tst mov mvn"},
    // sf op S 01011 shift 0 Rm imm6 Rn Rd
    {"addsub_reg", 0x1F200000U, 0x0B000000U, kRegisters, "add adds sub subs cmp cmn neg negs"},
};

const AluFamily* alu_family(std::optional<std::size_t> f) {
  for (const auto& a : kAlu)
    if (family_index(a.name) == f) return &a;
  return nullptr;
}

// Capstone's reading fits the family: a valid instruction, one of the
// family's mnemonics, operands of its kind. add/sub (immediate) with
// #0 to or from SP is "mov" with two registers.
bool capstone_fits(const CapstoneView& v, const AluFamily& a) {
  if (!v.valid) return false;
  const std::string words = " " + std::string(a.mnemonics) + " ";
  if (words.find(" " + v.mnemonic + " ") == std::string::npos) return false;
  if (a.name == "addsub_imm" && v.mnemonic == "mov") return v.uses_sp;
  return a.operands == kImmediate ? v.last_imm : v.plain_regs;
}

struct Tally {
  std::size_t words = 0;
  std::size_t nop = 0;
  std::size_t stp = 0;
  std::size_t bti = 0;
  std::size_t alu = 0;
  std::size_t invalid = 0;  // words capstone rejects
  std::vector<std::size_t> errata_hits = std::vector<std::size_t>(errata().size());
  std::vector<std::string> unexplained;  // first few
  std::size_t unexplained_count = 0;

  void merge(const Tally& o) {
    words += o.words;
    nop += o.nop;
    stp += o.stp;
    bti += o.bti;
    alu += o.alu;
    invalid += o.invalid;
    for (std::size_t i = 0; i < errata_hits.size(); i++) errata_hits[i] += o.errata_hits[i];
    unexplained_count += o.unexplained_count;
    for (const auto& u : o.unexplained)
      if (unexplained.size() < 20) unexplained.push_back(u);
  }
};

// Does probesim's reading of w agree with capstone's?
bool agrees(std::uint32_t w, std::optional<std::size_t> f, const CapstoneView& v) {
  if ((f == kNopFamily) != v.nop) return false;
  if ((f == kStpFamily) != v.stp_push) return false;
  const bool bti = f == family_index("bti");
  if ((bti || aarch64_insn_is_hint(w)) && v.bti != bti) return false;
  if (const AluFamily* a = alu_family(f); a && !capstone_fits(v, *a)) return false;
  // The converse inside each ALU class: every word capstone decodes is the
  // family's, no word it rejects is.
  for (const AluFamily& a : kAlu)
    if ((w & a.mask) == a.value && v.valid != (f == family_index(a.name))) return false;
  return true;
}

void check_word(Capstone& cs, std::uint32_t w, Tally& t) {
  t.words++;
  enum probesim_family raw = probesim_decode(w);
  const std::optional<std::size_t> f = family(w);
  t.nop += f == kNopFamily;
  t.stp += f == kStpFamily;
  t.bti += f == family_index("bti");
  t.alu += alu_family(f) != nullptr;
  CapstoneView v = cs.look(w);
  t.invalid += !v.valid;
  if (agrees(w, f, v)) return;
  auto list = errata();
  for (std::size_t i = 0; i < list.size(); i++) {
    if ((w & list[i].mask) == list[i].value) {
      t.errata_hits[i]++;
      return;
    }
  }
  t.unexplained_count++;
  if (t.unexplained.size() < 20) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%08x: probesim %s, capstone \"%s\"", w,
                  probesim_family_name(raw), v.text.c_str());
    t.unexplained.push_back(buf);
  }
}

// Runs body(capstone, begin, end, tally) over [0, n) on two threads.
template <typename Body>
Tally sweep(std::uint64_t n, Body body) {
  constexpr unsigned kThreads = 2;
  Tally parts[kThreads];
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < kThreads; t++) {
    threads.emplace_back([&, t] {
      Capstone cs;
      body(cs, n * t / kThreads, n * (t + 1) / kThreads, parts[t]);
    });
  }
  for (auto& th : threads) th.join();
  Tally all;
  for (auto& p : parts) all.merge(p);
  return all;
}

// Every word of an encoding class: i's bits deposited into the bits the
// mask leaves free, low to high.
Tally sweep_class(std::uint32_t mask, std::uint32_t value) {
  const int free_bits = 32 - std::popcount(mask);
  return sweep(1ULL << free_bits,
               [mask, value](Capstone& cs, std::uint64_t b, std::uint64_t e, Tally& tl) {
                 for (std::uint64_t i = b; i < e; i++) {
                   std::uint32_t w = value;
                   std::uint64_t src = i;
                   for (std::uint32_t bit = 1; bit != 0 && src != 0; bit <<= 1) {
                     if (mask & bit) continue;
                     if (src & 1) w |= bit;
                     src >>= 1;
                   }
                   check_word(cs, w, tl);
                 }
               });
}

void report(const char* name, const Tally& t) {
  std::printf(
      "[oracle] %s: %zu words (capstone rejects %zu), probesim nop "
      "%zu, stp-push %zu, bti %zu, alu %zu, errata hits",
      name, t.words, t.invalid, t.nop, t.stp, t.bti, t.alu);
  std::size_t hits = 0;
  for (std::size_t i = 0; i < errata().size(); i++) {
    hits += t.errata_hits[i];
    if (t.errata_hits[i]) std::printf(" [%s: %zu]", errata()[i].what, t.errata_hits[i]);
  }
  std::printf(" %zu, unexplained %zu (capstone %s)\n", hits, t.unexplained_count,
              Capstone::version().c_str());
  for (const auto& u : t.unexplained) ADD_FAILURE() << u;
  EXPECT_EQ(t.unexplained_count, 0U);
}

TEST(Oracle, HintSpace) {
  // HINT #0..#127: 1101 0101 0000 0011 0010 CRm:op2 11111.
  Tally t = sweep(128, [](Capstone& cs, std::uint64_t b, std::uint64_t e, Tally& tl) {
    for (std::uint64_t i = b; i < e; i++)
      check_word(cs, 0xD503201FU | static_cast<std::uint32_t>(i << 5), tl);
  });
  report("hint space", t);
  EXPECT_EQ(t.nop, 1U);
  EXPECT_EQ(t.bti, 4U);
}

TEST(Oracle, LoadStorePairClass) {
  // Every word with bits[29:27] = 101: opc(2) V mode(3) L imm7 Rt2 Rn Rt,
  // 2^29 words.
  Tally t = sweep(1ULL << 29, [](Capstone& cs, std::uint64_t b, std::uint64_t e, Tally& tl) {
    for (std::uint64_t i = b; i < e; i++) {
      std::uint32_t low27 = static_cast<std::uint32_t>(i) & 0x07FFFFFFU;
      std::uint32_t opc = static_cast<std::uint32_t>(i >> 27) & 3U;
      check_word(cs, (opc << 30) | (0x5U << 27) | low27, tl);
    }
  });
  report("load/store pair class", t);
  EXPECT_EQ(t.stp, 1ULL << 17);  // imm7, Rt2, Rt free
  // Bits[29:27] = 101 also take in the register data-processing classes
  // (bits[28:25] = x101), so logical and add/sub (shifted register) words
  // are among them, checked the same way.
}

class AluClass : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AluClass, WholeClass) {
  const AluFamily& a = kAlu[GetParam()];
  Tally t = sweep_class(a.mask, a.value);
  std::string name = std::string(a.name) + " class";
  report(name.c_str(), t);
  // Every word of the class is either the family's or rejected by
  // capstone (checked word by word above); some of each.
  EXPECT_EQ(t.alu + t.invalid, t.words);
  EXPECT_GT(t.alu, t.words / 2);
}

INSTANTIATE_TEST_SUITE_P(Oracle, AluClass, ::testing::Range<std::size_t>(0, std::size(kAlu)),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           std::string n(kAlu[info.param].name);
                           n.erase(std::remove(n.begin(), n.end(), '_'), n.end());
                           return n;
                         });

TEST(Oracle, RandomSample) {
  Tally t = sweep(1000000, [](Capstone& cs, std::uint64_t b, std::uint64_t e, Tally& tl) {
    std::mt19937 rng(0x5eed0000U + static_cast<unsigned>(b));
    for (std::uint64_t i = b; i < e; i++) check_word(cs, static_cast<std::uint32_t>(rng()), tl);
  });
  report("random sample (fixed seed)", t);
}

TEST(Oracle, KnownWords) {
  Capstone cs;
  EXPECT_TRUE(cs.look(0xd503201f).nop);
  EXPECT_TRUE(cs.look(0xa9bf7bfd).stp_push);   // stp x29, x30, [sp, #-16]!
  EXPECT_TRUE(cs.look(0xa9bf7fff).stp_push);   // stp xzr, xzr, [sp, #-16]!
  EXPECT_FALSE(cs.look(0xa8817bfd).stp_push);  // stp x29, x30, [sp], #16
  EXPECT_FALSE(cs.look(0xa9007bfd).stp_push);  // stp x29, x30, [sp]
  EXPECT_FALSE(cs.look(0x29bf7bfd).stp_push);  // stp w29, w30, [sp, #-8]!
  EXPECT_FALSE(cs.look(0xa9bf7c1d).stp_push);  // stp x29, x31, [x0, ...]!
  EXPECT_FALSE(cs.look(0x6dbf27e8).stp_push);  // stp d8, d9, [sp, #-16]!
  EXPECT_TRUE(cs.look(0xd503245f).bti);        // bti c
  EXPECT_TRUE(cs.look(0xd50324df).bti);        // bti jc
  EXPECT_FALSE(cs.look(0xd503233f).bti);       // paciasp
  const auto& [logic_imm, addsub_imm, movewide, logic_reg, addsub_reg] = kAlu;
  EXPECT_TRUE(capstone_fits(cs.look(0x12001c49), logic_imm));    // and w9, w2, #0xff
  EXPECT_TRUE(capstone_fits(cs.look(0xf240003f), logic_imm));    // tst x1, #1
  EXPECT_FALSE(capstone_fits(cs.look(0x12400000), logic_imm));   // reserved
  EXPECT_TRUE(capstone_fits(cs.look(0xd10043ff), addsub_imm));   // sub sp, sp, #16
  EXPECT_TRUE(capstone_fits(cs.look(0x910003fd), addsub_imm));   // mov x29, sp
  EXPECT_TRUE(capstone_fits(cs.look(0xf100041f), addsub_imm));   // cmp x0, #1
  EXPECT_FALSE(capstone_fits(cs.look(0xaa0003e1), addsub_imm));  // mov x1, x0
  EXPECT_TRUE(capstone_fits(cs.look(0x52800020), movewide));     // movz w0, #1
  EXPECT_TRUE(capstone_fits(cs.look(0xf2800020), movewide));     // movk x0, #1
  EXPECT_FALSE(capstone_fits(cs.look(0x52c00000), movewide));    // reserved
  EXPECT_TRUE(capstone_fits(cs.look(0xaa0003e1), logic_reg));    // mov x1, x0
  EXPECT_TRUE(capstone_fits(cs.look(0xaa2003e1), logic_reg));    // mvn x1, x0
  EXPECT_FALSE(capstone_fits(cs.look(0x1100001f), logic_reg));   // mov wsp, w0
  EXPECT_TRUE(capstone_fits(cs.look(0x8b020c20), addsub_reg));   // add x0, x1, x2, lsl #3
  EXPECT_TRUE(capstone_fits(cs.look(0xcb0103e0), addsub_reg));   // neg x0, x1
  EXPECT_FALSE(capstone_fits(cs.look(0x8b224020), addsub_reg));  // add x0, x1, w2, uxtw
  EXPECT_FALSE(capstone_fits(cs.look(0x8b2263e0), addsub_reg));  // add x0, sp, x2
  EXPECT_FALSE(capstone_fits(cs.look(0x8bc20020), addsub_reg));  // reserved
}

// A wrong class mask shows in RandomSample: words capstone decodes that
// are not the family's, or the other way round.
TEST(Oracle, MasksHoldTheirValuesAndErrataAreExplained) {
  for (const auto& a : kAlu) EXPECT_EQ(a.value & ~a.mask, 0U) << a.name;
  for (const auto& e : errata()) {
    EXPECT_NE(e.why[0], '\0') << e.what;
    EXPECT_EQ(e.value & ~e.mask, 0U) << e.what;
  }
}

}  // namespace
}  // namespace probesim::survey::test
