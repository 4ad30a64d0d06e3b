#include "source_file.hpp"

#include <gtest/gtest.h>

namespace probesim::payload {
namespace {

TEST(SourceWriter, IdentJoinsSyllables) {
  Rng r(7);
  SourceWriter w(r);
  EXPECT_EQ(w.ident(2), "node_vma");
  EXPECT_EQ(w.ident(2), "bio_bio");
  EXPECT_EQ(w.ident(2), "port_reg");
  EXPECT_EQ(r.below(1000), 855u);
}

// A tiny target stops after the first struct or function. The rest of
// the writer's text is pinned by the corpus's hashes (corpus_test).
TEST(SourceWriter, FileWithOneStruct) {
  Rng r(6);
  EXPECT_EQ(SourceWriter(r).file("x/y.c", 1),
            "// SPDX-License-Identifier: GPL-2.0-only\n"
            "/*\n"
            " * x/y.c: this be to may holding every here a after caller for "
            "error and.\n"
            " */\n"
            "#include <linux/lock.h>\n"
            "#include <linux/addr.h>\n"
            "#include <linux/sock.h>\n"
            "#include <linux/priv.h>\n"
            "\n"
            "struct cpu_timer {\n"
            "\tsize_t dma;\n"
            "\tu8 desc;\n"
            "\tconst char * map;\n"
            "\tu32 node;\n"
            "\tstruct device * node;\n"
            "};\n"
            "\n");
}

}  // namespace
}  // namespace probesim::payload
