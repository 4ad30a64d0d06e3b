#include "system_info.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string_view>

namespace probesim::bench {
namespace {

constexpr const char* kMidrPath = "/sys/devices/system/cpu/cpu0/regs/identification/midr_el1";
constexpr const char* kCpuinfoPath = "/proc/cpuinfo";
constexpr const char* kDtCompatible = "/proc/device-tree/compatible";
constexpr const char* kDtHypervisor = "/proc/device-tree/hypervisor/compatible";
constexpr const char* kDtModel = "/proc/device-tree/model";
constexpr const char* kDmiVendor = "/sys/class/dmi/id/sys_vendor";
constexpr const char* kDmiProduct = "/sys/class/dmi/id/product_name";
constexpr const char* kSysHypervisor = "/sys/hypervisor/type";

std::optional<std::string> read_text(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

// Device-tree strings are NUL-separated lists.
std::vector<std::string> nul_list(const std::string& raw) {
  std::vector<std::string> out;
  std::stringstream in(raw);
  for (std::string item; std::getline(in, item, '\0');)
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::string hex(unsigned long value, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "0x%0*lx", digits, value);
  return buf;
}

bool contains(const std::string& text, std::string_view what) { return text.find(what) != std::string::npos; }

}  // namespace

CpuId cpu_from_midr(const std::string& midr_text, const std::string& source) {
  CpuId cpu;
  const std::string text = trim(midr_text);
  char* end = nullptr;
  const unsigned long long midr = std::strtoull(text.c_str(), &end, 16);
  if (text.empty() || end == nullptr || *end != '\0') return cpu;
  // MIDR_EL1: implementer [31:24], variant [23:20], architecture [19:16],
  // part number [15:4], revision [3:0]; printed as /proc/cpuinfo does.
  cpu.midr_el1 = hex(static_cast<unsigned long>(midr), 16);
  cpu.source = source;
  cpu.implementer = hex((midr >> 24) & 0xff, 2);
  cpu.variant = hex((midr >> 20) & 0xf, 1);
  cpu.part = hex((midr >> 4) & 0xfff, 3);
  cpu.revision = std::to_string(midr & 0xf);
  return cpu;
}

CpuId cpu_from_cpuinfo(const std::string& cpuinfo, const std::string& source) {
  CpuId cpu;
  const std::array<std::pair<std::string_view, std::string*>, 5> keys = {{
      {"CPU implementer", &cpu.implementer},
      {"CPU variant", &cpu.variant},
      {"CPU part", &cpu.part},
      {"CPU revision", &cpu.revision},
      {"model name", &cpu.model_name},
  }};
  std::istringstream in(cpuinfo);
  for (std::string line; std::getline(in, line);) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = trim(std::string_view(line).substr(0, colon));
    for (const auto& [name, field] : keys)
      if (key == name && field->empty()) *field = trim(std::string_view(line).substr(colon + 1));
  }
  if (!cpu.implementer.empty() || !cpu.part.empty()) cpu.source = source;
  return cpu;
}

Evidence device_tree_compatible_evidence(const std::string& source, const std::string& compatible) {
  const std::vector<std::string> names = nul_list(compatible);
  Evidence e{source, joined(names), Evidence::Indicates::kNothing};
  // QEMU's, crosvm's and others' generated "virt" machine.
  for (const std::string& name : names)
    if (name == "linux,dummy-virt") e.indicates = Evidence::Indicates::kVm;
  return e;
}

Evidence dmi_evidence(const std::string& source, const std::string& sys_vendor, const std::string& product_name) {
  const std::string vendor = trim(sys_vendor), product = trim(product_name);
  Evidence e{source, vendor + " / " + product, Evidence::Indicates::kNothing};
  // Amazon EC2's bare-metal instances are its "*.metal" types (c6g.metal);
  // every other EC2 instance type is a Nitro VM.
  if (vendor == "Amazon EC2") {
    const bool metal = product.size() >= 6 && product.compare(product.size() - 6, 6, ".metal") == 0;
    e.indicates = metal ? Evidence::Indicates::kBareMetal : Evidence::Indicates::kVm;
    return e;
  }
  static constexpr std::string_view kVmNames[] = {
      "QEMU", "KVM", "VMware", "VirtualBox", "innotek", "Xen", "Parallels", "BHYVE",
      "Google Compute Engine", "OpenStack", "Alibaba Cloud ECS", "Apple Virtualization",
      "Virtual Machine",  // Hyper-V: "Microsoft Corporation / Virtual Machine"
  };
  for (std::string_view name : kVmNames)
    if (contains(vendor, name) || contains(product, name)) e.indicates = Evidence::Indicates::kVm;
  return e;
}

std::string platform_kind(const std::vector<Evidence>& evidence) {
  bool vm = false, bare_metal = false;
  for (const Evidence& e : evidence) {
    vm |= e.indicates == Evidence::Indicates::kVm;
    bare_metal |= e.indicates == Evidence::Indicates::kBareMetal;
  }
  if (vm == bare_metal) return "unknown";  // nothing decisive, or a contradiction
  return vm ? "vm" : "bare-metal";
}

SystemInfo read_system_info() {
  SystemInfo info;

  if (auto midr = read_text(kMidrPath)) info.cpu = cpu_from_midr(*midr, kMidrPath);
  const auto cpuinfo = read_text(kCpuinfoPath);
  if (info.cpu.source.empty() && cpuinfo) info.cpu = cpu_from_cpuinfo(*cpuinfo, kCpuinfoPath);
  if (cpuinfo) info.cpu.model_name = cpu_from_cpuinfo(*cpuinfo, kCpuinfoPath).model_name;

  utsname u{};
  if (uname(&u) == 0) info.kernel = {u.release, u.version, u.machine};

  std::vector<Evidence>& ev = info.platform.evidence;
  if (auto dt = read_text(kDtCompatible)) ev.push_back(device_tree_compatible_evidence(kDtCompatible, *dt));
  if (auto hv = read_text(kDtHypervisor))
    ev.push_back({kDtHypervisor, joined(nul_list(*hv)), Evidence::Indicates::kVm});
  if (auto model = read_text(kDtModel)) ev.push_back({kDtModel, trim(*model), Evidence::Indicates::kNothing});
  const auto vendor = read_text(kDmiVendor), product = read_text(kDmiProduct);
  if (vendor || product)
    ev.push_back(dmi_evidence("/sys/class/dmi/id/{sys_vendor,product_name}", vendor.value_or(""),
                              product.value_or("")));
  if (auto type = read_text(kSysHypervisor); type && !trim(*type).empty())
    ev.push_back({kSysHypervisor, trim(*type), Evidence::Indicates::kVm});
  // KVM only comes up in a kernel started at EL2: bare metal, or a guest
  // given nested virtualisation. Worth recording, not deciding on.
  if (access("/dev/kvm", F_OK) == 0)
    ev.push_back({"/dev/kvm", "present: the kernel started at EL2 (bare metal, or nested virtualisation)",
                  Evidence::Indicates::kNothing});
  info.platform.kind = platform_kind(ev);
  return info;
}

}  // namespace probesim::bench
