// A counting uprobe or uretprobe through perf_event_open() and the uprobe
// PMU, the interface BPF and perf use.
#pragma once

#include <cstdint>
#include <string>

namespace probesim::bench {

class PerfUprobe {
 public:
  // With inherit the count includes the hits of threads started after it
  // opened (a perf event counts one task), for the threaded modes. Each
  // thread's copy of the event is a uprobe consumer of its own, so a hit
  // there runs one handler per thread, in both legs and the control alike.
  PerfUprobe(const std::string& path, std::uint64_t offset, bool retprobe, bool inherit = false);
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
