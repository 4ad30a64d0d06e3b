// Test helper: the survey of a made-up file, without an ELF file, so that
// the output's tests choose each first instruction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "survey.hpp"

namespace probesim::survey::test {

// One function entry per word, the I-th at 0x400000 + 4 * I (file offset
// 4 * I), from an FDE and the symbol "fI"; a USDT site "provider:site" at
// each of usdt's indices.
inline FileSurvey synthetic_survey(const std::string& path,
                                   const std::vector<std::uint32_t>& words,
                                   const std::vector<std::size_t>& usdt = {}) {
  constexpr std::uint64_t kBase = 0x400000;
  FileSurvey f;
  f.path = path;
  f.eh_frame_source = ".eh_frame";
  f.cies = 1;
  f.fdes = f.symbols = words.size();
  for (std::size_t i = 0; i < words.size(); i++) {
    f.entries.push_back({kBase + 4 * i, true, true, "f" + std::to_string(i),
                         words[i], 4 * i});
    f.functions.add(words[i]);
  }
  for (std::size_t i : usdt) {
    f.usdt.push_back({{"provider", "site", kBase + 4 * i}, words[i], 4 * i});
    f.probes.add(words[i]);
  }
  return f;
}

// Three functions: an stp push, a nop and a sub sp.
inline FileSurvey typical_survey(const std::string& path) {
  return synthetic_survey(path, {0xa9bf7bfdU, 0xd503201fU, 0xd10043ffU});
}

}  // namespace probesim::survey::test
