#!/usr/bin/env bash
# stock-rules-check.sh [--full] KVER...: the survey's rules for each stock
# kernel (tools/survey/kernel_rules.cpp, written by hand so that the
# survey builds without a kernel tree) against that kernel's own decoder:
# arch/arm64/kernel/probes/decode-insn.c and <asm/insn.h> of its Debian
# tree, built for the host as they are with tools/kernel-shim/stock.
# They must agree on every word of a 67-million-word sample, or on every
# word with --full. One result line per kernel; exit 1 if one differs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

full=()
if [ "${1:-}" = --full ]; then
	full=(--full)
	shift
fi
[ $# -gt 0 ] || die "usage: $0 [--full] KVER..."
shim=$PROBESIM_TOP/tools/kernel-shim/stock
survey=$PROBESIM_TOP/tools/survey
out=$PROBESIM_OUT/stock-rules
# Headers decode-insn.c includes and needs nothing of.
mkdir -p "$out/include/linux" "$out/include/asm"
for h in linux/kernel.h linux/kprobes.h linux/module.h linux/kallsyms.h \
	asm/sections.h asm/insn-def.h; do
	: >"$out/include/$h"
done

check() {	# check KVER
	local kver=$1 src probes build lib objs=()
	src=$(pristine_tree "$kver")
	probes=$src/arch/arm64/kernel/probes
	build=$out/$kver
	rm -rf "$build"
	mkdir -p "$build"
	# The handlers the decoder names, as this kernel declares them.
	grep -o 'void simulate_[a-z_]*' "$probes/simulate-insn.h" |
		sed 's/^void \(.*\)$/STUB(\1)/' >"$build/stubs.h"
	local cflags=(-std=gnu11 -O2 -include "$shim/prelude.h" -I"$shim/include"
		-I"$out/include" -I"$src/arch/arm64/include" -I"$probes" -I"$build")
	cc "${cflags[@]}" -c "$probes/decode-insn.c" -o "$build/decode-insn.o"
	cc "${cflags[@]}" -c "$shim/decode.c" -o "$build/decode.o"
	objs=("$build/decode-insn.o" "$build/decode.o")
	# Where lib/insn.c has the instruction-class helpers (6.1; later
	# kernels have them in <asm/insn.h>): its lines from the class table
	# to the end of aarch64_insn_is_branch().
	lib=$src/arch/arm64/lib/insn.c
	if grep -q '^static const int aarch64_insn_encoding_class\[\]' "$lib"; then
		{
			echo '#include <linux/types.h>'
			echo '#include <asm/insn.h>'
			awk '/^static const int aarch64_insn_encoding_class\[\]/ { on = 1 }
			     on { print }
			     on && /^bool __kprobes aarch64_insn_is_branch\(/ { last = 1 }
			     last && /^}/ { exit }' "$lib"
		} >"$build/lib-insn.c"
		cc "${cflags[@]}" -c "$build/lib-insn.c" -o "$build/lib-insn.o"
		objs+=("$build/lib-insn.o")
	fi
	c++ -std=c++20 -O2 -I"$survey" "$shim/check.cpp" "$survey/kernel_rules.cpp" \
		"${objs[@]}" -o "$build/check"
	"$build/check" "$kver" "${full[@]}"
}

status=0
for kver; do
	if check "$kver" >"$out/$kver.log" 2>&1; then
		echo "ok: the survey's rules are $kver's decode-insn.c ($(tail -n 1 "$out/$kver.log"))"
	else
		cat "$out/$kver.log" >&2
		echo "FAIL: the survey's rules are $kver's decode-insn.c"
		status=1
	fi
done
exit "$status"
