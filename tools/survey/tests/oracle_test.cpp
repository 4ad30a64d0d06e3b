// probesim's decode table (module/decode.c) against capstone's
// disassembly:
//   probesim says nop      <=> capstone says "nop";
//   probesim says stp-push <=> capstone says "stp" with two 64-bit GPR
//                               (x0-x30, xzr) operands, base sp, pre-index
//                               writeback.
// Over the whole HINT space (128 words), the whole load/store-pair class
// (every word with bits[29:27] = 101: 2^29 words, about a minute on two
// threads) and a fixed random sample of 1,000,000 words. Disagreements must be on the
// reviewed errata list (capstone_errata.cpp).
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <thread>

#include "capstone_oracle.hpp"
#include "probesim_decoder.hpp"

namespace probesim::survey::test {
namespace {

struct Tally {
  std::size_t words = 0;
  std::size_t nop = 0;
  std::size_t stp = 0;
  std::vector<std::size_t> errata_hits = std::vector<std::size_t>(errata().size());
  std::vector<std::string> unexplained;  // first few
  std::size_t unexplained_count = 0;

  void merge(const Tally& o) {
    words += o.words;
    nop += o.nop;
    stp += o.stp;
    for (std::size_t i = 0; i < errata_hits.size(); i++) errata_hits[i] += o.errata_hits[i];
    unexplained_count += o.unexplained_count;
    for (const auto& u : o.unexplained)
      if (unexplained.size() < 20) unexplained.push_back(u);
  }
};

void check_word(Capstone& cs, std::uint32_t w, Tally& t) {
  t.words++;
  enum probesim_family f = probesim_decode(w);
  bool ours_nop = f == PROBESIM_NOP_FAMILY;
  bool ours_stp = f == PROBESIM_STP_FAMILY;
  t.nop += ours_nop;
  t.stp += ours_stp;
  CapstoneView v = cs.look(w);
  if (v.nop == ours_nop && v.stp_push == ours_stp) return;
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
                  probesim_family_name(f), v.text.c_str());
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

void report(const char* name, const Tally& t) {
  std::printf("[oracle] %s: %zu words, probesim nop %zu, stp-push %zu, "
              "errata hits",
              name, t.words, t.nop, t.stp);
  std::size_t hits = 0;
  for (std::size_t i = 0; i < errata().size(); i++) {
    hits += t.errata_hits[i];
    if (t.errata_hits[i])
      std::printf(" [%s: %zu]", errata()[i].what, t.errata_hits[i]);
  }
  std::printf(" %zu, unexplained %zu (capstone %s)\n", hits,
              t.unexplained_count, Capstone::version().c_str());
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
}

TEST(Oracle, LoadStorePairClass) {
  // Every word with bits[29:27] = 101: opc(2) V mode(3) L imm7 Rt2 Rn Rt,
  // 2^29 words.
  Tally t = sweep(1ULL << 29, [](Capstone& cs, std::uint64_t b, std::uint64_t e,
                                 Tally& tl) {
    for (std::uint64_t i = b; i < e; i++) {
      std::uint32_t low27 = static_cast<std::uint32_t>(i) & 0x07FFFFFFU;
      std::uint32_t opc = static_cast<std::uint32_t>(i >> 27) & 3U;
      check_word(cs, (opc << 30) | (0x5U << 27) | low27, tl);
    }
  });
  report("load/store pair class", t);
  EXPECT_EQ(t.stp, 1ULL << 17);  // imm7, Rt2, Rt free
}

TEST(Oracle, RandomSample) {
  Tally t = sweep(1000000, [](Capstone& cs, std::uint64_t b, std::uint64_t e,
                              Tally& tl) {
    std::mt19937 rng(0x5eed0000U + static_cast<unsigned>(b));
    for (std::uint64_t i = b; i < e; i++)
      check_word(cs, static_cast<std::uint32_t>(rng()), tl);
  });
  report("random sample (fixed seed)", t);
}

TEST(Oracle, KnownWords) {
  Capstone cs;
  EXPECT_TRUE(cs.look(0xd503201f).nop);
  EXPECT_TRUE(cs.look(0xa9bf7bfd).stp_push);       // stp x29, x30, [sp, #-16]!
  EXPECT_TRUE(cs.look(0xa9bf7fff).stp_push);       // stp xzr, xzr, [sp, #-16]!
  EXPECT_FALSE(cs.look(0xa8817bfd).stp_push);      // stp x29, x30, [sp], #16
  EXPECT_FALSE(cs.look(0xa9007bfd).stp_push);      // stp x29, x30, [sp]
  EXPECT_FALSE(cs.look(0x29bf7bfd).stp_push);      // stp w29, w30, [sp, #-8]!
  EXPECT_FALSE(cs.look(0xa9bf7c1d).stp_push);      // stp x29, x31, [x0, ...]!
  EXPECT_FALSE(cs.look(0x6dbf27e8).stp_push);      // stp d8, d9, [sp, #-16]!
}

TEST(Oracle, ErrataAreExplained) {
  for (const auto& e : errata()) {
    EXPECT_NE(e.why[0], '\0') << e.what;
    EXPECT_EQ(e.value & ~e.mask, 0U) << e.what;
  }
}

}  // namespace
}  // namespace probesim::survey::test
