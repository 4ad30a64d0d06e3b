// Whole-file reads and writes for the commands, with the errors as the
// tool prints them: "cannot open 'PATH': No such file or directory".
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

namespace probesim::report {

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
