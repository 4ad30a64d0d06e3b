# SPDX-License-Identifier: GPL-2.0
# Uprobes on the instructions the kernel simulates, each compared with the
# CPU running it natively and with the probe single-stepped out of line.

TEST_GEN_PROGS := @TESTS@

include ../../lib.mk

LIB_SRCS := $(wildcard lib/*.c lib/*.S)
LIB_HDRS := $(wildcard lib/*.h)

# MTE instructions in the MTE test; no branch protection, so that the
# tests' own code has no landing pads for the probes to land on.
CFLAGS += -Ilib -pthread -march=armv8.5-a+memtag -mbranch-protection=none

$(TEST_GEN_PROGS): $(OUTPUT)/%: %.c $(LIB_SRCS) $(LIB_HDRS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_SRCS) $(LDLIBS)
