// A counting uprobe or uretprobe through perf_event_open() and the uprobe
// PMU, the interface BPF and perf use.
#pragma once

#include <cstdint>
#include <string>

namespace probesim::bench {

class PerfUprobe {
 public:
  PerfUprobe(const std::string& path, std::uint64_t offset, bool retprobe);
  ~PerfUprobe();
  PerfUprobe(PerfUprobe&& other) noexcept;
  PerfUprobe(const PerfUprobe&) = delete;
  PerfUprobe& operator=(const PerfUprobe&) = delete;
  PerfUprobe& operator=(PerfUprobe&&) = delete;

  std::uint64_t hits() const;

 private:
  int fd_ = -1;
};

}  // namespace probesim::bench
