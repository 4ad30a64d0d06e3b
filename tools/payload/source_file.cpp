#include "source_file.hpp"

#include "output.hpp"
#include "vocabulary.hpp"

// Every draw from the PRNG is a statement of its own, in the order the
// text reads: C++ leaves the order of evaluation of operands open, and
// the corpus depends on the order of the draws.

namespace probesim::payload {

namespace v = vocabulary;
using survey::hex;

namespace {

std::string str(std::string_view s) { return std::string(s); }

}  // namespace

void SourceWriter::line(std::string_view text) {
  out_ += text;
  out_ += '\n';
}

std::string SourceWriter::ident(std::uint64_t parts) {
  std::string out;
  for (std::uint64_t i = 0; i < parts; i++) {
    if (i) out += '_';
    out += r_.pick(v::kSyllables);
  }
  return out;
}

std::string SourceWriter::func_name(std::string_view prefix) {
  const std::string middle = ident(r_.below(2) + 1);
  const std::string_view verb = r_.pick(v::kVerbs);
  return str(prefix) + "_" + middle + "_" + str(verb);
}

std::string SourceWriter::sentence() {
  std::string out;
  for (std::uint64_t i = 0, n = 4 + r_.below(10); i < n; i++) {
    if (i) out += ' ';
    out += r_.pick(v::kWords);
  }
  return out;
}

void SourceWriter::comment(const std::string& indent) {
  if (r_.chance(50)) {
    line(indent + "/* " + sentence() + " */");
    return;
  }
  line(indent + "/*");
  for (std::uint64_t i = 0, n = 1 + r_.below(4); i < n; i++)
    line(indent + " * " + sentence() + ".");
  line(indent + " */");
}

std::string SourceWriter::expr() {
  const std::string a = ident(1);
  const std::string b = ident(1);
  switch (r_.below(6)) {
    case 0:
      return a + "->" + b;
    case 1:
      return a + " & 0x" + hex(r_.below(1 << 16));
    case 2:
      return a + "[" + std::to_string(r_.below(64)) + "] + " + b;
    case 3:
      return func_name(ident(1)) + "(" + a + ", " + b + ")";
    case 4:
      return "!" + a;
    default:
      return a + " >> " + std::to_string(r_.below(32));
  }
}

void SourceWriter::statement(unsigned depth, std::string_view prefix) {
  const std::string ind(depth, '\t');
  const std::uint64_t kind = r_.below(12);
  if (kind <= 3 || depth > 3) {
    const std::string lhs = ident(1);
    line(ind + lhs + " = " + expr() + ";");
  } else if (kind == 4) {
    const std::string callee = func_name(prefix);
    line(ind + callee + "(" + ident(1) + ");");
  } else if (kind == 5 || kind == 6) {
    if (kind == 5) {
      line(ind + "if (" + expr() + ") {");
    } else {
      const std::string var(1, r_.pick(v::kLoopVariables));
      const std::string bound = ident(1);
      line(ind + "for (" + var + " = 0; " + var + " < " + bound + "; " + var +
           "++) {");
    }
    for (std::uint64_t i = 0, n = 1 + r_.below(3); i < n; i++) statement(depth + 1, prefix);
    line(ind + "}");
  } else if (kind == 7) {
    // The name is drawn even for the locks that do not use it.
    std::string lock = str(r_.pick(v::kLocks));
    const std::string name = ident(1);
    if (const auto at = lock.find("{p}"); at != std::string::npos)
      lock.replace(at, 3, name);
    line(ind + lock);
  } else if (kind == 8) {
    comment(ind);
  } else if (kind == 9) {
    const std::string text = sentence();
    line(ind + "pr_debug(\"" + text + ": %d\\n\", " + ident(1) + ");");
  } else if (kind == 10) {
    line(ind + "if (!" + ident(1) + ")");
    line(ind + "\treturn -E" + str(r_.pick(v::kErrnos)) + ";");
  } else {
    const std::string lhs = ident(1);
    line(ind + lhs + " += " + std::to_string(r_.below(4096)) + ";");
  }
}

void SourceWriter::function(std::string_view prefix) {
  const std::string name = func_name(prefix);
  std::string args;
  for (std::uint64_t i = 0, nargs = 1 + r_.below(3); i < nargs; i++) {
    if (i) args += ", ";
    args += r_.pick(v::kTypes);
    args += ' ';
    args += ident(1);
  }
  const std::string storage = r_.chance(70) ? "static " : "";
  const std::string_view type = r_.pick(v::kTypes);
  line(storage + str(type) + " " + name + "(" + args + ")");
  line("{");
  for (std::uint64_t i = 0, locals = 1 + r_.below(3); i < locals; i++) {
    const std::string_view type = r_.pick(v::kTypes);
    line("\t" + str(type) + " " + ident(1) + ";");
  }
  line("");
  for (std::uint64_t i = 0, n = 3 + r_.below(18); i < n; i++) statement(1, prefix);
  line("\treturn 0;");
  line("}");
  line("");
}

std::string SourceWriter::file(std::string_view path, std::uint64_t target) {
  const std::string prefix = ident(1);
  out_.clear();
  line("// SPDX-License-Identifier: GPL-2.0-only");
  line("/*");
  line(" * " + str(path) + ": " + sentence() + ".");
  line(" */");
  for (std::uint64_t i = 0, includes = 2 + r_.below(8); i < includes; i++)
    line("#include <linux/" + ident(1) + ".h>");
  line("");
  // The target counts the body only, not the header above.
  const std::size_t body = out_.size();
  while (out_.size() - body < target) {
    if (r_.chance(15)) {
      line("struct " + prefix + "_" + ident(1) + " {");
      for (std::uint64_t i = 0, fields = 2 + r_.below(8); i < fields; i++) {
        const std::string_view type = r_.pick(v::kTypes);
        line("\t" + str(type) + " " + ident(1) + ";");
      }
      line("};");
      line("");
    } else {
      function(prefix);
    }
  }
  return std::move(out_);
}

}  // namespace probesim::payload
