#include "output.hpp"

#include <cstdio>
#include <string>

namespace probesim::bench {
namespace {

std::string format(const char* fmt, double a, double b, double c) {
  char buf[96];
  std::snprintf(buf, sizeof(buf), fmt, a, b, c);
  return buf;
}

std::string rate_cell(const std::vector<double>& values) {
  const Spread s = spread(values);
  return format("%.1fk (%.1f-%.1f)", s.median / 1e3, s.min / 1e3, s.max / 1e3);
}

std::string ratio_cell(const std::vector<double>& values) {
  const Spread s = spread(values);
  return format("%.2f (%.2f-%.2f)", s.median, s.min, s.max);
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace

void print_table(std::ostream& out, const Results& results) {
  out << "kernel " << results.kernel << ": hits/s median (min-max) over "
      << results.base.size() << " interleaved rounds; ratios are per round\n";
  out << pad("mode", 16) << pad("xol", 24) << pad("sim", 24) << pad("sim/xol", 20)
      << "sim/ret\n";
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    out << pad(mode, 16) << pad(rate_cell(r.xol), 24) << pad(rate_cell(r.sim), 24)
        << pad(ratio_cell(r.sim_over_xol), 20) << ratio_cell(r.sim_over_ret) << "\n";
  }
  out << pad("base", 16) << rate_cell(results.base) << " calls/s without a probe\n";
  out << "bti target on a guarded (PROT_BTI) page: " << (results.bti_guarded ? "yes" : "no") << "\n";
  for (const auto& [family, h] : results.family_hits)
    out << family << "_hits: " << h.counted << " of the sim leg's " << h.calls << " calls\n";
  for (const std::string& note : results.notes) out << "note: " << note << "\n";
}

void write_json(std::ostream& out, const Results& results) {
  auto ratio = [](const std::vector<double>& v) {
    const Spread s = spread(v);
    return format("{\"median\": %.4f, \"min\": %.4f, \"max\": %.4f}", s.median, s.min, s.max);
  };
  out << "{\n  \"kernel\": \"" << results.kernel << "\",\n";
  out << "  \"rounds\": " << results.base.size() << ",\n";
  out << "  \"base\": " << spread(results.base).median << ",\n";
  out << "  \"bti_guarded\": " << (results.bti_guarded ? "true" : "false") << ",\n";
  out << "  \"family_hits\": {";
  const char* hsep = "";
  for (const auto& [family, h] : results.family_hits) {
    out << hsep << "\"" << family << "\": {\"counted\": " << h.counted << ", \"calls\": " << h.calls << "}";
    hsep = ", ";
  }
  out << "},\n  \"notes\": [";
  hsep = "";
  for (const std::string& note : results.notes) {
    out << hsep << "\"" << note << "\"";
    hsep = ", ";
  }
  out << "],\n  \"modes\": {";
  const char* sep = "\n";
  for (const std::string& mode : results.order) {
    const ModeResult& r = results.modes.at(mode);
    out << sep << "    \"" << mode << "\": {\"xol\": " << spread(r.xol).median
        << ", \"sim\": " << spread(r.sim).median << ", \"sim_over_xol\": " << ratio(r.sim_over_xol)
        << ", \"sim_over_ret\": " << ratio(r.sim_over_ret)
        << ", \"simulated\": " << (r.simulated ? "true" : "false") << "}";
    sep = ",\n";
  }
  out << "\n  }\n}\n";
}

}  // namespace probesim::bench
