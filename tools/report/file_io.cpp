#include "file_io.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ostream>

namespace probesim::report {

namespace {

std::string describe_errno(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

bool put_file(const char* mode, const std::string& path, std::string_view content,
              std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), mode);
  if (!file) {
    error = describe_errno("open", path);
    return false;
  }
  const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size();
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed) {
    error = describe_errno("write", path);
    return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) {
    error = describe_errno("open", path);
    return std::nullopt;
  }
  std::string content;
  char buffer[65536];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) content.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  if (failed) error = describe_errno("read", path);
  std::fclose(file);
  if (failed) return std::nullopt;
  return content;
}

bool write_file(const std::string& path, std::string_view content, std::string& error) {
  return put_file("wb", path, content, error);
}

bool append_file(const std::string& path, std::string_view content, std::string& error) {
  return put_file("ab", path, content, error);
}

int complain(std::ostream& err, std::string_view message, int status) {
  err << "probesim-report: " << message << '\n';
  return status;
}

}  // namespace probesim::report
