#include "rng.hpp"

namespace probesim::payload {

Rng::Rng(std::uint64_t seed) : s_(seed * 0x9E3779B97F4A7C15ULL + 1) {
  // xorshift stays at zero forever from a zero state.
  if (s_ == 0) s_ = 1;
}

std::uint64_t Rng::next() {
  s_ ^= s_ >> 12;
  s_ ^= s_ << 25;
  s_ ^= s_ >> 27;
  return s_ * 0x2545F4914F6CDD1DULL;
}

// The low bits of xorshift64* are its weakest; use the top 53.
std::uint64_t Rng::below(std::uint64_t n) { return (next() >> 11) % n; }

}  // namespace probesim::payload
