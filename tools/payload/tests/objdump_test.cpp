#include "objdump.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace probesim::payload {
namespace {

// aarch64-linux-gnu-objdump 2.40 -D -b binary -m aarch64 on six words.
constexpr std::string_view kOutput =
    "\n"
    "/tmp/t.bin:     file format binary\n"
    "\n"
    "\n"
    "Disassembly of section .data:\n"
    "\n"
    "0000000000000000 <.data>:\n"
    "   0:\td2800020 \tmov\tx0, #0x1                   \t// #1\n"
    "   4:\tf00001c0 \tadrp\tx0, 0x3b000\n"
    "   8:\ta9bf7bfd \tstp\tx29, x30, [sp, #-16]!\n"
    "   c:\t00000000 \tudf\t#0\n"
    "  10:\t94000000 \tbl\t0x10\n"
    "  14:\t92401c49 \tand\tx9, x2, #0xff\n";

TEST(ParseObjdump, InstructionPerWordWithoutComments) {
  const std::vector<std::string> expected = {
      "mov x0, #0x1", "adrp x0, 0x3b000", "stp x29, x30, [sp, #-16]!",
      "udf #0",       "bl 0x10",          "and x9, x2, #0xff"};
  EXPECT_EQ(parse_objdump(kOutput, 6), expected);
}

TEST(ParseObjdump, WordsItDoesNotShowAreQuestionMarks) {
  const std::vector<std::string> expected = {"?", "?", "ret"};
  EXPECT_EQ(parse_objdump("   8:\td65f03c0 \tret\n  40:\td503201f \tnop\n", 3),
            expected);
  // A line with no instruction after the word.
  EXPECT_EQ(parse_objdump("   0:\td65f03c0 \n", 1),
            std::vector<std::string>{"?"});
  EXPECT_EQ(parse_objdump("", 2), std::vector<std::string>(2, "?"));
}

TEST(ParseObjdump, OnlyLinesWithAnOffsetCount) {
  EXPECT_EQ(parse_objdump("0000000000000000 <.data>:\n"
                          "see 4:\tnop \tnop\n"
                          "   0:\td503201f \tnop\n",
                          1),
            std::vector<std::string>{"nop"});
}

TEST(ObjdumpProgram, ObjdumpVariableOverridesTheDefault) {
  const char* saved = std::getenv("OBJDUMP");
  const std::string restore = saved ? saved : "";
  unsetenv("OBJDUMP");
  EXPECT_EQ(objdump_program(), "aarch64-linux-gnu-objdump");
  setenv("OBJDUMP", "/opt/cross/objdump", 1);
  EXPECT_EQ(objdump_program(), "/opt/cross/objdump");
  if (saved)
    setenv("OBJDUMP", restore.c_str(), 1);
  else
    unsetenv("OBJDUMP");
}

TEST(Disassemble, MissingProgramThrows) {
  EXPECT_THROW(disassemble({0xd503201f}, "/nonexistent/objdump"), ObjdumpError);
}

TEST(Disassemble, FailingProgramThrows) {
  EXPECT_THROW(disassemble({0xd503201f}, "false"), ObjdumpError);
}

TEST(Disassemble, RealObjdump) {
#ifdef PROBESIM_OBJDUMP
  const std::vector<std::string> expected = {"nop", "stp x29, x30, [sp, #-32]!",
                                             "mov x0, #0x1", "ret"};
  EXPECT_EQ(disassemble({0xd503201f, 0xa9be7bfd, 0xd2800020, 0xd65f03c0},
                        PROBESIM_OBJDUMP),
            expected);
#else
  GTEST_SKIP() << "no aarch64-linux-gnu-objdump";
#endif
}

}  // namespace
}  // namespace probesim::payload
