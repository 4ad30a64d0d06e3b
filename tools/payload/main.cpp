// probesim-grep-payload: the generated corpus and the probe table of the
// grep benchmark (vm/build-grep-payload.sh).
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return probesim::payload::run(args, std::cout, std::cerr);
}
