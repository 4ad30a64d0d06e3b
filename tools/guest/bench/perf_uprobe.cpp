#include "perf_uprobe.hpp"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <system_error>

namespace probesim::bench {
namespace {

constexpr const char* kPmu = "/sys/bus/event_source/devices/uprobe";

// Reads "<prefix><number>" from a sysfs file.
std::uint64_t read_sysfs_number(const std::string& file, const std::string& prefix) {
  std::ifstream in(file);
  std::string text;
  if (!(in >> text) || text.rfind(prefix, 0) != 0)
    throw std::runtime_error("cannot read " + file + " (is CONFIG_UPROBE_EVENTS set?)");
  return std::stoull(text.substr(prefix.size()));
}

}  // namespace

PerfUprobe::PerfUprobe(const std::string& path, std::uint64_t offset, bool retprobe, bool inherit) {
  perf_event_attr attr{};
  attr.size = sizeof(attr);
  attr.type = static_cast<std::uint32_t>(read_sysfs_number(std::string(kPmu) + "/type", ""));
  if (retprobe)
    attr.config = 1ULL << read_sysfs_number(std::string(kPmu) + "/format/retprobe", "config:");
  attr.config1 = reinterpret_cast<std::uint64_t>(path.c_str());  // uprobe_path
  attr.config2 = offset;                                          // probe_offset
  attr.inherit = inherit ? 1 : 0;
  fd_ = static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(),
                            "perf_event_open uprobe " + path + ":" + std::to_string(offset));
}

PerfUprobe::PerfUprobe(PerfUprobe&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

PerfUprobe::~PerfUprobe() {
  if (fd_ >= 0) close(fd_);
}

std::uint64_t PerfUprobe::hits() const {
  std::uint64_t count = 0;
  if (read(fd_, &count, sizeof(count)) != sizeof(count))
    throw std::system_error(errno, std::generic_category(), "read perf counter");
  return count;
}

}  // namespace probesim::bench
