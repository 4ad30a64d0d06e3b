// The module parameters the benchmark changes, put back as they were: at
// the end of a run, after an error, and on SIGINT, SIGTERM or SIGHUP, after
// which the signal is raised again, so that the caller sees what ended it.
#pragma once

#include <string>

namespace probesim::bench {

// Sets the parameter; the first change of each reads and saves its value
// before anything is written.
void change_param(const std::string& name, bool on);

// Writes the saved values back and forgets them. False, with the reason on
// stderr, when one could not be written.
bool restore_params();

// From now on SIGINT, SIGTERM and SIGHUP restore the parameters first.
void restore_params_on_signals();

}  // namespace probesim::bench
