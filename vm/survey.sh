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

mirror=${SURVEY_MIRROR:-http://deb.debian.org/debian}
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

# apt_opts SUITE: set opts to the options that point apt at the suite's
# private sources list, lists and cache.
apt_opts() {
	local d=$cache/apt/$1
	opts=(-o "Dir::Etc::sourcelist=$d/sources.list" -o "Dir::Etc::sourceparts=-"
		-o "Dir::State::Lists=$d/lists" -o "Dir::Cache=$d/cache"
		-o "Dir::Etc::preferencesparts=$d/preferences.d"
		-o "APT::Sandbox::User=root" -o "APT::Get::List-Cleanup=0")
}

fetch_suite() {
	local suite=$1 d=$cache/apt/$1 debs=$cache/debs/$1 pkg
	local -a opts
	apt_opts "$suite"
	mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/preferences.d" "$debs"
	echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $suite main" \
		>"$d/sources.list"
	if [ "${SURVEY_REFRESH:-0}" = 1 ] || ! ls "$d/lists/"*_Packages* >/dev/null 2>&1; then
		timed "apt-get update ($suite, arm64, private lists)" \
			apt-get "${opts[@]}" -qq update >&2
	fi
	for pkg in $(packages_for "$suite"); do
		if [ "${SURVEY_REFRESH:-0}" != 1 ] && ls "$debs/${pkg}_"*_arm64.deb >/dev/null 2>&1; then
			continue
		fi
		rm -f "$debs/${pkg}_"*_arm64.deb
		(cd "$debs" && apt-get "${opts[@]}" -qq download "$pkg:arm64") >&2 ||
			die "apt-get download $pkg:arm64 ($suite) failed"
	done
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
		local hops=0 target
		while [ -L "$path" ] && [ $hops -lt 8 ]; do
			target=$(readlink "$path")
			case $target in
			/*) path=$root$target ;;
			*) path=$(dirname "$path")/$target ;;
			esac
			hops=$((hops + 1))
		done
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
command -v python3 >/dev/null || die "python3 is needed"
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

python3 "$PROBESIM_TOP/tools/survey/survey_report.py" "$cache/results" "$out" "${suites[@]}"
log "wrote $out/results.md and $out/results.json"
