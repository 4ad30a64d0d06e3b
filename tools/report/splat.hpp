// Finds kernel problems (warnings, oopses, lockdep and RCU reports, ...) in
// kernel log lines.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace probesim::report {

inline constexpr std::size_t kSplatContextLines = 15;

struct Splat {
  std::string source;              // "console" or "dmesg NAME"
  // The matching line, then up to 15 lines of context, ending early at the
  // next splat.
  std::vector<std::string> lines;

  // The matching line without its timestamp.
  std::string_view headline() const;
};

bool is_splat_line(std::string_view line);

// Collects splats from several streams (the console and each dmesg dump).
// The same kernel message reaches both the console and dmesg, so the k-th
// occurrence of a headline in one stream is the same event as the k-th
// occurrence in another and is reported once.
class SplatCollector {
 public:
  void scan(std::string_view source, const std::vector<std::string>& lines);
  const std::vector<Splat>& splats() const { return splats_; }

 private:
  std::vector<Splat> splats_;
  std::set<std::pair<std::string, std::size_t>> seen_;  // (headline, occurrence)
};

}  // namespace probesim::report
