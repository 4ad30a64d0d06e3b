#include "survey_list.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

namespace probesim::payload {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) i++;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) i++;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

template <typename T>
std::optional<T> parse_hex(std::string_view s) {
  T value = 0;
  const auto [end, ec] =
      std::from_chars(s.data(), s.data() + s.size(), value, 16);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size())
    return std::nullopt;
  return value;
}

// A later field for the same variant replaces the value, in place.
void set_verdict(Verdicts& verdicts, std::string_view key,
                 std::string_view value) {
  for (auto& [k, v] : verdicts) {
    if (k == key) {
      v = value;
      return;
    }
  }
  verdicts.emplace_back(key, value);
}

}  // namespace

ListLine parse_list_line(std::string_view line) {
  const std::vector<std::string_view> fields = split_fields(line);
  ListLine out;
  if (fields.empty() || fields[0] != "func") return out;
  if (fields.size() < 4)
    throw ListError("a function entry needs an address, a word and a class");
  out.kind = LineKind::kSkipped;
  // "--------": not in executable code. Without "[fde" the entry is a
  // symbol's alone, and the benchmark probes the .eh_frame entries.
  if (fields[2] == "--------" || line.find("[fde") == line.npos) return out;

  Probe& p = out.probe;
  // The verdicts are the fields KERNEL=VERDICT, KERNEL a version number.
  for (std::size_t i = 4; i < fields.size(); i++) {
    const std::string_view f = fields[i];
    const std::size_t eq = f.find('=');
    if (eq == f.npos || f[0] < '0' || f[0] > '9') continue;
    set_verdict(p.verdicts, f.substr(0, eq), f.substr(eq + 1));
  }
  // The kernel refuses a uprobe there: such an entry cannot be benchmarked.
  if (std::any_of(p.verdicts.begin(), p.verdicts.end(),
                  [](const auto& kv) { return kv.second == "rejected"; }))
    return out;

  const auto addr = parse_hex<std::uint64_t>(fields[1]);
  const auto word = parse_hex<std::uint32_t>(fields[2]);
  if (!addr) throw ListError("bad address '" + std::string(fields[1]) + "'");
  if (!word) throw ListError("bad word '" + std::string(fields[2]) + "'");
  // offset= comes before the source and name; the survey leaves it out
  // for an address outside the file.
  std::optional<std::uint64_t> offset;
  for (std::size_t i = 4; i < fields.size() && fields[i][0] != '['; i++) {
    if (!fields[i].starts_with("offset=0x")) continue;
    offset = parse_hex<std::uint64_t>(fields[i].substr(9));
    if (!offset) throw ListError("bad " + std::string(fields[i]));
    break;
  }
  if (!offset) return out;

  p.offset = *offset;
  p.addr = *addr;
  p.word = *word;
  p.cls = fields[3];
  out.kind = LineKind::kProbe;
  return out;
}

Selection select_probes(std::string_view text) {
  Selection out;
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == text.npos ? text.size() : nl + 1);
    number++;
    ListLine parsed;
    try {
      parsed = parse_list_line(line);
    } catch (const ListError& e) {
      throw ListError("line " + std::to_string(number) + ": " + e.what());
    }
    if (parsed.kind == LineKind::kSkipped) out.skipped++;
    if (parsed.kind == LineKind::kProbe)
      out.probes.push_back(std::move(parsed.probe));
  }
  return out;
}

}  // namespace probesim::payload
