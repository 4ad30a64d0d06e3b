// The grep payload's probes (probes.tsv, written with probesim-survey's
// classes and verdicts), the labels the bench report derives from them,
// and the JSON of the results.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace probesim::report {

// A map that keeps its keys in the order first set, as the console
// printed them or the table has them.
template <typename V>
using OrderedMap = nlohmann::ordered_map<std::string, V>;

// JSON whose objects keep their members in that order too: the results.
using Json = nlohmann::ordered_json;

// The value of key in map; nullptr if there is none.
template <typename Map>
auto find_value(Map& map, const typename Map::key_type& key) -> decltype(&map.begin()->second) {
  const auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

// One row: its cells by column name ("offset", "class", "insn", "7.3",
// "7.3+probesim", ...). A short row lacks the last columns.
using ProbeRow = OrderedMap<std::string>;

// The probes by their uprobe_profile event name, "f_" and the offset, in
// the table's order.
using Probes = OrderedMap<ProbeRow>;

// The table: a header line ("# offset<TAB>addr...") and a row per probe.
// Returns nullopt and sets error when there is no offset column.
std::optional<Probes> parse_probes(std::string_view text, std::string& error);

// A cell of row, empty if the row has no such column.
const std::string& cell(const ProbeRow& row, const std::string& column);

// A finer label than the survey class, from the disassembly: "stp x29,
// x30, [sp, #-N]!", "load (ldr)", "and (immediate)", "branch (cbz)", or
// the mnemonic.
std::string group_of(std::string_view insn);

// probesim's family in a survey verdict: "stp" for "probesim-stp",
// nullopt for a verdict that is not probesim's.
std::optional<std::string> family_of(std::string_view verdict);

// The numbers in a kernel version, for ordering: "6.12" -> {6, 12}.
std::vector<std::int64_t> kernel_key(std::string_view kver);

// The survey variant whose rules are kver's, its X.Y ("7.3" for 7.3.4):
// nullopt when no probe has a column of that name.
std::optional<std::string> variant_for(std::string_view kver, const Probes& probes);

// Every kernel's results-KVER.json, in kernel order.
using KernelResults = std::vector<std::pair<std::string, Json>>;

// The member of value at path, a key of each object in turn; nullptr
// where there is none.
const Json* at(const Json* value, std::initializer_list<const char*> path);

// The trigger benchmark's push probe reached through a pointer in
// @modes: "uprobe-push" in results written before the call path was a
// dimension of the modes, "uprobe-push-blr" since. Null if neither.
const Json* trigger_push(const Json* modes);

}  // namespace probesim::report
