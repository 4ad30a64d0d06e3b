#include "module_params.hpp"

#include <unistd.h>

#include <fstream>
#include <stdexcept>

namespace probesim::bench {

bool probesim_loaded() { return access("/sys/module/probesim", F_OK) == 0; }

std::string probesim_param_path(const std::string& name) {
  return "/sys/module/probesim/parameters/" + name;
}

bool probesim_has_param(const std::string& name) {
  return access(probesim_param_path(name).c_str(), F_OK) == 0;
}

std::string probesim_param_value(const std::string& name) {
  const std::string file = probesim_param_path(name);
  std::ifstream in(file);
  std::string value;
  if (!std::getline(in, value) || value.empty()) throw std::runtime_error("cannot read " + file);
  return value;
}

void set_probesim_param(const std::string& name, bool on) {
  const std::string file = probesim_param_path(name);
  std::ofstream out(file);
  if (!(out << (on ? "1" : "0")) || !out.flush())
    throw std::runtime_error("cannot write " + file);
}

std::optional<long> probesim_stat(const std::string& name) {
  std::ifstream in("/sys/kernel/debug/probesim/stats");
  std::string key;
  long value = 0;
  while (in >> key >> value)
    if (key == name) return value;
  return std::nullopt;
}

}  // namespace probesim::bench
