#include "probes.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

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

// e_ident of a little-endian ELF64 file, and the rest of a header.
std::string elf_header(char ei_class = 2, char ei_data = 1) {
  std::string h(64, '\0');
  h.replace(0, 4,
            "\x7f"
            "ELF");
  h[4] = ei_class;
  h[5] = ei_data;
  return h;
}

constexpr const char* kList =
    "# /tmp/grep\n"
    "func 004001c0 d503201f nop 6.1=xol 7.3=kernel-sim offset=0x1c0 [fde] \n"
    "func 004001d0 d65f03c0 ret 6.1=kernel-sim 7.3=kernel-sim offset=0x1d0 "
    "[fde+sym] f\n"
    "func 004001e0 d65f03c0 ret 6.1=kernel-sim 7.3=kernel-sim offset=0x1e0 "
    "[sym] g\n";

class WriteProbeTable : public testing::Test {
 protected:
  void SetUp() override {
    write(elf_, elf_header());
    write(list_, kList);
  }
  std::vector<std::string> disassemble(const std::vector<std::uint32_t>& w) {
    words_ = w;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < w.size(); i++)
      out.push_back("insn" + std::to_string(i));
    return out;
  }
  std::string run() {
    return write_probe_table(elf_, list_, out_,
                             [this](const auto& w) { return disassemble(w); });
  }

  TempDir tmp_;
  std::string elf_ = tmp_ / "grep", list_ = tmp_ / "survey-list.txt",
              out_ = tmp_ / "probes.tsv";
  std::vector<std::uint32_t> words_;
};

TEST_F(WriteProbeTable, WritesOneLinePerProbedEntry) {
  EXPECT_EQ(run(), "2 probes, 1 entries skipped");
  EXPECT_EQ(words_, (std::vector<std::uint32_t>{0xd503201f, 0xd65f03c0}));
  EXPECT_EQ(read(out_),
            "# offset\taddr\tword\tclass\t6.1\t7.3\tinsn\n"
            "1c0\t4001c0\td503201f\tnop\txol\tkernel-sim\tinsn0\n"
            "1d0\t4001d0\td65f03c0\tret\tkernel-sim\tkernel-sim\tinsn1\n");
}

TEST_F(WriteProbeTable, ElfMustBeLittleEndianElf64) {
  for (const std::string& bad :
       {std::string("#!/bin/sh\n"), elf_header(1, 1), elf_header(2, 2),
        std::string("\x7f"
                    "EL")}) {
    write(elf_, bad);
    EXPECT_THROW(run(), std::runtime_error);
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
                  ": line 5: a function entry needs an address, a word "
                  "and a class");
  }
}

TEST_F(WriteProbeTable, MissingInputThrows) {
  std::filesystem::remove(list_);
  EXPECT_THROW(run(), std::runtime_error);
  std::filesystem::remove(elf_);
  EXPECT_THROW(run(), std::runtime_error);
}

}  // namespace
}  // namespace probesim::payload
