// One generated C-like source file of the corpus: includes, structs and
// functions with kernel-style names, comments and statements, drawn from
// the PRNG in a fixed order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "rng.hpp"

namespace probesim::payload {

class SourceWriter {
 public:
  explicit SourceWriter(Rng& rng) : r_(rng) {}

  // PARTS syllables joined by '_', e.g. "dma_ring".
  std::string ident(std::uint64_t parts);

  // The text of the file at PATH (named in its header comment): structs
  // and functions until their lines reach TARGET bytes.
  std::string file(std::string_view path, std::uint64_t target);

 private:
  std::string func_name(std::string_view prefix);
  std::string sentence();
  std::string expr();
  void comment(const std::string& indent);
  void statement(unsigned depth, std::string_view prefix);
  void function(std::string_view prefix);
  void line(std::string_view text);

  Rng& r_;
  std::string out_;
};

}  // namespace probesim::payload
