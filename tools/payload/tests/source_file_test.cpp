#include "source_file.hpp"

#include <gtest/gtest.h>

namespace probesim::payload {
namespace {

// FNV-1a, to pin long texts to a value computed once.
std::uint64_t fnv1a(std::string_view s, std::uint64_t h = 0xcbf29ce484222325u) {
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3u;
  return h;
}

TEST(SourceWriter, IdentJoinsSyllables) {
  Rng r(7);
  SourceWriter w(r);
  EXPECT_EQ(w.ident(2), "node_vma");
  EXPECT_EQ(w.ident(2), "bio_bio");
  EXPECT_EQ(w.ident(2), "port_reg");
  EXPECT_EQ(r.below(1000), 855u);
}

// A tiny target stops after the first struct or function.
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

TEST(SourceWriter, FileWithOneFunction) {
  Rng r(2);
  EXPECT_EQ(SourceWriter(r).file("x/y.c", 1),
            "// SPDX-License-Identifier: GPL-2.0-only\n"
            "/*\n"
            " * x/y.c: is race may here every error.\n"
            " */\n"
            "#include <linux/slot.h>\n"
            "#include <linux/sock.h>\n"
            "#include <linux/ops.h>\n"
            "#include <linux/node.h>\n"
            "\n"
            "static int list_size_list_sync(bool hdr)\n"
            "{\n"
            "\tu8 dev;\n"
            "\tunsigned int net;\n"
            "\tvoid * desc;\n"
            "\n"
            "\trcu_read_unlock();\n"
            "\tops += 2282;\n"
            "\tif (entry & 0x51a1) {\n"
            "\t\t/*\n"
            "\t\t * zero error only if is caller to.\n"
            "\t\t * every every only we caller on still.\n"
            "\t\t * here holding that a or to when sleep sleep this and "
            "not.\n"
            "\t\t */\n"
            "\t\tpr_debug(\"that must it before still: %d\\n\", state);\n"
            "\t\tlist_buf_lookup(file);\n"
            "\t}\n"
            "\tblk = !buf;\n"
            "\tspin_lock_irqsave(&size->lock, flags);\n"
            "\tif (!entry)\n"
            "\t\treturn -EINVAL;\n"
            "\t/*\n"
            "\t * returns is only to this.\n"
            "\t */\n"
            "\tif (!port)\n"
            "\t\treturn -EINVAL;\n"
            "\tspin_lock_irqsave(&ring->lock, flags);\n"
            "\tslot = inode >> 22;\n"
            "\tctx = desc[28] + ops;\n"
            "\trcu_read_lock();\n"
            "\tif (sock >> 11) {\n"
            "\t\tctx = list_map_pm_alloc(port, size);\n"
            "\t}\n"
            "\treturn 0;\n"
            "}\n"
            "\n");
}

// The corpus's first file for seed 1, after the draws of its path and
// target.
TEST(SourceWriter, FirstCorpusFileOfSeedOne) {
  Rng r(1);
  for (int i = 0; i < 6; i++) r.next();
  const std::string text =
      SourceWriter(r).file("include/desc7/flag_port_0.c", 28056);
  EXPECT_EQ(text.size(), 28675u);
  EXPECT_EQ(fnv1a(text), 0xf1018cbe8aefc8u);
}

}  // namespace
}  // namespace probesim::payload
