#!/usr/bin/env bash
# survey.sh: `make survey`. Downloads real Debian arm64 binaries (bookworm
# and trixie, which is built with branch protection), runs probesim-survey
# on them and writes survey/results.md and survey/results.json.
#
# The package lists come from a private sources list and state directory
# under the cache, so the system's apt configuration is never touched:
#   ${XDG_CACHE_HOME:-$HOME/.cache}/probesim/survey/
# SURVEY_REFRESH=1 re-reads the lists and re-downloads the packages.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

export DEBIAN_MIRROR=${SURVEY_MIRROR:-${DEBIAN_MIRROR:-http://deb.debian.org/debian}}
suites=(bookworm trixie)
cache=$PROBESIM_CACHE/survey
out=$PROBESIM_TOP/survey
build=$PROBESIM_OUT/survey-build

# Packages per suite; python3.11 is not in trixie, python3.13 is its
# counterpart. redis-server's binary may live in redis-tools.
packages_for() {
	case $1 in
	bookworm) echo "redis-server redis-tools grep bash libc6 python3.11-minimal" ;;
	trixie) echo "redis-server redis-tools grep bash libc6 python3.13-minimal" ;;
	*) die "unknown suite $1" ;;
	esac
}

# The binaries surveyed: label and file name looked up in the unpacked
# packages (bookworm has /lib, trixie /usr/lib: both are searched).
targets_for() {
	local py=python3.11
	[ "$1" = trixie ] && py=python3.13
	cat <<-EOT
	redis-server redis-server
	grep grep
	bash bash
	libc.so.6 libc.so.6
	ld-linux-aarch64.so.1 ld-linux-aarch64.so.1
	libm.so.6 libm.so.6
	$py $py
	EOT
}

fetch_suite() {
	# shellcheck disable=SC2046 # one package name per word
	debian_download "$1" "$cache/apt/$1" "$cache/debs/$1" \
		"${SURVEY_REFRESH:-0}" $(packages_for "$1")
}

# unpack_suite SUITE: unpack every .deb of the suite into one tree and
# link the surveyed binaries into $cache/run/SUITE under their labels.
unpack_suite() {
	local suite=$1 root=$cache/root/$1 run=$cache/run/$1 deb label name path
	rm -rf "$root" "$run"
	mkdir -p "$root" "$run"
	for deb in "$cache/debs/$suite/"*_arm64.deb; do
		dpkg-deb -x "$deb" "$root"
	done
	while read -r label name; do
		path=$(find "$root" \( -path "*/bin/$name" -o -path "*/aarch64-linux-gnu/$name" \) \
			\( -type f -o -type l \) | sort | head -n 1)
		[ -n "$path" ] || die "$name not found in the $suite packages"
		# Follow symlinks inside the unpacked tree (redis-server ->
		# redis-check-rdb, absolute or relative).
		path=$(follow_links_in "$root" "$path")
		[ -f "$path" ] || die "$label: $path is not a file"
		ln -s "$path" "$run/$label"
	done < <(targets_for "$suite")
}

versions_json() {
	local suite=$1 deb first=1
	printf '{'
	for deb in "$cache/debs/$suite/"*_arm64.deb; do
		[ $first = 1 ] || printf ', '
		first=0
		printf '"%s": "%s"' "$(dpkg-deb -f "$deb" Package)" "$(dpkg-deb -f "$deb" Version)"
	done
	printf '}'
}

command -v apt-get >/dev/null || die "apt-get is needed"
mkdir -p "$build" "$out" "$cache/results"
timed "building probesim-survey" bash -c \
	"cmake -S '$PROBESIM_TOP/tools' -B '$build' -DCMAKE_BUILD_TYPE=Release >'$build.log' 2>&1 &&
	 cmake --build '$build' --target probesim-survey -j2 >>'$build.log' 2>&1" ||
	{ tail -n 40 "$build.log" >&2; exit 1; }
tool=$build/survey/probesim-survey

for suite in "${suites[@]}"; do
	fetch_suite "$suite"
	unpack_suite "$suite"
	mapfile -t labels < <(targets_for "$suite" | awk '{print $1}')
	(cd "$cache/run/$suite" && "$tool" --markdown "${labels[@]}") >"$cache/results/$suite.md"
	(cd "$cache/run/$suite" && "$tool" --json "${labels[@]}") >"$cache/results/$suite.json"
	versions_json "$suite" >"$cache/results/$suite.versions.json"
	log "surveyed $suite: ${labels[*]}"
done

"$tool" report "$cache/results" "$out" "${suites[@]}"
log "wrote $out/results.md and $out/results.json"
