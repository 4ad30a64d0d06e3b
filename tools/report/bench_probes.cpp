#include "bench_probes.hpp"

#include <algorithm>
#include <regex>

#include "text.hpp"

namespace probesim::report {

namespace {

std::vector<std::string> split_tabs(std::string_view line) {
  std::vector<std::string> cells;
  while (true) {
    const std::size_t tab = line.find('\t');
    cells.emplace_back(line.substr(0, tab));
    if (tab == std::string_view::npos) return cells;
    line.remove_prefix(tab + 1);
  }
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr std::int64_t kBig = std::int64_t{1} << 58;

// "stp x29, x30, [sp, #-N]!", N decimal as objdump writes it or 0x and
// hexadecimal as capstone does: the frame record push.
bool is_frame_push(std::string_view insn) {
  static const std::regex push(R"(stp x29, x30, \[sp, #-([0-9]+|0x[0-9a-f]+)\]!)");
  return std::regex_match(insn.begin(), insn.end(), push);
}

}  // namespace

std::optional<Probes> parse_probes(std::string_view text, std::string& error) {
  const std::vector<std::string> lines = split_lines(text);
  // The header line starts with "# ".
  std::string_view first = lines.empty() ? std::string_view() : lines[0];
  first.remove_prefix(std::min(first.find_first_not_of("# "), first.size()));
  const std::vector<std::string> header = split_tabs(first);
  Probes probes;
  for (std::size_t n = 1; n < lines.size(); ++n) {
    const std::vector<std::string> cells = split_tabs(lines[n]);
    ProbeRow row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    const std::string* offset = find_value(row, "offset");
    if (!offset) {
      error = "probes table, line " + std::to_string(n + 1) + ": no offset";
      return std::nullopt;
    }
    probes["f_" + *offset] = std::move(row);
  }
  return probes;
}

const std::string& cell(const ProbeRow& row, const std::string& column) {
  static const std::string none;
  const std::string* value = find_value(row, column);
  return value ? *value : none;
}

std::string group_of(std::string_view insn) {
  const std::string mnemonic(insn.substr(0, insn.find(' ')));
  const bool has_immediate = insn.find('#') != std::string_view::npos;
  if (mnemonic == "stp") return is_frame_push(insn) ? "stp x29, x30, [sp, #-N]!" : "stp (other)";
  if (mnemonic.starts_with("ld")) return "load (" + mnemonic + ")";
  if ((mnemonic == "and" || mnemonic == "orr" || mnemonic == "eor" || mnemonic == "ands") &&
      has_immediate) {
    return mnemonic + " (immediate)";
  }
  if ((mnemonic == "add" || mnemonic == "sub") && has_immediate) return "add/sub (immediate)";
  for (std::string_view branch : {"b", "bl", "cbz", "cbnz", "tbz", "tbnz", "ret", "br"}) {
    if (mnemonic == branch) return "branch (" + mnemonic + ")";
  }
  if (mnemonic.starts_with("b.")) return "branch (" + mnemonic + ")";
  return mnemonic;
}

std::optional<std::string> family_of(std::string_view verdict) {
  constexpr std::string_view prefix = "probesim-";
  if (!verdict.starts_with(prefix)) return std::nullopt;
  return std::string(verdict.substr(prefix.size()));
}

std::vector<std::int64_t> kernel_key(std::string_view kver) {
  std::vector<std::int64_t> key;
  // ++i steps over the non-digit that ends each number.
  for (std::size_t i = 0; i < kver.size(); ++i) {
    if (!is_digit(kver[i])) continue;
    std::int64_t n = 0;
    for (; i < kver.size() && is_digit(kver[i]); ++i)
      if (n < kBig) n = n * 10 + (kver[i] - '0');  // a version has no such numbers
    key.push_back(n);
  }
  return key;
}

std::optional<std::string> variant_for(std::string_view kver, const Probes& probes) {
  const std::vector<std::int64_t> key = kernel_key(kver);
  std::string series;
  for (std::size_t i = 0; i < key.size() && i < 2; ++i) {
    if (i) series += '.';
    series += std::to_string(key[i]);
  }
  for (const auto& [event, row] : probes)
    if (row.count(series)) return series;
  return std::nullopt;
}

const Json* at(const Json* value, std::initializer_list<const char*> path) {
  for (const char* key : path) {
    if (!value || !value->is_object()) return nullptr;
    const auto it = value->find(key);
    value = it == value->end() ? nullptr : &*it;
  }
  return value;
}

const Json* trigger_push(const Json* modes) {
  if (const Json* push = at(modes, {"uprobe-push"})) return push;
  return at(modes, {"uprobe-push-blr"});
}

}  // namespace probesim::report
