// What a run was measured on: the CPU, the kernel, and whether it was a
// virtual machine or bare metal, with the evidence. Nothing is guessed: a
// platform without decisive evidence is "unknown".
#pragma once

#include <string>
#include <vector>

namespace probesim::bench {

struct CpuId {
  std::string midr_el1;  // "0x00000000413fd0c1"; empty when not readable
  std::string source;    // the file the fields below come from; empty: none
  // As /proc/cpuinfo prints them ("0x41", "0x3", "0xd0c", "1"); empty
  // when unknown.
  std::string implementer, variant, part, revision;
  std::string model_name;  // /proc/cpuinfo's "model name"; empty: none
};

struct KernelId {
  std::string release, version, machine;  // uname -r, -v, -m
};

// One thing looked at: where, what it says, and what it shows.
struct Evidence {
  enum class Indicates { kNothing, kVm, kBareMetal };
  std::string source;
  std::string value;
  Indicates indicates = Indicates::kNothing;
};

struct Platform {
  std::string kind;  // "vm", "bare-metal" or "unknown"
  std::vector<Evidence> evidence;
};

struct SystemInfo {
  CpuId cpu;
  KernelId kernel;
  Platform platform;
};

SystemInfo read_system_info();

// The parts of it, from the text of the files.
CpuId cpu_from_midr(const std::string& midr_text, const std::string& source);
CpuId cpu_from_cpuinfo(const std::string& cpuinfo, const std::string& source);
Evidence dmi_evidence(const std::string& source, const std::string& sys_vendor,
                      const std::string& product_name);
Evidence device_tree_compatible_evidence(const std::string& source, const std::string& compatible);
// "vm" or "bare-metal" when the evidence says so and does not disagree.
std::string platform_kind(const std::vector<Evidence>& evidence);

}  // namespace probesim::bench
