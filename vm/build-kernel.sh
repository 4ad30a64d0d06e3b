#!/usr/bin/env bash
# build-kernel.sh KVER FLAVOR: build an arm64 guest kernel and print its
# build directory (which holds Image, .config and Module.symvers).
#
# KVER is a kernel of Debian's linux-source-KVER (vm/lib.sh known_kernels:
# 6.1 and 6.12 from the host's suite, 7.2 and 7.3 through a private apt
# state), or anything when KSRC points at another kernel tree. FLAVOR is
# "test" (lock debugging), "kasan" (the test kernel with KASAN), "bench"
# (none) or "sig" (module signatures and lockdown, for the README's Secure
# Boot steps). Builds are cached, keyed by source version, config fragments and
# compiler version, so a second run costs nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

[ $# -eq 2 ] || die "usage: $0 KVER test|kasan|bench|sig"
kver=$1 flavor=$2
[ -f "$here/configs/$flavor.config" ] || die "unknown flavor '$flavor'"
# kasan is the test kernel with KASAN on top.
fragments=("$here/configs/common.config")
[ "$flavor" != kasan ] || fragments+=("$here/configs/test.config")
fragments+=("$here/configs/$flavor.config")
# A test kernel's options of its own version, if any (test-7.3.config).
case $flavor in
test | kasan)
	[ ! -f "$here/configs/test-$kver.config" ] || fragments+=("$here/configs/test-$kver.config")
	;;
esac

if [ -n "${KSRC:-}" ]; then
	src=$(cd "$KSRC" && pwd)
	srcver="ksrc:$src:$(make -s -C "$src" kernelversion)"
	if git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
		srcver="$srcver:$(git -C "$src" rev-parse HEAD)"
	fi
else
	src=$(pristine_tree "$kver")
	srcver="debian:$kver:$(debian_source_version "$kver")"
fi

fragment=$(cat "${fragments[@]}")
ccver=$("${CROSS}gcc" --version | head -n1)
key=$(printf '%s\n%s\n%s\n' "$srcver" "$fragment" "$ccver" | sha256sum | cut -c1-16)
out=$PROBESIM_CACHE/build/$kver-$flavor-$key

# One build per directory: make check builds its kernels in the
# background, and a stage that needs one waits for it here.
mkdir -p "$PROBESIM_CACHE/build"
exec 9>"$out.lock"
if ! flock -n 9; then
	log "kernel $kver/$flavor: being built by another run, waiting for it"
	flock 9
fi
if [ -f "$out/.probesim-built" ]; then
	log "kernel $kver/$flavor: cached in $out"
	echo "$out"
	exit 0
fi

mkdir -p "$out"
log "kernel $kver/$flavor: Linux $(kernel_release "$src") from $srcver"
printf '%s\n' "$fragment" >"$out/fragment.config"
kmake() { kernel_make "$src" "$out" "$@"; }

# Apply the fragment over allnoconfig, then check that Kconfig kept every
# option we asked for: a silently dropped option would void the tests.
kmake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" >/dev/null
kmake -s olddefconfig >/dev/null
# An option the tree's Kconfig no longer defines is not dropped but gone:
# the feature became unconditional (7.x: ARM64_PAN, PROC_SYSCTL). That is
# logged, not fatal; a module that still needed it would fail to build.
kconfig_defines() {
	grep -rqE --include='Kconfig*' "^[[:space:]]*(menu)?config ${1#CONFIG_}\$" \
		"$src/arch/arm64" "$src/init" "$src/kernel" "$src/fs" "$src/lib" \
		"$src/mm" "$src/drivers/tty" "$src/security" "$src/Kconfig" 2>/dev/null
}
dropped=() gone=()
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=n) opt=${line%%=*}
		grep -q "^$opt=[ym]" "$out/.config" && dropped+=("$opt (wanted n)") ;;
	CONFIG_*=*) opt=${line%%=*}
		grep -qx "$line" "$out/.config" && continue
		if kconfig_defines "$opt"; then dropped+=("$line"); else gone+=("$opt"); fi ;;
	esac
done <<<"$fragment"
[ ${#gone[@]} -eq 0 ] || log "kernel $kver: no longer configurable (always on or gone): ${gone[*]}"
if [ ${#dropped[@]} -gt 0 ]; then
	printf 'error: Kconfig dropped required options for %s/%s:\n' "$kver" "$flavor" >&2
	printf '  %s\n' "${dropped[@]}" >&2
	exit 1
fi

build_image() { kmake Image modules >"$out/build.log" 2>&1; }
timed "building kernel $kver/$flavor in $out (3-7 min cold)" build_image ||
	{ tail -n 40 "$out/build.log" >&2; die "kernel build failed, see $out/build.log"; }
touch "$out/.probesim-built"
echo "$out"
