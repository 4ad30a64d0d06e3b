#include "instructions.hpp"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace probesim::bench {
namespace {

int open_counter(std::uint64_t config, bool kernel, bool user, int group) {
  perf_event_attr attr{};
  attr.size = sizeof(attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = config;
  attr.exclude_kernel = kernel ? 0 : 1;
  attr.exclude_user = user ? 0 : 1;
  attr.read_format = PERF_FORMAT_GROUP;
  const int fd = static_cast<int>(syscall(SYS_perf_event_open, &attr, 0, -1, group, PERF_FLAG_FD_CLOEXEC));
  if (fd < 0) {
    const int err = errno;
    std::string why = std::strerror(err);
    if (err == ENOENT || err == EOPNOTSUPP || err == ENODEV)
      why += ": no PMU event for it (a kernel without CONFIG_ARM_PMU, or qemu without -icount, which counts "
             "instructions only then)";
    else if (err == EACCES || err == EPERM)
      why += ": counting kernel instructions needs root or kernel.perf_event_paranoid <= 1";
    throw std::runtime_error(std::string("perf_event_open ") +
                             (config == PERF_COUNT_HW_INSTRUCTIONS ? "instructions" : "cycles") + ": " + why);
  }
  return fd;
}

}  // namespace

InstructionCounter::InstructionCounter() {
  kernel_ = open_counter(PERF_COUNT_HW_INSTRUCTIONS, true, false, -1);
  try {
    user_ = open_counter(PERF_COUNT_HW_INSTRUCTIONS, false, true, kernel_);
    cycles_ = open_counter(PERF_COUNT_HW_CPU_CYCLES, true, true, kernel_);
  } catch (...) {
    if (user_ >= 0) close(user_);
    close(kernel_);
    throw;
  }
}

InstructionCounter::~InstructionCounter() {
  close(cycles_);
  close(user_);
  close(kernel_);
}

InstructionCounter::Counts InstructionCounter::read() const {
  // PERF_FORMAT_GROUP: the number of events, then their values in the
  // order they joined the group.
  std::uint64_t values[4] = {};
  if (::read(kernel_, values, sizeof(values)) != static_cast<ssize_t>(sizeof(values)) || values[0] != 3)
    throw std::runtime_error("read of the instruction counters failed");
  return {values[1], values[2], values[3]};
}

PerCall per_call(const std::vector<CountSample>& samples, int calls) {
  if (samples.empty() || calls <= 0) throw std::invalid_argument("per_call: no samples");
  InstructionCounter::Counts empty = samples.front().empty, span = samples.front().span;
  for (const CountSample& s : samples) {
    empty = {std::min(empty.kernel, s.empty.kernel), std::min(empty.user, s.empty.user),
             std::min(empty.cycles, s.empty.cycles)};
    span = {std::min(span.kernel, s.span.kernel), std::min(span.user, s.span.user),
            std::min(span.cycles, s.span.cycles)};
  }
  auto each = [&](std::uint64_t in_span, std::uint64_t in_empty) {
    if (in_span < in_empty) throw std::runtime_error("per_call: calls counted fewer than no call");
    return static_cast<double>(in_span - in_empty) / calls;
  };
  return {each(span.kernel, empty.kernel), each(span.user, empty.user), each(span.cycles, empty.cycles)};
}

PerCall count_calls(const InstructionCounter& counter, TargetFile::Fn fn, int calls, int samples,
                    std::uint64_t& made) {
  auto across = [&](int n) {
    const InstructionCounter::Counts before = counter.read();
    for (int i = 0; i < n; ++i) fn();
    const InstructionCounter::Counts after = counter.read();
    made += static_cast<std::uint64_t>(n);
    return InstructionCounter::Counts{after.kernel - before.kernel, after.user - before.user,
                                      after.cycles - before.cycles};
  };
  std::vector<CountSample> taken;
  // One span first, not counted: the first calls of a page fault it in.
  across(calls);
  for (int i = 0; i < samples; ++i) {
    const InstructionCounter::Counts empty = across(0);
    taken.push_back({empty, across(calls)});
  }
  return per_call(taken, calls);
}

}  // namespace probesim::bench
