// A fresh directory under $TMPDIR for one test, removed afterwards.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <stdexcept>
#include <string>

namespace probesim::payload {

class TempDir {
 public:
  TempDir() {
    std::string path =
        (std::filesystem::temp_directory_path() / "probesim-payload-XXXXXX")
            .string();
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
  std::string operator/(const std::string& name) const {
    return (path_ / name).string();
  }

 private:
  std::filesystem::path path_;
};

}  // namespace probesim::payload
