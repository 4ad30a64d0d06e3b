// The grep results as the "grep" member of results-KVER.json, or
// "grep_NAME" for the grep binary NAME other than bookworm's.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "bench_grep.hpp"

namespace probesim::report {

Json grep_json(const GrepResult& g);

// The member of results-KVER.json that holds binary's grep results.
std::string grep_json_key(std::string_view binary);

// The binary whose grep results the member key holds; nullopt for a
// member that holds something else.
std::optional<std::string> grep_binary_of(std::string_view key);

}  // namespace probesim::report
