// Command line of probesim-grep-payload.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::payload {

// The corpus size in bytes for MEGABYTES MiB, a decimal number ("13",
// "0.5"), rounded down; 0 for a negative size. Unset if not a number.
std::optional<std::uint64_t> parse_megabytes(std::string_view text);

// A decimal integer, of any size and sign, modulo 2^64.
std::optional<std::uint64_t> parse_seed(std::string_view text);

// Runs the tool; args exclude the program name. Returns the exit status:
// 0 done, 1 failed, 2 usage error.
int run(const std::vector<std::string>& args, std::ostream& out,
        std::ostream& err);

}  // namespace probesim::payload
