// The grep benchmark's corpus: a deterministic tree of C-like files.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace probesim::payload {

struct CorpusTotals {
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;
};

// Hands each file (path relative to the corpus root, text) to SINK in
// order, until TOTAL_BYTES are reached; the same SEED gives the same
// files.
CorpusTotals generate_corpus(
    std::uint64_t total_bytes, std::uint64_t seed,
    const std::function<void(const std::string& path, const std::string& text)>&
        sink);

// generate_corpus into the new directory DIR (an error if it exists).
// Throws std::runtime_error or std::filesystem::filesystem_error.
CorpusTotals write_corpus(const std::string& dir, std::uint64_t total_bytes,
                          std::uint64_t seed);

// "769 files, 13647234 bytes": what the corpus command prints.
std::string corpus_summary(const CorpusTotals& totals);

}  // namespace probesim::payload
