#!/usr/bin/env bash
# bench-count.sh [KVER]: the trigger benchmark counted in instructions
# (make bench runs it first; make bench-count alone). One boot of the
# benchmark kernel (FLAVOR, default bench; bench-debian is configured as
# Debian's kernels are: pointer authentication in the kernel, ftrace)
# under qemu's instruction counting, where the PMU's instructions event
# is exact: kernel instructions per call of every mode, simulated and
# single-stepped, against the kernel's own simulated ret on the same
# page. Writes bench/instructions-KVER[-debian].md and .json.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-${KVER:-6.12}}
flavor=${FLAVOR:-bench}
case $flavor in
bench) name=$kver ;;
bench-debian) name=$kver-debian ;;
*) die "FLAVOR must be bench or bench-debian, not '$flavor'" ;;
esac
out=$PROBESIM_TOP/bench
label=bench-count-$name

timed "host setup" "$here/setup-host.sh"
rc=0
"$here/kernel-run.sh" --icount --flavor "$flavor" --timeout 3600 "$kver" bench-count "$label" || rc=$?
console=$PROBESIM_OUT/runs/$label.log

table=$(console_section "$console" table bench-count)
[ -n "$table" ] || die "the count boot printed no table (see $console)"
mkdir -p "$out"
{
	echo "# Instructions per call: $name ($flavor kernel)"
	echo
	echo "\`make bench-count\` (vm/bench-count.sh $kver, FLAVOR=$flavor): qemu"
	echo "\`-cpu max -icount shift=0,sleep=off\`, probesim loaded with stp=1."
	echo "Kernel instructions are those the PMU counts at EL1 for the calling"
	echo "task, the least of 5 spans of 200 calls less what the counter reads"
	echo "cost; each probe exists only while its mode is counted. The control"
	echo "is the kernel's own simulated \`ret\` on the same page (reached the"
	echo "same way where it can be, else by \`bl\`: its kernel cost depends on"
	echo "the mapping, not on the path); sim/ret is the control over the mode"
	echo "in all instructions (EL0 and EL1), the ratio of hits/s under icount."
	echo
	printf '%s\n' "$table"
} >"$out/instructions-$name.md"
console_section "$console" json bench-count >"$out/instructions-$name.json"
log "wrote $out/instructions-$name.md and .json"
printf '%s\n' "$table"
[ "$rc" = 0 ] || die "make bench-count: the count boot failed a check (see above and $console)"
