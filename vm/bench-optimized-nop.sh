#!/usr/bin/env bash
# bench-optimized-nop.sh: count, in instructions, what a trap-free probe
# on a NOP site would gain on 7.3 (make bench-optimized-nop). The
# prototype (bench/optimized-nop/kernel.patch) enters the kernel for a
# probed NOP by a syscall from a trampoline slot instead of a breakpoint;
# the trigger program (bench/optimized-nop/trigger.c) counts kernel and
# user instructions per hit of both paths on one kernel, booted under
# qemu's instruction counting, and writes bench/optimized-nop.md
# (OPTIMIZED_NOP_MD elsewhere: make check-full).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=7.3
proto=$PROBESIM_TOP/bench/optimized-nop
md=${OPTIMIZED_NOP_MD:-$PROBESIM_TOP/bench/optimized-nop.md}
timed "host setup" "$here/setup-host.sh"

# The tree and its build laid out as the stock ones are (a build two
# levels below a root, the source at ../../src/NAME), so that ccache
# serves every object the patch does not change.
pristine=$(pristine_tree "$kver")
root=$PROBESIM_CACHE/prototype/optimized-nop
tree=$root/src/$(basename "$pristine")
out=$root/build/kernel
fragment=$(cat "$here/configs/common.config" "$here/configs/bench.config")
key=$(printf '%s\n' "$fragment" "$(sha256sum <"$proto/kernel.patch")" | sha256sum | cut -c1-16)
if [ ! -f "$out/.built-$key" ]; then
	rm -rf "$tree" "$out"
	mkdir -p "$(dirname "$tree")" "$out"
	# Hard links to the pristine tree; patch replaces each file it
	# changes rather than writing through the link.
	cp -al "$pristine/." "$tree/"
	patch -s -p1 -d "$tree" <"$proto/kernel.patch"
	printf '%s\n' "$fragment" >"$out/fragment.config"
	pmake() { kernel_make "$tree" "$out" "$@"; }
	pmake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" >/dev/null
	pmake -s olddefconfig >/dev/null
	build() { pmake Image >"$out/build.log" 2>&1; }
	timed "building the prototype kernel ($kver, bench)" build ||
		{ tail -n 40 "$out/build.log" >&2; die "prototype build failed, see $out/build.log"; }
	touch "$out/.built-$key"
fi

payload=$PROBESIM_OUT/optimized-nop
mkdir -p "$payload/tools"
# The kselftests' uprobe.h comes in too, written for their -Wall: its
# signal handler keeps the parameters it does not use.
"${CROSS}gcc" -std=gnu11 -O2 -Wall -Wextra -Wno-unused-parameter -Werror -static \
	-o "$payload/tools/optimized-nop-trigger" "$proto/trigger.c"

label=bench-optimized-nop
rc=0
"$here/kernel-run.sh" --icount --series "$out" --payload "$payload" --timeout 1800 \
	"$kver" bench-optimized-nop "$label" || rc=$?
console=$PROBESIM_OUT/runs/$label.log
table=$(console_section "$console" table bench-optimized-nop)
[ -n "$table" ] || die "the prototype boot printed no table (see $console)"
{
	echo "# A trap-free NOP probe on arm64: what the prototype counts"
	echo
	echo "\`make bench-optimized-nop\` (vm/bench-optimized-nop.sh): Linux $kver with"
	echo "bench/optimized-nop/kernel.patch, the benchmark configuration, qemu"
	echo "\`-cpu max -icount shift=0,sleep=off\`. Instructions per hit, the least"
	echo "of 5 spans of 1000 calls less the same span with no probe, counted"
	echo "by the PMU for the calling task. Both probes are perf uprobe events"
	echo "(counting, no program); each hit is checked against the event's count."
	echo
	printf '%s\n' "$table"
} >"$md"
log "wrote $md"
printf '%s\n' "$table"
[ "$rc" = 0 ] || die "the prototype boot failed a check (see $console)"
