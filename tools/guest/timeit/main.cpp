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
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace {

long long now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
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
  CLI::App app("Runs CMD N times in a row and prints the total wall time in nanoseconds.",
               "probesim-timeit");
  int repeat = 1;
  std::string out;
  std::vector<std::string> command;
  app.add_option("--repeat", repeat, "run it N times (default 1)")
      ->type_name("N")
      ->check(probesim::cli::kPositive);
  app.add_option("--stdout", out, "each run's standard output, truncated per run")
      ->type_name("FILE");
  app.add_option("CMD", command, "the program's path and its arguments, after --")
      ->required()
      ->type_name("");
  if (const auto status = probesim::cli::parse(app, {argv + 1, argv + argc}, std::cout, std::cerr))
    return *status;
  std::vector<char*> cmd_argv;
  for (std::string& arg : command) cmd_argv.push_back(arg.data());
  cmd_argv.push_back(nullptr);
  const long long start = now_ns();
  for (int r = 0; r < repeat; ++r) {
    const int rc = run_once(cmd_argv.data(), out);
    if (rc != 0) {
      std::fprintf(stderr, "probesim-timeit: run %d of %d: %s exited with %d\n", r + 1, repeat,
                   cmd_argv[0], rc);
      return rc;
    }
  }
  std::printf("%lld\n", now_ns() - start);
  return 0;
}
