#include "probes.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "output.hpp"
#include "probe_table.hpp"
#include "survey.hpp"
#include "survey_list.hpp"
#include "temp_dir.hpp"

namespace probesim::payload {
namespace {

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// The survey's cross-compiled sample (survey/tests/sample.c), "" if none.
std::string sample(const std::string& name) {
#ifdef PROBESIM_SAMPLES
  return PROBESIM_SAMPLES "/sample-" + name;
#else
  (void)name;
  return "";
#endif
}

constexpr const char* kList =
    "# /tmp/grep\n"
    "func 004001c0 d503201f nop 6.1=xol 7.3=kernel-sim offset=0x1c0 [fde] \n";

class WriteProbeTable : public testing::Test {
 protected:
  void SetUp() override {
    if (sample("plain").empty()) GTEST_SKIP() << "no aarch64-linux-gnu-gcc: no sample";
    survey_ = survey::survey_file(sample("plain"));
    write(list_, "# " + elf_ + "\n" + survey::render_list(survey_));
  }
  std::string run() { return write_probe_table(elf_, list_, out_); }

  TempDir tmp_;
  std::string elf_ = sample("plain"), list_ = tmp_ / "survey-list.txt",
              out_ = tmp_ / "probes.tsv";
  survey::FileSurvey survey_;
};

// twice() starts with its USDT site's nop, main() with a frame push.
TEST_F(WriteProbeTable, WritesOneLinePerProbedEntry) {
  EXPECT_EQ(run(), "2 probes, 0 entries skipped");
  std::string want =
      "# offset\taddr\tword\tclass\t6.1\t6.1+probesim\t6.12\t6.12+probesim\t"
      "7.3\t7.3+probesim\tinsn\n";
  const char* rest[] = {
      "nop\txol\tprobesim-nop\txol\tprobesim-nop\tkernel-sim\tkernel-sim\tnop\n",
      "stp-push\txol\tprobesim-stp\txol\tprobesim-stp\txol\tprobesim-stp\t"
      "stp x29, x30, [sp, #-0x10]!\n"};
  ASSERT_EQ(survey_.entries.size(), 2U);
  for (std::size_t i = 0; i < 2; i++) {
    const auto& e = survey_.entries[i];
    want += hex(e.file_offset.value()) + '\t' + hex(e.addr) + '\t' +
            hex(e.word.value(), 8) + '\t' + rest[i];
  }
  EXPECT_EQ(read(out_), want);
}

TEST_F(WriteProbeTable, ElfMustHaveTheListsWords) {
  elf_ = sample("bti");  // other words at the same addresses
  try {
    run();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("as the list has it"), std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(out_));
}

TEST_F(WriteProbeTable, ElfMustBeAnArm64Program) {
  for (const std::string& bad : {tmp_ / "text", sample("object")}) {
    write(tmp_ / "text", "#!/bin/sh\n");
    elf_ = bad;
    EXPECT_THROW(run(), std::runtime_error) << bad;
    EXPECT_FALSE(std::filesystem::exists(out_));
  }
}

TEST_F(WriteProbeTable, NoEntryToProbeIsAnError) {
  write(list_, "# /tmp/grep\nfunc 1000 d503201f nop 6.1=xol [fde] \n");
  try {
    run();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), list_ + ": no function entry to probe");
  }
  EXPECT_FALSE(std::filesystem::exists(out_));
}

TEST_F(WriteProbeTable, MalformedListNamesFileAndLine) {
  write(list_, std::string(kList) + "func 1000\n");
  try {
    run();
    FAIL() << "no error";
  } catch (const ListError& e) {
    EXPECT_EQ(std::string(e.what()),
              list_ +
                  ": line 3: a function entry needs an address, a word "
                  "and a class");
  }
}

TEST_F(WriteProbeTable, MissingInputThrows) {
  elf_ = tmp_ / "none";
  EXPECT_THROW(run(), std::runtime_error);
  std::filesystem::remove(list_);
  EXPECT_THROW(run(), std::runtime_error);
}

}  // namespace
}  // namespace probesim::payload
