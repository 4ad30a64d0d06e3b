#include "bench_sections.hpp"

#include <charconv>

namespace probesim::report {

namespace {

constexpr std::string_view kGrepSuite = "bench-grep";

// The fields of a line split at runs of whitespace.
std::vector<std::string_view> fields(std::string_view line) {
  constexpr std::string_view space = " \t\n\r\v\f\x1c\x1d\x1e\x1f";
  std::vector<std::string_view> out;
  for (std::size_t i = line.find_first_not_of(space); i != std::string_view::npos;
       i = line.find_first_not_of(space, i)) {
    const std::size_t end = line.find_first_of(space, i);
    out.push_back(line.substr(i, end - i));
    i = end;
  }
  return out;
}

std::optional<std::int64_t> integer(std::string_view text) {
  if (text.starts_with('+') && !text.substr(1).starts_with('-')) text.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Calls take(round, kind, name, value) for each line "ROUND KIND NAME
// VALUE" of the section (no NAME in grep-times).
template <typename Take>
void read_lines(const ConsoleLog& log, std::string_view kind, std::string_view name, bool named,
                std::vector<std::string>& errors, Take take) {
  const Section* section = find_section(log, kind, name);
  if (!section) return;
  for (const std::string& line : section->lines) {
    const auto f = fields(line);
    const std::size_t want = named ? 4 : 3;
    const auto round = f.size() == want ? integer(f[0]) : std::nullopt;
    const auto value = f.size() == want ? integer(f[want - 1]) : std::nullopt;
    if (!round || !value) {
      errors.push_back(std::string(kind) + ": cannot read the line '" + line + "'");
      continue;
    }
    take(*round, std::string(f[1]), named ? std::string(f[2]) : std::string(), *value);
  }
}

}  // namespace

std::string grep_section_name(std::string_view binary) {
  if (binary == kBookworm) return std::string(kGrepSuite);
  return std::string(kGrepSuite) + "-" + std::string(binary);
}

const Section* find_section(const ConsoleLog& log, std::string_view kind, std::string_view name) {
  for (auto it = log.sections.rbegin(); it != log.sections.rend(); ++it)
    if (it->kind == kind && it->name == name) return &*it;
  return nullptr;
}

GrepRuns parse_grep_runs(const ConsoleLog& log, std::string_view section,
                         std::vector<std::string>& errors) {
  GrepRuns runs;
  if (const Section* info = find_section(log, "grep-info", section)) {
    for (const std::string& line : info->lines) {
      const std::size_t space = line.find(' ');
      runs.info[line.substr(0, space)] =
          space == std::string::npos ? "" : line.substr(space + 1);
    }
  }
  read_lines(log, "grep-times", section, false, errors,
             [&](std::int64_t round, const std::string& kind, const std::string&, std::int64_t ns) {
               runs.times[round][kind] = static_cast<double>(ns) / 1e9;
             });
  read_lines(
      log, "grep-hits", section, true, errors,
      [&](std::int64_t round, const std::string& kind, const std::string& event, std::int64_t n) {
        runs.hits[RunKey{round, kind}][event] = n;
      });
  read_lines(log, "grep-stats", section, true, errors,
             [&](std::int64_t round, const std::string& kind, const std::string& counter,
                 std::int64_t delta) {
               runs.stats[RunKey{round, kind}][counter] = delta;
             });
  return runs;
}

}  // namespace probesim::report
