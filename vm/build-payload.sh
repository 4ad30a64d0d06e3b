#!/usr/bin/env bash
# build-payload.sh: build the guest's userspace payload (static arm64
# selftests and tools: probesim-bench, probesim-timeit) into
# $PROBESIM_OUT/payload, and print that path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

payload=$PROBESIM_OUT/payload
mkdir -p "$payload"
# The kselftest harness header comes from a pristine kernel tree.
ksrc=${KSRC:-$(pristine_tree 6.12)}
if [ -f "$PROBESIM_TOP/selftests/Makefile" ]; then
	build_selftests() {
		# set -e does not reach into a function run by timed: say it.
		make -s -C "$PROBESIM_TOP/selftests" KSRC="$ksrc" \
			OUTPUT="$payload/selftests" -j"$(nproc)" all >&2 || return 1
		# A test whose source is gone must not run from an old build.
		local bin
		for bin in "$payload/selftests"/*; do
			[ -f "$PROBESIM_TOP/selftests/$(basename "$bin").c" ] || rm -f "$bin"
		done
	}
	timed "building selftests" build_selftests
fi
build_guest_tools() {
	local build=$PROBESIM_OUT/guest-tools
	if ! { cmake -S "$PROBESIM_TOP/tools/guest" -B "$build" \
		-DCMAKE_TOOLCHAIN_FILE="$PROBESIM_TOP/tools/cmake/aarch64-linux-gnu.cmake" \
		-DCMAKE_CXX_COMPILER_LAUNCHER=ccache &&
		cmake --build "$build" -j"$(nproc)"; } >"$build.log" 2>&1; then
		tail -n 40 "$build.log" >&2
		return 1
	fi
	mkdir -p "$payload/tools"
	cp "$build/bench/probesim-bench" "$build/timeit/probesim-timeit" "$payload/tools/"
}
timed "building guest tools" build_guest_tools
echo "$payload"
