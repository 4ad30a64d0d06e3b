#include "corpus.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "rng.hpp"
#include "source_file.hpp"
#include "vocabulary.hpp"

namespace probesim::payload {

namespace fs = std::filesystem;

CorpusTotals generate_corpus(
    std::uint64_t total_bytes, std::uint64_t seed,
    const std::function<void(const std::string&, const std::string&)>& sink) {
  Rng rng(seed);
  CorpusTotals t;
  while (t.bytes < total_bytes) {
    std::string path(rng.pick(vocabulary::kTopDirs));
    path += '/';
    path += rng.pick(vocabulary::kSyllables);
    path += std::to_string(rng.below(8));
    path += '/';
    path += SourceWriter(rng).ident(2);
    path += '_' + std::to_string(t.files) + ".c";
    const std::uint64_t target = 2048 + rng.below(30 * 1024);
    const std::string text = SourceWriter(rng).file(path, target);
    sink(path, text);
    t.bytes += text.size();
    t.files++;
  }
  return t;
}

CorpusTotals write_corpus(const std::string& dir, std::uint64_t total_bytes,
                          std::uint64_t seed) {
  // A fresh directory, so that no file of an earlier corpus is left in it.
  if (fs::exists(fs::symlink_status(dir)))
    throw std::runtime_error(dir + ": already exists");
  fs::create_directories(dir);
  return generate_corpus(
      total_bytes, seed,
      [&dir](const std::string& rel, const std::string& text) {
        const fs::path path = fs::path(dir) / rel;
        fs::create_directories(path.parent_path());
        std::ofstream f(path, std::ios::binary);
        f << text;
        f.close();
        if (!f) throw std::runtime_error(path.string() + ": cannot write");
      });
}

std::string corpus_summary(const CorpusTotals& totals) {
  return std::to_string(totals.files) + " files, " +
         std::to_string(totals.bytes) + " bytes";
}

}  // namespace probesim::payload
