#include "objdump.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>

extern char** environ;

namespace probesim::payload {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

std::string_view strip(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool is_alnum(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') &&
        !(c >= 'A' && c <= 'Z'))
      return false;
  return true;
}

std::string collapse_spaces(std::string_view s) {
  std::string out;
  bool gap = false;
  for (char c : strip(s)) {
    if (is_space(c)) {
      gap = true;
      continue;
    }
    if (gap) out += ' ';
    gap = false;
    out += c;
  }
  return out;
}

std::string error_text(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

// Removes the file when it goes out of scope.
struct TempFile {
  std::string path;
  int fd = -1;
  TempFile() {
    path = (std::filesystem::temp_directory_path() / "probesim-XXXXXX.bin")
               .string();
    fd = mkstemps(path.data(), 4);
    if (fd < 0) throw ObjdumpError(error_text("cannot create " + path));
  }
  ~TempFile() {
    if (fd >= 0) close(fd);
    unlink(path.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
};

void write_all(int fd, const std::string& bytes, const std::string& path) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw ObjdumpError(error_text("cannot write " + path));
    done += static_cast<std::size_t>(n);
  }
}

// The standard output of ARGV[0] run with ARGV; throws unless it exits 0.
std::string run(const std::vector<std::string>& argv) {
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw ObjdumpError(error_text("pipe"));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  const int rc = posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr,
                              args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (rc != 0) {
    close(pipe_fds[0]);
    throw ObjdumpError("cannot run " + argv[0] + ": " + std::strerror(rc));
  }
  std::string out;
  char buffer[65536];
  for (;;) {
    const ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status))
    throw ObjdumpError(argv[0] + " killed by signal " +
                       std::to_string(WTERMSIG(status)));
  if (WEXITSTATUS(status) != 0)
    throw ObjdumpError(argv[0] + " failed, exit status " +
                       std::to_string(WEXITSTATUS(status)));
  return out;
}

}  // namespace

std::string objdump_program() {
  const char* env = std::getenv("OBJDUMP");
  return env ? env : "aarch64-linux-gnu-objdump";
}

std::vector<std::string> parse_objdump(std::string_view output,
                                       std::size_t count) {
  const std::string unknown = "?";
  std::vector<std::string> text(count, unknown);
  while (!output.empty()) {
    const std::size_t nl = output.find('\n');
    const std::string_view line = output.substr(0, nl);
    output.remove_prefix(nl == output.npos ? output.size() : nl + 1);
    // "   4:\td503201f \tnop": byte offset, word, instruction.
    const std::size_t colon = line.find(":\t");
    if (colon == line.npos) continue;
    const std::string_view head = strip(line.substr(0, colon));
    if (!is_alnum(head)) continue;
    std::uint64_t at = 0;
    const auto [end, ec] =
        std::from_chars(head.data(), head.data() + head.size(), at, 16);
    if (ec != std::errc() || end != head.data() + head.size()) continue;
    if (at / 4 >= count) continue;
    const std::string_view rest = line.substr(colon + 2);
    const std::size_t tab = rest.find('\t');
    if (tab == rest.npos) {
      text[at / 4] = unknown;
      continue;
    }
    std::string_view insn = strip(rest.substr(tab + 1));
    insn = insn.substr(0, insn.find("//"));
    text[at / 4] = collapse_spaces(insn);
  }
  return text;
}

std::vector<std::string> disassemble(const std::vector<std::uint32_t>& words,
                                     const std::string& objdump) {
  std::string bytes;
  for (std::uint32_t w : words)
    for (int shift = 0; shift < 32; shift += 8)
      bytes += static_cast<char>((w >> shift) & 0xff);
  TempFile blob;
  write_all(blob.fd, bytes, blob.path);
  return parse_objdump(
      run({objdump, "-D", "-b", "binary", "-m", "aarch64", blob.path}),
      words.size());
}

}  // namespace probesim::payload
