// Splits a captured serial console log into the sections the guest's init
// delimits with marker lines:
//   @@probesim-begin KIND NAME@@ ... @@probesim-end KIND NAME@@
//   @@probesim-done@@
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace probesim::report {

struct Section {
  std::string kind;  // "ktap", "dmesg", ...
  std::string name;
  std::vector<std::string> lines;
  bool terminated = false;  // its end marker was seen
};

struct ConsoleLog {
  std::vector<std::string> lines;  // every console line, markers included
  std::vector<Section> sections;
  // Kernel console output to scan for splats: everything outside sections,
  // plus kernel messages (timestamped lines) that interleaved with the
  // output of non-dmesg sections.
  std::vector<std::string> kernel_console;
  bool done = false;  // the done marker was seen
};

// Markers are found anywhere in a line, because kernel messages can be
// interleaved with the init's output on the same console line.
ConsoleLog split_console(std::string_view text);

}  // namespace probesim::report
