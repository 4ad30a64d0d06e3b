#!/usr/bin/env bash
# build-grep-payload.sh [SUITE]: build the grep benchmark's extra initramfs
# payload for Debian SUITE's arm64 grep (bookworm, the default, or trixie,
# built with branch protection) in $PROBESIM_OUT/grep-payload[-SUITE] and
# print that path. It holds grep with the shared libraries it needs, a
# generated corpus of C-like files, and the list of grep's .eh_frame
# function entries to probe (probesim-grep-payload, which surveys grep as
# probesim-survey does, with file offsets).
#
# bookworm's grep is /grep/bin/grep, its dynamic loader at its PT_INTERP
# path and the rest in /lib/aarch64-linux-gnu. Another suite's C library
# cannot share those paths, so its grep is /grep-SUITE/bin/grep with the
# loader and libraries in /grep-SUITE/lib, run through that loader
# (/grep-SUITE/loader names it).
#
# Packages are downloaded with a private sources list and apt state under
# ${XDG_CACHE_HOME:-$HOME/.cache}/probesim/grep[-SUITE]/, never the system's.
# GREP_REFRESH=1 re-reads the lists and re-downloads the packages.
# GREP_CORPUS_MB (default 13) and GREP_CORPUS_SEED (default 1) choose the
# corpus.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

export DEBIAN_MIRROR=${GREP_MIRROR:-${DEBIAN_MIRROR:-http://deb.debian.org/debian}}
suite=${1:-bookworm}
case $suite in
bookworm) dir=grep suffix='' ;;
trixie) dir=grep-trixie suffix=-trixie ;;
*) die "build-grep-payload.sh: no grep payload for suite '$suite' (bookworm or trixie)" ;;
esac
packages=(grep libc6 libpcre2-8-0)
corpus_mb=${GREP_CORPUS_MB:-13}
corpus_seed=${GREP_CORPUS_SEED:-1}
cache=$PROBESIM_CACHE/grep$suffix
out=$PROBESIM_OUT/grep-payload$suffix

command -v apt-get >/dev/null || die "apt-get is needed"
command -v readelf >/dev/null || die "readelf (binutils) is needed"

fetch() {
	debian_download "$suite" "$cache/apt" "$cache/debs" \
		"${GREP_REFRESH:-0}" "${packages[@]}"
}

# resolve ROOT PATH: PATH inside the unpacked tree ROOT, symlinks followed
# within the tree (absolute targets are relative to ROOT).
resolve() {
	local path
	path=$(follow_links_in "$1" "$1$2")
	[ -f "$path" ] || die "$2 is not a file in the $suite packages"
	echo "$path"
}

# find_lib ROOT NAME: the library NAME in the tree's library directories.
find_lib() {
	local dir
	for dir in /lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu /lib /usr/lib; do
		if [ -e "$1$dir/$2" ] || [ -L "$1$dir/$2" ]; then
			resolve "$1" "$dir/$2"
			return
		fi
	done
	die "shared library $2 not found in the $suite packages"
}

needed() {
	readelf -dW "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'
}

build() {
	local root=$stage/root deb grep_bin interp interp_file lib path libdir loader
	local -a queue seen=()
	mkdir -p "$root"
	for deb in "$cache/debs/"*_arm64.deb; do
		dpkg-deb -x "$deb" "$root"
	done
	# Where the package puts it: /bin before the /usr merge, /usr/bin after.
	grep_bin=$(follow_links_in "$root" "$root/bin/grep")
	[ -f "$grep_bin" ] || grep_bin=$(resolve "$root" /usr/bin/grep) || return 1
	# bookworm: the loader where grep's PT_INTERP names it, every other
	# library (found by following DT_NEEDED from grep) in the loader's
	# default directory. Any other suite: all in /grep-SUITE/lib.
	interp=$(readelf -lW "$grep_bin" | sed -n 's/.*Requesting program interpreter: \(.*\)\]$/\1/p')
	[ -n "$interp" ] || die "grep has no PT_INTERP"
	# The loader is found the way a library is: merged /usr again.
	interp_file=$(find_lib "$root" "$(basename "$interp")") || return 1
	libdir=$stage/payload/lib/aarch64-linux-gnu loader=$stage/payload$interp
	if [ -n "$suffix" ]; then
		libdir=$stage/payload/$dir/lib loader=$libdir/$(basename "$interp")
	fi
	mkdir -p "$stage/payload/$dir/bin" "$libdir" "$(dirname "$loader")"
	cp "$grep_bin" "$stage/payload/$dir/bin/grep"
	cp "$interp_file" "$loader"
	[ -z "$suffix" ] || echo "${loader#"$stage/payload"}" >"$stage/payload/$dir/loader"
	mapfile -t queue < <(needed "$grep_bin")
	while [ ${#queue[@]} -gt 0 ]; do
		lib=${queue[0]}
		queue=("${queue[@]:1}")
		case " ${seen[*]} " in *" $lib "*) continue ;; esac
		seen+=("$lib")
		[ "$lib" = "$(basename "$interp")" ] && continue
		path=$(find_lib "$root" "$lib") || return 1
		cp "$path" "$libdir/$lib"
		mapfile -t -O ${#queue[@]} queue < <(needed "$path")
	done
	log "grep payload ($suite): grep, $interp, ${seen[*]}"

	"$gen" probes "$stage/payload/$dir/bin/grep" "$stage/probes.tsv" >&2
	# The guest needs only the offsets.
	grep -v '^#' "$stage/probes.tsv" | cut -f1 >"$stage/payload/$dir/probes"
	"$gen" corpus "$stage/payload/$dir/corpus" "$corpus_mb" "$corpus_seed" \
		>"$stage/corpus.txt"
	log "grep corpus: $(cat "$stage/corpus.txt") (${corpus_mb} MiB target, seed $corpus_seed)"
	{
		for deb in "$cache/debs/"*_arm64.deb; do
			printf '%s %s\n' "$(dpkg-deb -f "$deb" Package)" "$(dpkg-deb -f "$deb" Version)"
		done
	} >"$stage/versions.txt"
	printf 'corpus %s MiB target, seed %s: %s\n' "$corpus_mb" "$corpus_seed" \
		"$(cat "$stage/corpus.txt")" >>"$stage/versions.txt"
	cp "$stage/versions.txt" "$stage/payload/$dir/versions"
	echo "$suite" >"$stage/payload/$dir/suite"
}

fetch
tools=$("$here/build-tools.sh")
gen=$tools/payload/probesim-grep-payload
# Rebuild only when an input changed: the packages, the generator (the
# survey's code is in it), the corpus parameters or this script.
key=$({ ls "$cache/debs/"; sha256sum "$gen" "$0"; echo "$corpus_mb $corpus_seed"; } |
	sha256sum | cut -c1-16)
if [ -f "$out/.key" ] && [ "$(cat "$out/.key")" = "$key" ]; then
	log "grep payload: cached in $out"
	echo "$out"
	exit 0
fi
stage=$(mktemp -d "$PROBESIM_OUT/grep-payload.XXXXXX")
trap 'rm -rf "$stage"' EXIT
timed "building the grep payload" build
rm -rf "$out"
mkdir -p "$out"
mv "$stage/payload" "$out/root"
mv "$stage/probes.tsv" "$stage/versions.txt" "$out/"
echo "$key" >"$out/.key"
echo "$out"
