// Small string helpers shared by the console, TAP and splat parsers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace probesim::report {

// Splits text into lines. Serial consoles emit CRLF, so a trailing '\r' is
// dropped from every line.
std::vector<std::string> split_lines(std::string_view text);

std::string_view trim(std::string_view text);
std::string_view trim_left(std::string_view text);

// "\r\n" and a lone "\r" made "\n", as a Python text reader sees a file.
std::string universal_newlines(std::string_view text);

// x with digits decimals, as printf's "%.*f" has it; "nan", "inf", "-inf".
std::string fixed(double x, int digits);

// A share in whole percent: 0.436 is "44%".
std::string whole_percent(double share);

// Removes a leading printk prefix: an optional "<N>" log level, the
// "[   12.345678]" timestamp, an optional "[    T42]" caller id and one
// following space. Lines without a timestamp are returned unchanged.
std::string_view strip_timestamp(std::string_view line);

// True if the line starts with a printk timestamp, i.e. came from the kernel.
bool has_timestamp(std::string_view line);

}  // namespace probesim::report
