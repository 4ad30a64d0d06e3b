#include "probes.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "classify.hpp"
#include "output.hpp"
#include "probe_table.hpp"
#include "survey.hpp"
#include "test_files.hpp"

namespace probesim::payload {
namespace {

using test::sample;
using test::TempDir;

using survey::hex;

class WriteProbeTable : public testing::Test {
 protected:
  void SetUp() override {
    if (sample("plain").empty()) GTEST_SKIP() << "no aarch64-linux-gnu-gcc: no sample";
    survey_ = survey::survey_file(sample("plain"));
  }
  std::string run() { return write_probe_table(elf_, out_); }

  TempDir tmp_;
  std::string elf_ = sample("plain"), out_ = tmp_ / "probes.tsv";
  survey::FileSurvey survey_;
};

// twice() starts with its USDT site's nop, main() with a frame push.
TEST_F(WriteProbeTable, WritesOneLinePerProbedEntry) {
  EXPECT_EQ(run(), "2 probes, 0 entries skipped");
  std::string want =
      "# offset\taddr\tword\tclass\t6.1\t6.1+probesim\t6.12\t6.12+probesim\t"
      "7.3\t7.3+probesim\tinsn\n";
  const char* rest[] = {"nop\txol\tprobesim-nop\txol\tprobesim-nop\tkernel-sim\tkernel-sim\tnop\n",
                        "stp-push\txol\tprobesim-stp\txol\tprobesim-stp\txol\tprobesim-stp\t"
                        "stp x29, x30, [sp, #-0x10]!\n"};
  ASSERT_EQ(survey_.entries.size(), 2U);
  for (std::size_t i = 0; i < 2; i++) {
    const auto& e = survey_.entries[i];
    want += hex(e.file_offset.value()) + '\t' + hex(e.addr) + '\t' + hex(e.word.value(), 8) + '\t' +
            rest[i];
  }
  EXPECT_EQ(test::slurp(out_), want);
}

TEST_F(WriteProbeTable, ElfMustBeAnArm64Program) {
  for (const std::string& bad : {tmp_ / "text", sample("object"), tmp_ / "none"}) {
    test::spill(tmp_ / "text", "#!/bin/sh\n");
    elf_ = bad;
    try {
      run();
      ADD_FAILURE() << "no error for " << bad;
    } catch (const std::runtime_error& e) {
      EXPECT_TRUE(std::string(e.what()).starts_with(bad + ": ")) << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(out_));
  }
}

// An entry is probed when .eh_frame gives it, it is in executable code
// and in the file, and no kernel rejects a uprobe on it.
TEST(SelectProbes, SkipsWhatTheBenchmarkCannotProbe) {
  constexpr std::uint32_t kStp = 0xa9bf7bfd, kLdxr = 0xc85f7c00;  // stp x29, x30; ldxr
  ASSERT_EQ(survey::outcome(kLdxr, survey::Variant::k6_12), survey::Outcome::kRejected);
  ASSERT_NE(survey::outcome(kStp, survey::Variant::k6_12), survey::Outcome::kRejected);
  survey::FileSurvey file;
  // Address, from an FDE, from a symbol, name, word, file offset.
  file.entries = {{0x1000, true, false, "", kStp, 0x100},  {0x1010, false, true, "", kStp, 0x110},
                  {0x1020, true, false, "", {}, 0x120},    {0x1030, true, false, "", kStp, {}},
                  {0x1040, true, false, "", kLdxr, 0x140}, {0x1050, true, false, "", kStp, 0x150}};
  const Selection sel = select_probes(file);
  ASSERT_EQ(sel.probes.size(), 2U);
  EXPECT_EQ(sel.probes[0].addr, 0x1000U);
  EXPECT_EQ(sel.probes[0].offset, 0x100U);
  EXPECT_EQ(sel.probes[0].word, kStp);
  EXPECT_EQ(sel.probes[1].addr, 0x1050U);
  EXPECT_EQ(sel.skipped, 4U);
}

}  // namespace
}  // namespace probesim::payload
