#!/usr/bin/env bash
# build-initramfs.sh [--extra DIR]... MODDIR PAYLOAD OUT: pack busybox, the
# guest scripts, the modules built in MODDIR ("-": none, for a kernel with
# the patch series, which needs no module) and the userspace payload
# directory PAYLOAD (selftests, tools) into the newc cpio archive OUT.
# Each --extra DIR is copied over the root too (the grep benchmark's
# Debian binaries and corpus, only for the runs that need them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

extras=()
while [ $# -gt 0 ]; do
	case "$1" in
	--extra) extras+=("$2"); shift 2 ;;
	--*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 3 ] || die "usage: $0 [--extra DIR]... MODDIR PAYLOAD OUT"
moddir=$1 payload=$2 out=$3
busybox=$PROBESIM_CACHE/busybox/bin/busybox
[ -x "$busybox" ] || die "no arm64 busybox; run vm/setup-host.sh"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,lib,proc,sys,dev,tmp} \
	"$stage"/modules/{negative,refusal,unreached}
cp "$busybox" "$stage/bin/busybox"
install -m 0755 "$here/guest/init" "$stage/init"
cp "$here/guest/probesim.sh" "$stage/lib/"
cp -r "$here/guest/suites" "$stage/suites"
if [ "$moddir" != - ]; then
	find "$moddir/src" -maxdepth 1 -name '*.ko' -exec cp {} "$stage/modules/" \;
	# A mutant's build may have the main module alone (build-modules.sh
	# --main-only).
	find "$moddir/src/vm/negative" -maxdepth 1 -name '*.ko' \
		-exec cp {} "$stage/modules/negative/" \;
	for copy in refusal unreached; do
		[ ! -f "$moddir/$copy/probesim.ko" ] ||
			cp "$moddir/$copy/probesim.ko" "$stage/modules/$copy/"
	done
fi
if [ -d "$payload" ]; then
	cp -r "$payload"/. "$stage/"
fi
for extra in "${extras[@]}"; do
	[ -d "$extra" ] || die "extra payload $extra is not a directory"
	cp -r "$extra"/. "$stage/"
done
(cd "$stage" && find . | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) >"$out.tmp"
mv "$out.tmp" "$out"
