# shellcheck shell=bash
# Helpers shared by the vm/ scripts. Source it; do not run it.

PROBESIM_CACHE=${PROBESIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/probesim}
export PROBESIM_CACHE
export CCACHE_DIR=${CCACHE_DIR:-$PROBESIM_CACHE/ccache}
CROSS=${CROSS:-aarch64-linux-gnu-}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# timed LABEL CMD...: run CMD, then report how long LABEL took.
timed() {
	local label=$1 start rc=0
	shift
	start=$(date +%s)
	log "$label ..."
	"$@" || rc=$?
	if [ "$rc" -eq 0 ]; then
		log "$label: done in $(( $(date +%s) - start ))s"
	else
		log "$label: FAILED (rc=$rc) after $(( $(date +%s) - start ))s"
	fi
	return "$rc"
}

# Debian version of the installed linux-source-KVER package.
debian_source_version() {
	dpkg-query -W -f='${Version}' "linux-source-$1" 2>/dev/null ||
		die "linux-source-$1 is not installed (apt-get install linux-source-$1)"
}

# Unpack /usr/src/linux-source-KVER.tar.xz once into the cache and print
# the tree's path. The Debian version is part of the path, so a point
# release update gets a tree of its own.
pristine_tree() {
	local kver=$1 ver dir tarball
	ver=$(debian_source_version "$kver")
	dir=$PROBESIM_CACHE/src/linux-source-$kver-$ver
	tarball=/usr/src/linux-source-$kver.tar.xz
	[ -f "$tarball" ] || die "$tarball missing (apt-get install linux-source-$kver)"
	if [ ! -f "$dir/.unpacked" ]; then
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$dir.tmp"
		timed "unpacking $tarball" tar -C "$dir.tmp" --strip-components=1 -xf "$tarball"
		touch "$dir.tmp/.unpacked"
		mv "$dir.tmp" "$dir"
	fi
	echo "$dir"
}

# Where build products of this checkout go: outside the tree, one
# directory per checkout so that clones do not share half-built state.
PROBESIM_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROBESIM_OUT=${PROBESIM_OUT:-$PROBESIM_CACHE/out/$(printf '%s' "$PROBESIM_TOP" | sha256sum | cut -c1-12)}
export PROBESIM_TOP PROBESIM_OUT
