// Reading `probesim-survey --list` output: which function entries the
// grep benchmark puts a uprobe on.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace probesim::payload {

// (variant, verdict) in the order of the line, e.g. ("6.1", "xol").
using Verdicts = std::vector<std::pair<std::string, std::string>>;

struct Probe {
  std::uint64_t offset = 0;  // in the file: where the uprobe goes
  std::uint64_t addr = 0;
  std::uint32_t word = 0;
  std::string cls;  // the survey's class, e.g. "stp-push"
  Verdicts verdicts;
};

enum class LineKind {
  kOther,    // not a function entry (header, table, usdt)
  kSkipped,  // an entry that gets no probe
  kProbe,
};

struct ListLine {
  LineKind kind = LineKind::kOther;
  Probe probe;  // for kProbe
};

class ListError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One line of the list: "func ADDR WORD CLASS KERNEL=VERDICT...
// [offset=0xOFF] [fde|fde+sym|sym] [NAME]". An entry is probed when it
// comes from .eh_frame, lies in executable code and in the file, and no
// variant rejects a uprobe on it. Throws ListError on a malformed entry.
ListLine parse_list_line(std::string_view line);

struct Selection {
  std::vector<Probe> probes;
  std::uint64_t skipped = 0;
};

// Every line of TEXT through parse_list_line; ListError names the line.
Selection select_probes(std::string_view text);

}  // namespace probesim::payload
