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

# debian_arm64_download SUITE STATE DEBS REFRESH PKG...: download the arm64
# .debs of PKG... from Debian SUITE into DEBS, through a sources list, lists
# and cache of their own under STATE, so that the system's apt setup is
# neither used nor changed. Packages already in DEBS are kept unless
# REFRESH is 1. DEBIAN_MIRROR overrides the mirror.
debian_arm64_download() {
	local suite=$1 state=$2 debs=$3 refresh=$4 pkg
	shift 4
	local -a opts=(-o "Dir::Etc::sourcelist=$state/sources.list" -o "Dir::Etc::sourceparts=-"
		-o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache"
		-o "Dir::Etc::preferencesparts=$state/preferences.d"
		-o "APT::Sandbox::User=root" -o "APT::Get::List-Cleanup=0")
	mkdir -p "$state/lists/partial" "$state/cache/archives/partial" \
		"$state/preferences.d" "$debs"
	echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${DEBIAN_MIRROR:-http://deb.debian.org/debian} $suite main" \
		>"$state/sources.list"
	if [ "$refresh" = 1 ] || ! ls "$state/lists/"*_Packages* >/dev/null 2>&1; then
		timed "apt-get update ($suite, arm64, private lists)" \
			apt-get "${opts[@]}" -qq update >&2
	fi
	for pkg in "$@"; do
		if [ "$refresh" != 1 ] && ls "$debs/${pkg}_"*_arm64.deb >/dev/null 2>&1; then
			continue
		fi
		rm -f "$debs/${pkg}_"*_arm64.deb
		(cd "$debs" && apt-get "${opts[@]}" -qq download "$pkg:arm64") >&2 ||
			die "apt-get download $pkg:arm64 ($suite) failed"
	done
}

# follow_links_in ROOT PATH: PATH (a path inside the unpacked tree ROOT,
# ROOT included) with symlinks followed within the tree: absolute targets
# are taken relative to ROOT.
follow_links_in() {
	local root=$1 path=$2 hops=0 target
	while [ -L "$path" ] && [ $hops -lt 8 ]; do
		target=$(readlink "$path")
		case $target in
		/*) path=$root$target ;;
		*) path=$(dirname "$path")/$target ;;
		esac
		hops=$((hops + 1))
	done
	echo "$path"
}
