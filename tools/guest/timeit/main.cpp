// probesim-timeit: wall time of a command run N times in a row, in
// nanoseconds (CLOCK_MONOTONIC), for the grep benchmark. The guest's
// busybox has no sub-centisecond clock.
//
//   probesim-timeit [--repeat N] [--stdout FILE] -- CMD [ARG...]
//
// Each run's standard output goes to FILE (truncated per run) or is
// inherited. Prints the total nanoseconds on standard output. Exit status:
// 0; the status of the first run that failed (its output is kept), with a
// message; 2 for a usage error.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

namespace {

long long now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

int usage() {
  std::fputs("usage: probesim-timeit [--repeat N] [--stdout FILE] -- CMD [ARG...]\n", stderr);
  return 2;
}

// Runs argv once; returns its exit status (128 + signal if killed).
int run_once(char* const* argv, const std::string& out) {
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("probesim-timeit: fork");
    return 127;
  }
  if (pid == 0) {
    if (!out.empty()) {
      const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0) {
        std::perror(out.c_str());
        _exit(127);
      }
    }
    execv(argv[0], argv);
    std::fprintf(stderr, "probesim-timeit: exec %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      std::perror("probesim-timeit: waitpid");
      return 127;
    }
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

}  // namespace

int main(int argc, char** argv) {
  long repeat = 1;
  std::string out;
  int i = 1;
  for (; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--") {
      ++i;
      break;
    }
    if (a == "--repeat" && i + 1 < argc) {
      const std::string_view v = argv[++i];
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), repeat);
      if (ec != std::errc() || end != v.data() + v.size() || repeat < 1) return usage();
    } else if (a == "--stdout" && i + 1 < argc) {
      out = argv[++i];
    } else {
      return usage();
    }
  }
  if (i >= argc) return usage();
  const long long start = now_ns();
  for (long r = 0; r < repeat; ++r) {
    const int rc = run_once(argv + i, out);
    if (rc != 0) {
      std::fprintf(stderr, "probesim-timeit: run %ld of %ld: %s exited with %d\n", r + 1,
                   repeat, argv[i], rc);
      return rc;
    }
  }
  std::printf("%lld\n", now_ns() - start);
  return 0;
}
