#!/usr/bin/env bash
# stage.sh STAGE [--kunit]: write the in-tree simulation of uprobed
# instructions, as it stands after STAGE of the series, into
# $TREE/arch/arm64/kernel/probes/probesim/. The sources are the module's
# (module/, kunit/), run through unifdef: the families of later stages
# and the module-only glue drop out; calls of functions the module had to
# resolve at load time become direct calls; the module's counters and
# exports go (in-tree, the KUnit suites are built in). The in-tree glue
# (the decision point) comes from patches/src/in-tree/.
set -euo pipefail
: "${TREE:?}" "${TOP:?}"

stage=$1
kunit=${2:-}
# The families' flags, in the order module/families.h brings them in:
# each stage turns on its own flag and those of the stages before it.
mapfile -t all_flags < <(grep -o 'PROBESIM_WITH_[A-Z][A-Z_]*' "$TOP/module/families.h" |
	awk '!seen[$0]++')
own=PROBESIM_WITH_$(echo "$stage" | tr 'a-z-' 'A-Z_')
case " ${all_flags[*]} " in
*" $own "*) ;;
*) [ "$stage" = nop ] || { echo "stage.sh: unknown stage $stage" >&2; exit 2; } ;;
esac
flags=() on=1
[ "$stage" != nop ] || on=''
for f in "${all_flags[@]}"; do
	if [ -n "$on" ]; then flags+=("-D$f"); else flags+=("-U$f"); fi
	[ "$f" != "$own" ] || on=''
done

dst=$TREE/arch/arm64/kernel/probes/probesim
rm -rf "$dst"
mkdir -p "$dst"

# gen SRC DST: the kernel side of SRC at this stage.
gen() {
	local rc=0
	unifdef -D__KERNEL__ -UPROBESIM_MODULE "${flags[@]}" -o "$2.tmp" "$1" || rc=$?
	[ "$rc" -le 1 ] || { echo "stage.sh: unifdef failed on $1" >&2; exit 1; }
	sed -e '/^EXPORT_SYMBOL_GPL(/d' \
	    -e '/^#include <linux\/export.h>/d' \
	    -e '/^[[:space:]]*probesim_count_[a-z]*(.*);$/d' \
	    -e 's/probesim_force_sig_fault(/force_sig_fault(/' \
	    -e 's/probesim_force_signal_inject(/force_signal_inject(/' \
	    -e 's/probesim_arm64_notify_die(/arm64_notify_die(/' \
	    -e 's|"\.\./module/|"../|' \
	    "$2.tmp" | cat -s | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$2"
	rm -f "$2.tmp"
}

objs="glue.o switches.o decode.o simulate.o"
for f in insn.h families.h simulate.h switches.h switches.c decode.c simulate.c; do
	gen "$TOP/module/$f" "$dst/$f"
done
if [ "$stage" != nop ] && [ "$stage" != stp ]; then
	gen "$TOP/module/gate.c" "$dst/gate.c"
	objs="$objs gate.o"
fi
if [ "$stage" = alu ] || [ "$stage" = bti ]; then
	gen "$TOP/module/alu.c" "$dst/alu.c"
	objs="$objs alu.o"
fi
for f in probesim.h glue.c; do
	gen "$TOP/patches/src/in-tree/$f" "$dst/$f"
done
{
	echo "# SPDX-License-Identifier: GPL-2.0"
	echo "obj-\$(CONFIG_UPROBES) += $objs"
	[ -z "$kunit" ] || echo "obj-\$(CONFIG_ARM64_PROBESIM_KUNIT_TEST) += kunit/"
} >"$dst/Makefile"

if [ -n "$kunit" ]; then
	tests="hint_test neighbour_test ldstp_test gate_test names_test simulate_test"
	[ "$stage" != alu ] && [ "$stage" != bti ] || tests="$tests alu_test"
	[ "$stage" != bti ] || tests="$tests bti_test"
	mkdir -p "$dst/kunit"
	gen "$TOP/kunit/probesim_kunit.h" "$dst/kunit/probesim_kunit.h"
	objs=
	for t in $tests; do
		gen "$TOP/kunit/$t.c" "$dst/kunit/$t.c"
		objs="$objs $t.o"
	done
	{
		echo "# SPDX-License-Identifier: GPL-2.0"
		echo "obj-\$(CONFIG_ARM64_PROBESIM_KUNIT_TEST) +=$objs"
	} >"$dst/kunit/Makefile"
	cp "$TOP/patches/src/in-tree/kunitconfig" "$dst/.kunitconfig"
fi
