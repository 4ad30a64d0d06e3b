// Files for the tests of the survey and the payload: a fresh directory
// under $TMPDIR for one test, removed afterwards, a file's bytes in and
// out, and the cross-compiled samples.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace probesim::test {

class TempDir {
 public:
  TempDir() {
    std::string path = (std::filesystem::temp_directory_path() / "probesim-test-XXXXXX").string();
    if (!mkdtemp(path.data())) throw std::runtime_error("mkdtemp failed");
    path_ = path;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void spill(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// The path of survey/tests/sample.c built as NAME (survey/tests/CMakeLists.txt),
// or "" where there is no cross compiler to build it.
inline std::string sample(const std::string& name) {
#ifdef PROBESIM_SAMPLES
  return PROBESIM_SAMPLES "/sample-" + name;
#else
  (void)name;
  return "";
#endif
}

}  // namespace probesim::test
