// Small string helpers shared by the console, TAP and splat parsers, and
// whole-file reads and writes for the commands, with the errors as the
// tool prints them: "cannot open 'PATH': No such file or directory".
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace probesim::report {

// Splits text into lines. Serial consoles emit CRLF, so a trailing '\r' is
// dropped from every line.
std::vector<std::string> split_lines(std::string_view text);

std::string_view trim(std::string_view text);
std::string_view trim_left(std::string_view text);

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

// The tool's exit statuses.
inline constexpr int kExitPassed = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsageError = 2;

std::optional<std::string> read_file(const std::string& path, std::string& error);

// Creates or truncates path.
bool write_file(const std::string& path, std::string_view content, std::string& error);

// Creates path or adds to its end.
bool append_file(const std::string& path, std::string_view content, std::string& error);

// Prints message on err as the tool prints an error, "probesim-report:
// MESSAGE"; returns status, for the caller to exit with.
int complain(std::ostream& err, std::string_view message, int status);

}  // namespace probesim::report
