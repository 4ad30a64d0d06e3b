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
# The arm64 uprobes kselftests (selftests/arm64-uprobes: the files the series
# puts in tools/testing/selftests/arm64/uprobes), built by their own Makefile
# as the kernel builds them: through arm64/Makefile, with the mainline tree's
# lib.mk and harness, in a scratch copy of its selftests directory. Every
# family's block is in: -DPROBESIM_WITH_*, which the series strips.
if [ -f "$PROBESIM_TOP/selftests/arm64-uprobes/Makefile" ]; then
	build_arm64_uprobes() {
		local src=$PROBESIM_TOP/selftests/arm64-uprobes tree stage
		local out=$PROBESIM_OUT/arm64-uprobes-build flags
		tree=$(pristine_tree "$MAINLINE_KERNEL") || return 1
		stage=$PROBESIM_OUT/arm64-uprobes-tree
		rm -rf "$stage" "$out" "$payload/arm64-uprobes"
		mkdir -p "$stage/tools/testing/selftests/arm64" "$out" "$payload/arm64-uprobes"
		ln -s "$tree/tools/include" "$stage/tools/include"
		cp "$tree/tools/testing/selftests/"{lib.mk,kselftest.h,kselftest_harness.h} \
			"$stage/tools/testing/selftests/"
		cp "$tree/tools/testing/selftests/arm64/Makefile" "$stage/tools/testing/selftests/arm64/"
		cp -r "$src" "$stage/tools/testing/selftests/arm64/uprobes"
		flags=$(family_flags | tr '\n' ' ')
		make -s -C "$stage/tools/testing/selftests/arm64" ARCH=arm64 \
			CROSS_COMPILE="$CROSS" ARM64_SUBTARGETS=uprobes FORCE_TARGETS=1 \
			USERCFLAGS="-Werror $flags" \
			USERLDFLAGS=-static OUTPUT="$out" all >&2 || return 1
		copy_executables "$out/uprobes" "$payload/arm64-uprobes"
	}
	timed "building the arm64 uprobes kselftests" build_arm64_uprobes
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
		"$build/verify-target/probesim-verify-target" "$build/run-as/probesim-run-as" \
		"$payload/tools/"
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

# The README's verify steps, cut out as they stand, for the readme-verify
# guest suite; and the program they probe, with the offset of its probed
# function.
readme_steps() {
	mkdir -p "$payload/readme"
	readme_block verify-steps >"$payload/readme/verify-steps.sh"
	local target=$payload/tools/probesim-verify-target
	printf 'PROG=/tools/probesim-verify-target\nOFF=%s\n' \
		"$(survey_offset "$target" probesim_verify_low_byte)" >"$payload/readme/target.env"
}
readme_steps
# The version the module must report: dkms.conf's, the one place it is set.
probesim_version >"$payload/probesim-version"
echo "$payload"
