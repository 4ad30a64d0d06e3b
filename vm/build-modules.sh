#!/usr/bin/env bash
# build-modules.sh [--src DIR [--main-only]] KBUILD OUT: build probesim.ko,
# its KUnit module, the test bed's negative modules and the copies of
# probesim.ko that must refuse to load (OUT/refusal, OUT/unreached)
# against the kernel build in KBUILD, into OUT. --src builds another copy
# of the sources (a mutant); --main-only then builds probesim.ko and its
# KUnit module alone, for a suite that loads nothing else.
# Sources are mirrored into OUT first: kbuild builds external modules in
# their source tree, and a per-kernel mirror keeps kernels apart while
# rsync keeps rebuilds incremental.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

src=$top main_only=''
if [ "${1:-}" = --src ]; then
	src=$(cd "$2" && pwd)
	shift 2
	if [ "${1:-}" = --main-only ]; then
		main_only=1
		shift
	fi
fi
[ $# -eq 2 ] || die "usage: $0 [--src DIR] KBUILD OUT"
kbuild=$1 out=$2
# --checksum without -t: an unchanged file keeps its mirror's mtime, a
# changed one gets a new mtime even if its source is older than the
# objects (a tree unpacked from an archive), so make rebuilds exactly that.
# Three mirrors: the module as shipped (src) and two copies that must
# refuse to load: one finds no free path (refusal:
# PROBESIM_TEST_NO_FREE_PATH), one no call to its hook (unreached:
# PROBESIM_TEST_HOOK_UNREACHED).
mirrors=(src refusal unreached)
[ -z "$main_only" ] || mirrors=(src)
for mirror in "${mirrors[@]}"; do
	mkdir -p "$out/$mirror"
	rsync -rlpD --checksum --delete --exclude '*.o' --exclude '*.ko' --exclude '.*.cmd' \
		--include 'Kbuild' --include 'dkms.conf' --include 'module/***' --include 'kunit/***' \
		--include 'vm/' --include 'vm/negative/***' --exclude '*' \
		"$src/" "$out/$mirror/"
done

# A kernel built without pahole (ours, vm/build-kernel.sh) gets modules
# built without it; one built with it (Debian's, with BTF) gets the host's.
pahole=()
grep -qx 'CONFIG_PAHOLE_VERSION=0' "$kbuild/.config" && pahole=("$NO_PAHOLE")
mmake() {
	make -C "$kbuild" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" "${pahole[@]}" -j"$(nproc)" W=1 "$@"
}
build() {
	mmake M="$out/src" modules >"$out/build.log" 2>&1 || return 1
	[ -z "$main_only" ] || return 0
	mmake M="$out/src/vm/negative" modules >>"$out/build.log" 2>&1 &&
		mmake M="$out/refusal" KCFLAGS=-DPROBESIM_TEST_NO_FREE_PATH \
			modules >>"$out/build.log" 2>&1 &&
		mmake M="$out/unreached" KCFLAGS=-DPROBESIM_TEST_HOOK_UNREACHED \
			modules >>"$out/build.log" 2>&1
}
if ! timed "building modules against $(basename "$kbuild")" build; then
	tail -n 40 "$out/build.log" >&2
	die "module build failed, see $out/build.log"
fi
# W=1 must stay clean: any compiler warning fails the build.
if grep -n 'warning:' "$out/build.log" >&2; then
	die "module build has warnings (see above)"
fi
