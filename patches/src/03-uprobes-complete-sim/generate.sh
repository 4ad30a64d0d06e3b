#!/usr/bin/env bash
# The tree as it stands after this patch (see ../stage.sh), and the call
# in arch_uprobe_skip_sstep(). Written with awk rather than a diff, since
# the fix is also backported to trees whose context differs.
set -euo pipefail
"$TOP/patches/src/stage.sh" fixes

cd "$TREE"
uprobes=arch/arm64/kernel/probes/uprobes.c
awk '
	# After the handler and its blank line.
	pending && /^$/ {
		print
		print "\tarm_uprobe_complete_sim(insn, addr, regs);"
		pending = 0; call = 1; next
	}
	{ print }
	/^#include "decode-insn.h"$/ { print "#include \"simulate-insn.h\""; inc = 1 }
	/^\t\tauprobe->api.handler\(insn, addr, regs\);$/ { pending = 1 }
	END { if (!inc || !call) exit 1 }' "$uprobes" >"$uprobes.tmp" ||
	{ echo "03: no anchor in $uprobes" >&2; exit 1; }
mv "$uprobes.tmp" "$uprobes"

# The kselftests' directory among arm64's subtargets.
makefile=tools/testing/selftests/arm64/Makefile
sed 's/^\(ARM64_SUBTARGETS ?= .*\)$/\1 uprobes/' "$makefile" >"$makefile.tmp"
grep -q '^ARM64_SUBTARGETS ?= .* uprobes$' "$makefile.tmp" ||
	{ echo "03: no ARM64_SUBTARGETS in $makefile" >&2; exit 1; }
mv "$makefile.tmp" "$makefile"
