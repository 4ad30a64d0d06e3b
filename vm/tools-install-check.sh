#!/usr/bin/env bash
# tools-install-check.sh: the README's tools-install-steps, as they stand,
# in a copy of the sources the tools build from (tools, module and
# dkms.conf, as the checkout has them), with sudo a no-op (this runs as
# root) and DESTDIR set, so that the install goes to a scratch root, not
# the host's /usr/local, whose bin comes first in PATH. The installed
# probesim-survey must say dkms.conf's version.
#
# Then the README's binaries-steps, its survey line, with that install in
# PATH and Debian bookworm's arm64 redis-server at /usr/bin/redis-server:
# an overlay on /usr/bin, in a mount namespace of this script's own, puts
# it there without writing to the host's /usr/bin. The table it prints
# must be the README's survey-redis table when the package is the version
# survey/results.json was made from; another version (a Debian update)
# must still give the table's heading and a row for the binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

work=$PROBESIM_OUT/tools-install
rm -rf "$work"
mkdir -p "$work/src"
git -C "$PROBESIM_TOP" ls-files -z tools module dkms.conf |
	(cd "$PROBESIM_TOP" && tar --null -T - -c) | tar -x -C "$work/src"
readme_block tools-install-steps >"$work/steps"
# What the README's lines run with: the scratch install first.
installed_path=$work/root/usr/local/bin:$PATH
(
	cd "$work/src"
	# shellcheck disable=SC2317 # called by the README's lines
	sudo() { "$@"; }
	export DESTDIR=$work/root PATH=$installed_path \
		CMAKE_CXX_COMPILER_LAUNCHER=ccache
	set -x
	# shellcheck source=/dev/null
	. "$work/steps"
) >"$work/log" 2>&1 || { tail -n 40 "$work/log" >&2; die "the README's tools-install-steps failed (log: $work/log)"; }
want="probesim-survey $(probesim_version)"
got=$(tail -n 1 "$work/log")
[ "$got" = "$want" ] || die "the installed probesim-survey --version says '$got', not '$want'"
[ -x "$work/root/usr/local/bin/probesim-survey" ] || die "nothing installed in $work/root/usr/local/bin"
log "the README's tools-install-steps built and installed $got"

export DEBIAN_MIRROR=${SURVEY_MIRROR:-${DEBIAN_MIRROR:-http://deb.debian.org/debian}}
debs=$PROBESIM_CACHE/survey/debs/bookworm
debian_download bookworm "$PROBESIM_CACHE/survey/apt/bookworm" "$debs" \
	"${SURVEY_REFRESH:-0}" redis-server redis-tools
mkdir -p "$work/redis"
for deb in "$debs"/redis-server_*_arm64.deb "$debs"/redis-tools_*_arm64.deb; do
	dpkg-deb -x "$deb" "$work/redis"
done
[ -e "$work/redis/usr/bin/redis-server" ] || die "bookworm's redis packages have no /usr/bin/redis-server"
readme_block binaries-steps >"$work/binaries-steps"
# shellcheck disable=SC2016 # expanded by the inner shell
with_overlay "$work/redis/usr/bin" /usr/bin \
	env PATH="$installed_path" bash -euc '. "$1"' _ "$work/binaries-steps" \
	>"$work/binaries.out" 2>"$work/binaries.err" ||
	{ cat "$work/binaries.err" >&2; die "the README's binaries-steps failed (needs root and mount namespaces; output: $work/binaries.out)"; }

want=$(readme_block survey-redis)
heading=$(head -n 1 <<<"$want")
got=$(grep . "$work/binaries.out" | grep -x -F -m 1 -A "$(($(wc -l <<<"$want") - 1))" -- "$heading" || true)
version=$(dpkg-deb -f "$(ls "$debs"/redis-server_*_arm64.deb)" Version)
surveyed=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["suites"]["bookworm"]["packages"]["redis-server"])' \
	"$PROBESIM_TOP/survey/results.json")
if [ "$version" = "$surveyed" ]; then
	[ "$got" = "$want" ] || {
		diff <(echo "$want") <(echo "$got") >&2 || true
		die "probesim-survey /usr/bin/redis-server ($version) does not print the README's survey-redis table (above: README, then output)"
	}
	log "the README's binaries-steps print its survey-redis table for redis-server $version"
else
	grep -q '^/usr/bin/redis-server ' <<<"$got" ||
		die "probesim-survey /usr/bin/redis-server printed no row under '$heading' (output: $work/binaries.out)"
	log "NOTE: bookworm's redis-server is now $version, survey/results.json has $surveyed: the README's binaries-steps ran and printed the table; make survey brings the README's figures up to date"
fi
