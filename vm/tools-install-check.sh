#!/usr/bin/env bash
# tools-install-check.sh: the README's tools-install-steps, as they stand,
# in a copy of the sources the tools build from (tools, module and
# dkms.conf, as the checkout has them), with sudo a no-op (this runs as
# root) and DESTDIR set, so that the install goes to a scratch root, not
# the host's /usr/local, whose bin comes first in PATH. The installed
# probesim-survey must say dkms.conf's version.
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
(
	cd "$work/src"
	# shellcheck disable=SC2317 # called by the README's lines
	sudo() { "$@"; }
	export DESTDIR=$work/root PATH=$work/root/usr/local/bin:$PATH \
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
