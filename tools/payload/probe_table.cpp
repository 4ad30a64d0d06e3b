#include "probe_table.hpp"

#include <cstdio>

namespace probesim::payload {

namespace {

const std::string* verdict(const Probe& p, const std::string& variant) {
  for (const auto& [k, v] : p.verdicts)
    if (k == variant) return &v;
  return nullptr;
}

}  // namespace

std::string hex(std::uint64_t n, int width) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*llx", width,
                static_cast<unsigned long long>(n));
  return buf;
}

std::string render_probe_table(const std::vector<Probe>& probes,
                               const std::vector<std::string>& insns) {
  std::string out = "# offset\taddr\tword\tclass\t";
  const Verdicts& columns = probes.at(0).verdicts;
  for (std::size_t i = 0; i < columns.size(); i++) {
    if (i) out += '\t';
    out += columns[i].first;
  }
  out += "\tinsn\n";
  for (std::size_t i = 0; i < probes.size(); i++) {
    const Probe& p = probes[i];
    out += hex(p.offset, 1) + '\t' + hex(p.addr, 1) + '\t' + hex(p.word, 8) +
           '\t' + p.cls + '\t';
    for (const auto& column : columns) {
      const std::string* v = verdict(p, column.first);
      if (!v)
        throw ListError("the entry at 0x" + hex(p.addr, 1) + " has no " +
                        column.first + " verdict");
      out += *v + '\t';
    }
    out += insns.at(i) + '\n';
  }
  return out;
}

}  // namespace probesim::payload
