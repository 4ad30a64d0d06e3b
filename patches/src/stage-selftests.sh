#!/usr/bin/env bash
# stage-selftests.sh: write the selftests of the in-tree simulation into
# $TREE/tools/testing/selftests/arm64/uprobes/. The sources are the
# project's selftests (selftests/), run through unifdef: what only
# probesim.ko has (its counters, loading it, PROBESIM_MODE) drops out, and
# the tests expect the kernel itself to simulate. The Makefile and config
# come from patches/src/in-tree/.
set -euo pipefail
: "${TREE:?}" "${TOP:?}"

dst=$TREE/tools/testing/selftests/arm64/uprobes
rm -rf "$dst"
mkdir -p "$dst/lib"

# The comparisons with the CPU, and the single-step ones.
tests="bti btype equivalence mte ptrace_step stp_faults stp_sp"
# Those whose teardown needs FIXTURE_TEARDOWN_PARENT (the harness has it
# from Linux 6.9 on).
if grep -q FIXTURE_TEARDOWN_PARENT "$TREE/tools/testing/selftests/kselftest_harness.h"; then
	tests="$tests alu_fuzz xol_witness"
fi

# gen SRC DST: SRC without the module-only parts.
gen() {
	local rc=0
	unifdef -UPROBESIM_MODULE -o "$2.tmp" "$1" || rc=$?
	[ "$rc" -le 1 ] || { echo "stage-selftests.sh: unifdef failed on $1" >&2; exit 1; }
	# Runs of blank lines the dropped parts leave become one, and none
	# is left at the end.
	cat -s "$2.tmp" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$2"
	rm -f "$2.tmp"
}

# A lib file that is all module-only (probesim's counters: stats.[ch]) is
# left with its licence line alone; it goes, as an empty unit would.
for f in "$TOP"/selftests/lib/*.[chS]; do
	out=$dst/lib/$(basename "$f")
	gen "$f" "$out"
	grep -qv -e '^[[:space:]]*$' -e 'SPDX-License-Identifier' "$out" || rm -f "$out"
done
progs=
for t in $tests; do
	gen "$TOP/selftests/$t.c" "$dst/$t.c"
	progs="$progs $t"
done
progs=$(echo "$progs" | tr ' ' '\n' | sort | tr '\n' ' ' | sed -e 's/^ //' -e 's/ $//')
sed -e "s/@TESTS@/$progs/" "$TOP/patches/src/in-tree/selftests.mk" >"$dst/Makefile"
cp "$TOP/patches/src/in-tree/selftests.config" "$dst/config"
echo "$progs" | tr ' ' '\n' >"$dst/.gitignore"
