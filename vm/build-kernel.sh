#!/usr/bin/env bash
# build-kernel.sh KVER FLAVOR: build an arm64 guest kernel and print its
# build directory (which holds Image, .config and Module.symvers).
#
# KVER is 6.1 or 6.12 (Debian's linux-source-KVER), or anything when KSRC
# points at another kernel tree. FLAVOR is "test" (lock debugging) or
# "bench" (none). Builds are cached, keyed by source version, config
# fragments and compiler version, so a second run costs nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

[ $# -eq 2 ] || die "usage: $0 KVER test|bench"
kver=$1 flavor=$2
[ -f "$here/configs/$flavor.config" ] || die "unknown flavor '$flavor'"

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

fragment=$(cat "$here/configs/common.config" "$here/configs/$flavor.config")
ccver=$("${CROSS}gcc" --version | head -n1)
key=$(printf '%s\n%s\n%s\n' "$srcver" "$fragment" "$ccver" | sha256sum | cut -c1-16)
out=$PROBESIM_CACHE/build/$kver-$flavor-$key

if [ -f "$out/.probesim-built" ]; then
	log "kernel $kver/$flavor: cached in $out"
	echo "$out"
	exit 0
fi

mkdir -p "$out"
printf '%s\n' "$fragment" >"$out/fragment.config"
kmake() {
	make -C "$src" O="$out" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" -j"$(nproc)" "$@"
}

# Apply the fragment over allnoconfig, then check that Kconfig kept every
# option we asked for: a silently dropped option would void the tests.
kmake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" >/dev/null
kmake -s olddefconfig >/dev/null
dropped=()
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=n) opt=${line%%=*}
		grep -q "^$opt=[ym]" "$out/.config" && dropped+=("$opt (wanted n)") ;;
	CONFIG_*=*) grep -qx "$line" "$out/.config" || dropped+=("$line") ;;
	esac
done <<<"$fragment"
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
