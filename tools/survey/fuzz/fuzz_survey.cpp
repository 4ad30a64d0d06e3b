// libFuzzer entry point: any byte string as an ELF image. The survey must
// either succeed or raise ParseError; anything else (a crash, a sanitizer
// report, another exception) is a bug. Built by vm/fuzz-survey.sh.
#include <cstddef>
#include <cstdint>

#include "bytes.hpp"
#include "output.hpp"
#include "survey.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  using namespace probesim::survey;
  try {
    FileSurvey s = survey_image(Bytes(data, size), "fuzz");
    // Exercise the output paths on whatever was found.
    (void)render_list(s);
    (void)render_json({s}, {});
  } catch (const ParseError&) {
  }
  return 0;
}
