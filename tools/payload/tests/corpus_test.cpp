#include "corpus.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <utility>
#include <vector>

#include "test_files.hpp"

namespace probesim::payload {
namespace {

using test::TempDir;

constexpr std::uint64_t kMiB = 1024 * 1024;

using Files = std::vector<std::pair<std::string, std::string>>;

Files collect(std::uint64_t total, std::uint64_t seed) {
  Files files;
  generate_corpus(total, seed, [&files](const std::string& path, const std::string& text) {
    files.emplace_back(path, text);
  });
  return files;
}

std::uint64_t fnv1a(std::string_view s, std::uint64_t h) {
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3u;
  return h;
}

// The corpus of every recorded grep benchmark run (bench/results.json:
// "13 MiB target, seed 1: 769 files, 13647234 bytes"). That the totals
// count the files handed out, FirstFilesOfSeedOne and Run.CorpusPrintsItsTotals
// check.
TEST(Corpus, ThirteenMiBOfSeedOneIsTheBenchmarksCorpus) {
  const auto none = [](const std::string&, const std::string&) {};
  EXPECT_EQ(corpus_summary(generate_corpus(13 * kMiB, 1, none)), "769 files, 13647234 bytes");
}

// The first files' paths and sizes, and a hash of their bytes, which pins
// every line SourceWriter writes.
TEST(Corpus, FirstFilesOfSeedOne) {
  const Files files = collect(kMiB / 10, 1);
  ASSERT_EQ(files.size(), 5u);
  const std::pair<const char*, std::size_t> expected[] = {{"include/desc7/flag_port_0.c", 28675},
                                                          {"block/state7/inode_file_1.c", 23011},
                                                          {"mm/reg1/mm_inode_2.c", 9794},
                                                          {"kernel/blk1/size_net_3.c", 20433},
                                                          {"virt/irq2/slot_ring_4.c", 25845}};
  std::uint64_t h = 0xcbf29ce484222325u;
  for (std::size_t i = 0; i < files.size(); i++) {
    EXPECT_EQ(files[i].first, expected[i].first);
    EXPECT_EQ(files[i].second.size(), expected[i].second);
    h = fnv1a(files[i].first + '\0' + files[i].second, h);
  }
  EXPECT_EQ(h, 0x3a9774d1489f223eu);
}

TEST(Corpus, SameSeedSameFilesOtherSeedOthers) {
  const Files a = collect(kMiB / 10, 42);
  EXPECT_EQ(a, collect(kMiB / 10, 42));
  EXPECT_NE(a, collect(kMiB / 10, 43));
  std::uint64_t bytes = 0;
  for (const auto& f : a) bytes += f.second.size();
  EXPECT_EQ(a.size(), 8u);
  EXPECT_EQ(bytes, 114038u);
}

TEST(Corpus, StopsAtTheFirstFileThatReachesTheTotal) {
  EXPECT_TRUE(collect(0, 1).empty());
  const Files one = collect(1, 3);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].second.size(), 9581u);
}

TEST(Corpus, WritesTheTreeIntoANewDirectory) {
  TempDir tmp;
  const std::string dir = tmp / "corpus";
  write_corpus(dir, kMiB / 10, 1);  // its totals: the command line's test
  const Files expected = collect(kMiB / 10, 1);
  std::size_t on_disk = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    on_disk += e.is_regular_file();
  EXPECT_EQ(on_disk, expected.size());
  for (const auto& [path, text] : expected) {
    EXPECT_EQ(test::slurp(dir + "/" + path), text) << path;
  }
}

TEST(Corpus, RefusesADirectoryThatExists) {
  TempDir tmp;
  EXPECT_THROW(write_corpus(tmp.path().string(), 1, 1), std::runtime_error);
  EXPECT_TRUE(std::filesystem::is_empty(tmp.path()));
}

}  // namespace
}  // namespace probesim::payload
