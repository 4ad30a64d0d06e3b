#!/usr/bin/env bash
# build-tools.sh: configure and build the host tools (tools/, CMake) in
# $PROBESIM_OUT/tools and print that path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

build=$PROBESIM_OUT/tools
configure_and_build() {
	if ! { cmake -S "$PROBESIM_TOP/tools" -B "$build" -DCMAKE_BUILD_TYPE=Release \
		-DCMAKE_CXX_COMPILER_LAUNCHER=ccache &&
		cmake --build "$build" -j"$(nproc)"; } >"$build.log" 2>&1; then
		tail -n 40 "$build.log" >&2
		return 1
	fi
}
mkdir -p "$build"
# Two runs of make check's stages may build at once: one at a time.
exec 9>"$build.lock"
flock 9
timed "building host tools" configure_and_build >&2
echo "$build"
