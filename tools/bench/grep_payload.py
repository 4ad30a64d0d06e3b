#!/usr/bin/env python3
"""Host side of the grep benchmark's payload (vm/build-grep-payload.sh).

  grep_payload.py corpus DIR MEGABYTES SEED
      Write a deterministic tree of C-like source files into DIR, about
      MEGABYTES in total. The same arguments give the same bytes on any
      host and Python version: the generator uses its own PRNG.

  grep_payload.py probes ELF SURVEY_LIST OUT
      Turn `probesim-survey --list ELF` output into the probe table OUT:
      one line per function entry from .eh_frame that lies in executable
      code, with its file offset (what a uprobe is placed at), address,
      instruction word, survey class, the survey's verdict per kernel
      variant and the disassembled instruction (aarch64 objdump).
"""

import os
import struct
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------- corpus


class Rng:
    """xorshift64*: small, fast enough, and fixed forever."""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def next(self):
        s = self.s
        s ^= s >> 12
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= s >> 27
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        return (self.next() >> 11) % n

    def pick(self, seq):
        return seq[self.below(len(seq))]

    def chance(self, percent):
        return self.below(100) < percent


SYLLABLES = ("buf", "dev", "irq", "page", "map", "lock", "list", "node",
             "ctx", "req", "queue", "slot", "ring", "desc", "addr", "size",
             "len", "ops", "priv", "state", "work", "timer", "flag", "entry",
             "inode", "file", "sock", "skb", "hdr", "cfg", "reg", "pm", "dma",
             "vma", "mm", "task", "cpu", "zone", "bio", "blk", "net", "port")
VERBS = ("get", "put", "alloc", "free", "init", "exit", "probe", "remove",
         "read", "write", "update", "check", "reset", "start", "stop",
         "lookup", "insert", "flush", "sync", "parse", "setup", "release")
TYPES = ("int", "unsigned int", "long", "unsigned long", "u32", "u64", "u8",
         "bool", "size_t", "void *", "char *", "struct device *",
         "struct page *", "const char *")
TOPDIRS = ("arch", "block", "crypto", "drivers", "fs", "include", "kernel",
           "lib", "mm", "net", "security", "sound", "tools", "virt")
WORDS = ("the", "a", "of", "to", "is", "we", "must", "not", "be", "when",
         "this", "that", "if", "it", "for", "on", "and", "or", "after",
         "before", "holding", "caller", "returns", "zero", "error", "here",
         "again", "only", "once", "every", "still", "may", "sleep", "race")
LOCKS = ("spin_lock_irqsave(&{p}->lock, flags);",
         "spin_unlock_irqrestore(&{p}->lock, flags);",
         "mutex_lock(&{p}->mutex);", "mutex_unlock(&{p}->mutex);",
         "rcu_read_lock();", "rcu_read_unlock();")


class Writer:
    def __init__(self, rng):
        self.r = rng
        self.out = []

    def ident(self, parts=2):
        return "_".join(self.r.pick(SYLLABLES) for _ in range(parts))

    def func_name(self, prefix):
        return f"{prefix}_{self.ident(self.r.below(2) + 1)}_{self.r.pick(VERBS)}"

    def sentence(self):
        n = 4 + self.r.below(10)
        return " ".join(self.r.pick(WORDS) for _ in range(n))

    def comment(self, indent):
        if self.r.chance(50):
            self.out.append(f"{indent}/* {self.sentence()} */")
            return
        self.out.append(f"{indent}/*")
        for _ in range(1 + self.r.below(4)):
            self.out.append(f"{indent} * {self.sentence()}.")
        self.out.append(f"{indent} */")

    def expr(self):
        r = self.r
        a, b = self.ident(1), self.ident(1)
        kind = r.below(6)
        if kind == 0:
            return f"{a}->{b}"
        if kind == 1:
            return f"{a} & 0x{r.below(1 << 16):x}"
        if kind == 2:
            return f"{a}[{r.below(64)}] + {b}"
        if kind == 3:
            return f"{self.func_name(self.ident(1))}({a}, {b})"
        if kind == 4:
            return f"!{a}"
        return f"{a} >> {r.below(32)}"

    def statement(self, depth, prefix):
        r = self.r
        ind = "\t" * depth
        kind = r.below(12)
        if kind <= 3 or depth > 3:
            self.out.append(f"{ind}{self.ident(1)} = {self.expr()};")
        elif kind == 4:
            self.out.append(f"{ind}{self.func_name(prefix)}({self.ident(1)});")
        elif kind == 5:
            self.out.append(f"{ind}if ({self.expr()}) {{")
            for _ in range(1 + r.below(3)):
                self.statement(depth + 1, prefix)
            self.out.append(f"{ind}}}")
        elif kind == 6:
            v = r.pick("ijk")
            self.out.append(f"{ind}for ({v} = 0; {v} < {self.ident(1)}; {v}++) {{")
            for _ in range(1 + r.below(3)):
                self.statement(depth + 1, prefix)
            self.out.append(f"{ind}}}")
        elif kind == 7:
            self.out.append(f"{ind}" + r.pick(LOCKS).format(p=self.ident(1)))
        elif kind == 8:
            self.comment(ind)
        elif kind == 9:
            self.out.append(f'{ind}pr_debug("{self.sentence()}: %d\\n", {self.ident(1)});')
        elif kind == 10:
            self.out.append(f"{ind}if (!{self.ident(1)})")
            self.out.append(f"{ind}\treturn -E{r.pick(('INVAL', 'NOMEM', 'BUSY', 'IO'))};")
        else:
            self.out.append(f"{ind}{self.ident(1)} += {r.below(4096)};")

    def function(self, prefix):
        r = self.r
        name = self.func_name(prefix)
        args = ", ".join(f"{r.pick(TYPES)} {self.ident(1)}"
                         for _ in range(1 + r.below(3)))
        static = "static " if r.chance(70) else ""
        self.out.append(f"{static}{r.pick(TYPES)} {name}({args})")
        self.out.append("{")
        for _ in range(1 + r.below(3)):
            self.out.append(f"\t{r.pick(TYPES)} {self.ident(1)};")
        self.out.append("")
        for _ in range(3 + r.below(18)):
            self.statement(1, prefix)
        self.out.append("\treturn 0;")
        self.out.append("}")
        self.out.append("")

    def file(self, path, target):
        r = self.r
        prefix = self.ident(1)
        self.out = ["// SPDX-License-Identifier: GPL-2.0-only", "/*",
                    f" * {path}: {self.sentence()}.", " */"]
        for _ in range(2 + r.below(8)):
            self.out.append(f"#include <linux/{self.ident(1)}.h>")
        self.out.append("")
        size = 0
        while size < target:
            before = len(self.out)
            if r.chance(15):
                self.out.append(f"struct {prefix}_{self.ident(1)} {{")
                for _ in range(2 + r.below(8)):
                    self.out.append(f"\t{r.pick(TYPES)} {self.ident(1)};")
                self.out.append("};")
                self.out.append("")
            else:
                self.function(prefix)
            size += sum(len(line) + 1 for line in self.out[before:])
        return "\n".join(self.out) + "\n"


