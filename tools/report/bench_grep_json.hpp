// The grep results as the "grep" member of results-KVER.json.
#pragma once

#include "bench_grep.hpp"
#include "json.hpp"

namespace probesim::report {

Json grep_json(const GrepResult& g);

}  // namespace probesim::report
