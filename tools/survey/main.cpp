// probesim-survey FILE...: how many function entries and USDT sites of
// arm64 binaries a uprobe hits without single-stepping, per kernel;
// probesim-survey report: make survey's results from such surveys.
#include <iostream>

#include "cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return probesim::survey::run(args, std::cout, std::cerr);
}
