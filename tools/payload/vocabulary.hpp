// The words the corpus is made of. Their order is part of the corpus
// format: the PRNG picks them by index.
#pragma once

#include <string_view>

namespace probesim::payload::vocabulary {

inline constexpr std::string_view kSyllables[] = {
    "buf",  "dev",   "irq",  "page",  "map",  "lock",  "list",  "node", "ctx",
    "req",  "queue", "slot", "ring",  "desc", "addr",  "size",  "len",  "ops",
    "priv", "state", "work", "timer", "flag", "entry", "inode", "file", "sock",
    "skb",  "hdr",   "cfg",  "reg",   "pm",   "dma",   "vma",   "mm",   "task",
    "cpu",  "zone",  "bio",  "blk",   "net",  "port"};

inline constexpr std::string_view kVerbs[] = {
    "get",    "put",   "alloc",  "free",  "init",  "exit",   "probe", "remove",
    "read",   "write", "update", "check", "reset", "start",  "stop",  "lookup",
    "insert", "flush", "sync",   "parse", "setup", "release"};

inline constexpr std::string_view kTypes[] = {
    "int",           "unsigned int", "long",   "unsigned long",
    "u32",           "u64",          "u8",     "bool",
    "size_t",        "void *",       "char *", "struct device *",
    "struct page *", "const char *"};

inline constexpr std::string_view kTopDirs[] = {
    "arch", "block", "crypto", "drivers",  "fs",    "include", "kernel",
    "lib",  "mm",    "net",    "security", "sound", "tools",   "virt"};

inline constexpr std::string_view kWords[] = {
    "the",    "a",       "of",    "to",    "is",    "we",     "must",
    "not",    "be",      "when",  "this",  "that",  "if",     "it",
    "for",    "on",      "and",   "or",    "after", "before", "holding",
    "caller", "returns", "zero",  "error", "here",  "again",  "only",
    "once",   "every",   "still", "may",   "sleep", "race"};

// "{p}" stands for a variable name.
inline constexpr std::string_view kLocks[] = {
    "spin_lock_irqsave(&{p}->lock, flags);",
    "spin_unlock_irqrestore(&{p}->lock, flags);",
    "mutex_lock(&{p}->mutex);",
    "mutex_unlock(&{p}->mutex);",
    "rcu_read_lock();",
    "rcu_read_unlock();"};

inline constexpr std::string_view kErrnos[] = {"INVAL", "NOMEM", "BUSY", "IO"};

inline constexpr std::string_view kLoopVariables = "ijk";

}  // namespace probesim::payload::vocabulary
