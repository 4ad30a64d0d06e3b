#include "saved_params.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include "module_params.hpp"

namespace probesim::bench {
namespace {

// Fixed storage, filled before each change: the signal handler can use
// nothing that allocates or locks.
struct Saved {
  char path[128];
  char value[32];
  std::size_t size;
};
constexpr int kMaxSaved = 16;
Saved saved[kMaxSaved];
volatile std::sig_atomic_t saved_count = 0;

// Async-signal-safe. On failure errno says why.
bool write_back(const Saved& s) {
  const int fd = open(s.path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool written = write(fd, s.value, s.size) == static_cast<ssize_t>(s.size);
  const int write_errno = errno;
  const bool closed = close(fd) == 0;
  if (!written) errno = write_errno;
  return written && closed;
}

void restore_and_raise(int signal) {
  const int saved_errno = errno;
  for (int i = 0; i < saved_count; ++i) write_back(saved[i]);
  errno = saved_errno;
  // SA_RESETHAND has put the default action back: the signal, blocked
  // while this runs, ends the process once the handler returns.
  raise(signal);
}

template <std::size_t N>
void copy_to(char (&to)[N], const std::string& from, const std::string& what) {
  if (from.size() >= N) throw std::runtime_error(what + " too long: " + from);
  std::memcpy(to, from.c_str(), from.size() + 1);
}

}  // namespace

void change_param(const std::string& name, bool on) {
  const std::string path = probesim_param_path(name);
  bool known = false;
  for (int i = 0; i < saved_count; ++i) known |= path == saved[i].path;
  if (!known) {
    if (saved_count == kMaxSaved) throw std::runtime_error("too many module parameters to save");
    Saved& s = saved[saved_count];
    const std::string value = probesim_param_value(name);
    copy_to(s.path, path, "parameter path");
    copy_to(s.value, value, "value of " + path);
    s.size = value.size();
    // The entry is complete before the handler can see it.
    std::atomic_signal_fence(std::memory_order_seq_cst);
    saved_count = saved_count + 1;
  }
  set_probesim_param(name, on);
}

bool restore_params() {
  bool ok = true;
  for (int i = 0; i < saved_count; ++i) {
    if (!write_back(saved[i])) {
      std::cerr << "probesim-bench: cannot restore " << saved[i].path << " to " << saved[i].value << ": "
                << std::strerror(errno) << "\n";
      ok = false;
    }
  }
  saved_count = 0;
  return ok;
}

void restore_params_on_signals() {
  struct sigaction action {};
  action.sa_handler = restore_and_raise;
  action.sa_flags = SA_RESETHAND;
  sigfillset(&action.sa_mask);  // one handler at a time
  for (int signal : {SIGINT, SIGTERM, SIGHUP})
    if (sigaction(signal, &action, nullptr) != 0)
      throw std::runtime_error(std::string("sigaction: ") + std::strerror(errno));
}

}  // namespace probesim::bench
