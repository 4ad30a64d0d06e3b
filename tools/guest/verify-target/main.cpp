// probesim-verify-target: the program the README's verify steps probe in
// the test VM. It calls one leaf function, whose first instruction is an
// AND (immediate) with probesim's defaults a simulated family, and says
// how many calls it made, so that the test can ask for exactly that many
// hits. noipa keeps every call a real BL to the one out-of-line copy.
#include <cstdio>
#include <cstdlib>

extern "C" [[gnu::noipa]] unsigned probesim_verify_low_byte(unsigned x) {
  return x & 0xff;
}

int main(int argc, char** argv) {
  unsigned long calls = 1000;
  if (argc > 1) {
    char* end = nullptr;
    calls = std::strtoul(argv[1], &end, 10);
    if (*argv[1] == '\0' || *end != '\0') {
      std::fprintf(stderr, "usage: probesim-verify-target [CALLS]\n");
      return 2;
    }
  }
  unsigned sum = 0;
  for (unsigned long i = 0; i < calls; ++i)
    sum += probesim_verify_low_byte(static_cast<unsigned>(i));
  std::printf("probesim-verify-target: %lu calls (sum %u)\n", calls, sum);
  return 0;
}
