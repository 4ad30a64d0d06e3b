// The part of results.md that sets our grep figures beside upstream's
// 2024 ones, and shows that upstream's do not fit its own trigger
// benchmark while ours fit ours.
#pragma once

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "bench_probes.hpp"

namespace probesim::report {

// Every kernel's results-KVER.json, in kernel order.
using KernelResults = std::vector<std::pair<std::string, Json>>;

// The member of value at path, a key of each object in turn; nullptr
// where there is none.
const Json* at(const Json* value, std::initializer_list<const char*> path);

// The trigger benchmark's push probe reached through a pointer in
// @modes: "uprobe-push" in results written before the call path was a
// dimension of the modes, "uprobe-push-blr" since. Null if neither.
const Json* trigger_push(const Json* modes);

// The section, a blank line last.
std::string upstream_section(const KernelResults& results);

}  // namespace probesim::report
