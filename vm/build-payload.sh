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
	cp "$build/bench/probesim-bench" "$build/timeit/probesim-timeit" \
		"$build/verify-target/probesim-verify-target" "$payload/tools/"
}
timed "building guest tools" build_guest_tools

# survey_offset ELF NAME: the file offset probesim-survey --list prints for
# the function entry NAME of ELF, as the README tells users to find it.
survey_offset() {
	local survey off
	survey=$("$here/build-tools.sh")/survey/probesim-survey
	off=$("$survey" --list "$1" | awk -v name="$2" '
		$1 == "func" && $NF == name {
			for (i = 2; i < NF; i++)
				if (sub(/^offset=/, "", $i)) print $i
		}')
	[ -n "$off" ] || die "probesim-survey --list $1 gives no offset for $2"
	echo "$off"
}

# The README's verify steps, cut out as they stand (the indented lines
# between its verify-steps markers), for the readme-verify guest suite;
# and the program they probe, with the offset of its probed function.
readme_steps() {
	mkdir -p "$payload/readme"
	awk '/<!-- verify-steps: begin/ { on = 1; next }
	     /<!-- verify-steps: end/ { on = 0 }
	     on && sub(/^    /, "")' "$PROBESIM_TOP/README.md" >"$payload/readme/verify-steps.sh"
	[ -s "$payload/readme/verify-steps.sh" ] || die "README.md has no verify-steps block"
	local target=$payload/tools/probesim-verify-target
	printf 'PROG=/tools/probesim-verify-target\nOFF=%s\n' \
		"$(survey_offset "$target" probesim_verify_low_byte)" >"$payload/readme/target.env"
}
readme_steps
# The version the module must report: dkms.conf's, the one place it is set.
probesim_version >"$payload/probesim-version"
echo "$payload"
