// The corpus generator's PRNG: xorshift64*. Its sequence is part of the
// corpus format, so it must never change: the same seed gives the same
// corpus, and hence the same benchmark input, on every host.
#pragma once

#include <cstdint>
#include <iterator>

namespace probesim::payload {

class Rng {
 public:
  // Any integer seed, taken modulo 2^64 (a negative seed wraps).
  explicit Rng(std::uint64_t seed);

  std::uint64_t next();
  // Uniform enough in [0, n); n > 0.
  std::uint64_t below(std::uint64_t n);
  bool chance(unsigned percent) { return below(100) < percent; }

  // One element of an array or string, each equally likely.
  template <typename Seq>
  const auto& pick(const Seq& items) {
    return items[below(std::size(items))];
  }

  std::uint64_t state() const { return s_; }

 private:
  std::uint64_t s_;
};

}  // namespace probesim::payload