def corpus(directory, megabytes, seed):
    rng = Rng(seed)
    total = int(megabytes * 1024 * 1024)
    written = files = 0
    os.makedirs(directory)
    while written < total:
        top = rng.pick(TOPDIRS)
        sub = f"{rng.pick(SYLLABLES)}{rng.below(8)}"
        rel = os.path.join(top, sub, f"{Writer(rng).ident(2)}_{files}.c")
        path = os.path.join(directory, rel)
        text = Writer(rng).file(rel, 2048 + rng.below(30 * 1024))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="ascii") as f:
            f.write(text)
        written += len(text)
        files += 1
    print(f"{files} files, {written} bytes")


# ---------------------------------------------------------------- probes


def load_segments(elf):
    """PT_LOAD segments of a little-endian ELF64: (vaddr, offset, filesz)."""
    with open(elf, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise SystemExit(f"{elf}: not a little-endian ELF64 file")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    segs = []
    for i in range(phnum):
        p_type, _flags, off, vaddr, _paddr, filesz = struct.unpack_from(
            "<IIQQQQ", data, phoff + i * phentsize)
        if p_type == 1:
            segs.append((vaddr, off, filesz))
    return segs


def file_offset(segs, addr):
    for vaddr, off, filesz in segs:
        if vaddr <= addr < vaddr + filesz:
            return addr - vaddr + off
    return None


def disassemble(words):
    """The objdump text of each 32-bit word, in order."""
    objdump = os.environ.get("OBJDUMP", "aarch64-linux-gnu-objdump")
    with tempfile.NamedTemporaryFile(suffix=".bin") as blob:
        blob.write(b"".join(struct.pack("<I", w) for w in words))
        blob.flush()
        out = subprocess.run([objdump, "-D", "-b", "binary", "-m", "aarch64",
                              blob.name], check=True, capture_output=True,
                             text=True).stdout
    text = {}
    for line in out.splitlines():
        # "   4:\td503201f \tnop"
        head, sep, rest = line.partition(":\t")
        if not sep or not head.strip().isalnum():
            continue
        fields = rest.split("\t", 1)
        insn = fields[1].strip() if len(fields) > 1 else "?"
        insn = insn.split("//")[0].strip()
        text[int(head.strip(), 16) // 4] = " ".join(insn.split())
    return [text.get(i, "?") for i in range(len(words))]


def probes(elf, survey_list, out):
    segs = load_segments(elf)
    rows = []
    skipped = 0
    with open(survey_list, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            # func ADDR WORD CLASS KERNEL=VERDICT... [fde] [NAME], one
            # verdict per survey variant (6.1, 6.1+probesim, ... 7.3+probesim)
            if not fields or fields[0] != "func":
                continue
            if fields[2] == "--------" or "[fde" not in line:
                skipped += 1
                continue
            verdicts = dict(v.split("=", 1) for v in fields[4:]
                            if "=" in v and v[0].isdigit())
            if "rejected" in verdicts.values():
                skipped += 1
                continue
            addr = int(fields[1], 16)
            offset = file_offset(segs, addr)
            if offset is None:
                skipped += 1
                continue
            rows.append((offset, addr, int(fields[2], 16), fields[3], verdicts))
    if not rows:
        raise SystemExit(f"{survey_list}: no function entry to probe")
    insns = disassemble([r[2] for r in rows])
    with open(out, "w", encoding="utf-8") as f:
        variants = list(rows[0][4])
        f.write("# offset\taddr\tword\tclass\t" + "\t".join(variants) + "\tinsn\n")
        for (offset, addr, word, cls, v), insn in zip(rows, insns):
            f.write(f"{offset:x}\t{addr:x}\t{word:08x}\t{cls}\t"
                    + "".join(f"{v[k]}\t" for k in variants) + f"{insn}\n")
    print(f"{len(rows)} probes, {skipped} entries skipped")


def main(argv):
    if len(argv) == 5 and argv[1] == "corpus":
        corpus(argv[2], float(argv[3]), int(argv[4]))
    elif len(argv) == 5 and argv[1] == "probes":
        probes(argv[2], argv[3], argv[4])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
