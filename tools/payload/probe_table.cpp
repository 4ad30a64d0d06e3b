#include "probe_table.hpp"

#include "classify.hpp"
#include "output.hpp"

namespace probesim::payload {

using survey::hex;

std::string render_probe_table(const std::vector<Probe>& probes,
                               const std::vector<std::string>& insns) {
  const std::vector<survey::Variant> variants = survey::listed_variants();
  std::string out = "# offset\taddr\tword\tclass\t";
  for (const survey::Variant v : variants) out += std::string(survey::variant_name(v)) + '\t';
  out += "insn\n";
  for (std::size_t i = 0; i < probes.size(); i++) {
    const Probe& p = probes[i];
    out += hex(p.offset) + '\t' + hex(p.addr) + '\t' + hex(p.word, 8) + '\t' +
           std::string(survey::raw_class_name(survey::raw_class(p.word))) + '\t';
    for (const survey::Variant v : variants)
      out += std::string(survey::outcome_name(survey::outcome(p.word, v))) + '\t';
    out += insns.at(i) + '\n';
  }
  return out;
}

}  // namespace probesim::payload
