#!/usr/bin/env bash
# series-check.sh [--generate-only|--quick] [BASE]: the checks of the patch
# series on one base (default 6.12), each printed as a result. The series
# is generated into the build directory with a fixed test identity (make
# patches would sign it with the user's): twice, and the two must be
# byte-identical (not with --generate-only); every patch is signed off by
# that identity; both series (BASE: the stable fixes, BASE-vendor: the
# whole series) apply with git am and are clean under checkpatch --strict
# (alone with --generate-only); every prefix builds and kunit.py passes
# (with --quick, for make check's time budget: only the whole series, and
# its in-tree KUnit suites run at boot instead of through kunit.py), the
# series' kselftests build, and the kernel with the whole series passes
# them and the project's selftests with no stock-kernel allowance, with
# and without MTE. Totals go to $PROBESIM_OUT/totals.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

generate_only='' quick=''
while [ $# -gt 0 ]; do
	case $1 in
	--generate-only) generate_only=1; shift ;;
	--quick) quick=1; shift ;;
	*) break ;;
	esac
done
base=${1:-6.12}
# The kernel tree the series is on, and its two outputs: "fixes" is the
# fixes alone, for mainline, on the tree closest to it.
kver=$base fixes_dir=$base vendor_dir=$base-vendor
if [ "$base" = fixes ]; then
	kver=$MAINLINE_KERNEL vendor_dir=''
	[ -n "$generate_only" ] || die "series-check.sh: the fixes series is checked with --generate-only"
fi
totals=$PROBESIM_OUT/totals
status=0
result() {	# result NAME OK?
	if [ "$2" = 0 ]; then
		echo "ok: $1"
		echo "1 0 0 0" >>"$totals"
	else
		echo "FAIL: $1"
		echo "0 1 0 0" >>"$totals"
		status=1
	fi
}

series=$PROBESIM_CACHE/series/$base

# make patches refuses to sign with no identity, or with a placeholder.
# GIT_DIR keeps a checkout's own git config out of it.
refuses() {	# refuses WHAT ENV...: patches.sh fails, saying why
	local what=$1 msg rc=0
	shift
	msg=$(env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL GIT_DIR=/nonexistent \
		GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 "$@" \
		"$here/patches.sh" --out "$PROBESIM_OUT/series-patches/refused-$base" "$base" 2>&1) &&
		rc=1
	case $msg in *"error: "*Signed-off-by*|*"error: refusing to sign"*) ;; *) rc=1 ;; esac
	[ ! -e "$PROBESIM_OUT/series-patches/refused-$base" ] || rc=1
	[ "$rc" = 0 ] || printf '%s\n' "$msg" >&2
	result "make patches refuses $what" "$rc"
}
rm -rf "$PROBESIM_OUT/series-patches/refused-$base"
refuses "without an identity"
refuses "a placeholder identity" GIT_AUTHOR_NAME="probesim developers" \
	GIT_AUTHOR_EMAIL=probesim@example.org

# The series, as make patches writes it, but signed by a test identity.
gen=$PROBESIM_OUT/series-patches/$base
rm -rf "$gen"
rc=0
timed "generating the $base series" "$here/patches.sh" --test-identity \
	--out "$gen/1" "$base" || rc=$?
result "make patches generates the $base series" "$rc"
[ "$rc" = 0 ] || exit "$status"
if [ -z "$generate_only" ]; then
	rc=0
	timed "generating the $base series again" "$here/patches.sh" --test-identity \
		--out "$gen/2" "$base" || rc=$?
	[ "$rc" != 0 ] || diff -r "$gen/1" "$gen/2" >&2 || rc=$?
	result "two generations of the $base series are byte-identical" "$rc"
fi
mapfile -t fixes < <(find "$gen/1/$fixes_dir" -name '[0-9]*.patch' ! -name '0000-*' | sort)
patches=()
[ -z "$vendor_dir" ] || mapfile -t patches < <(find "$gen/1/$vendor_dir" -name '[0-9]*.patch' \
	! -name '0000-*' | sort)

# Every patch, the cover letters too, is from and signed off by the
# identity it was generated with, and by no other.
rc=0
for p in "$gen/1/$fixes_dir"/*.patch ${vendor_dir:+"$gen/1/$vendor_dir"/*.patch}; do
	grep -q '^From: Probesim Check <check@probesim.invalid>$' "$p" || rc=1
	case $p in */0000-*) continue ;; esac
	[ "$(grep -c '^Signed-off-by: ' "$p")" = 1 ] &&
		grep -q '^Signed-off-by: Probesim Check <check@probesim.invalid>$' "$p" || rc=1
	[ "$rc" = 0 ] || { echo "not signed off by the test identity alone: $p" >&2; break; }
done
[ "${#fixes[@]}" -gt 0 ] || rc=1
[ -z "$vendor_dir" ] || [ "${#patches[@]}" -gt "${#fixes[@]}" ] || rc=1
result "every $base patch is signed off by the identity it was generated with" "$rc"

# git am onto the pristine base, in order: the fixes alone, then the whole
# series, in one repository.
am=$PROBESIM_OUT/series-am/$base
amq() { git -C "$am" -c user.name=am -c user.email=am@localhost "$@" >&2; }
rc=0
base_repo "$kver" "$am" || rc=$?
[ "$rc" != 0 ] || amq am -q --keep-cr "${fixes[@]}" || rc=$?
result "the fixes apply to $kver with git am (patches/$fixes_dir)" "$rc"
if [ -n "$vendor_dir" ]; then
	[ "$rc" != 0 ] || { amq reset -q --hard base && amq am -q --keep-cr "${patches[@]}"; } ||
		rc=$?
	result "the whole $base series applies with git am (patches/$vendor_dir)" "$rc"
fi
rm -rf "$am"

# checkpatch --strict: no error and no warning. Two allowances: a Fixes:
# tag names a commit this history-less tree cannot know
# (UNKNOWN_COMMIT_ID), and new files need no MAINTAINERS entry
# (FILE_PATH_CHANGES).
rc=0
# From outside any git checkout: 6.1's checkpatch reads a patch that git
# tracks as a file of its own.
(cd / && perl "$(pristine_tree "$kver")/scripts/checkpatch.pl" --strict --no-tree --quiet \
	--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "${fixes[@]}" ${patches[@]+"${patches[@]}"}) \
	>&2 || rc=$?
result "checkpatch --strict on the $base series" "$rc"
[ -z "$generate_only" ] || exit "$status"

# Every prefix builds, incrementally in one build directory: checking out
# the next commit touches only the files it changes. A prefix already
# built with the same patches is not built again.
out=$PROBESIM_CACHE/series-build/$base
stamps=$PROBESIM_CACHE/series-ok
mkdir -p "$out" "$stamps"
# The in-tree KUnit suites are built in every prefix that has them (and
# run at boot in the VM below).
fragment=$(cat "$here/configs/common.config" "$here/configs/test.config"
	echo CONFIG_ARM64_PROBESIM_KUNIT_TEST=y)
printf '%s\n' "$fragment" >"$out/fragment.config"
# shellcheck disable=SC2317 # called through timed
smake() {
	"${BUILD_NICE[@]}" make -C "$series" O="$out" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" "$NO_PAHOLE" -j"$(nproc)" "$@"
}
# shellcheck disable=SC2317 # called through timed
build_prefix() {	# build_prefix COMMIT
	# allnoconfig each time: an option a patch adds is then enabled as
	# soon as it exists, and an unchanged configuration rebuilds nothing.
	git -C "$series" checkout -q "$1" &&
		smake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" &&
		smake Image modules >"$out/build.log" 2>&1
}
commits=$(git -C "$series" rev-list --reverse base..HEAD)
# A prefix's key: the config fragments and the tree the prefix produces
# (its git tree hash covers the base and every patch up to it).
n=0 last_built=1
for commit in $commits; do
	n=$((n + 1))
	key=$(printf '%s\n' "$fragment" "$(git -C "$series" rev-parse "$commit^{tree}")" |
		sha256sum | cut -c1-16)
	subject=$(git -C "$series" log -1 --format=%s "$commit")
	if [ "$n" -lt "$(echo "$commits" | wc -l)" ]; then
		if [ -f "$stamps/$key" ]; then
			result "prefix $n builds (cached): $subject" 0
			continue
		fi
		# Not a result: make check-full builds it.
		[ -z "$quick" ] || continue
	fi
	rc=0
	timed "building $base prefix $n: $subject" build_prefix "$commit" || rc=$?
	[ "$rc" = 0 ] && touch "$stamps/$key"
	[ "$rc" = 0 ] || tail -n 30 "$out/build.log" >&2
	result "prefix $n builds: $subject" "$rc"
	last_built=$rc
done
git -C "$series" checkout -q master

# The in-tree KUnit suites, through the kernel's own runner (its own
# kernel build, cached like the prefixes).
kunit_dir=$PROBESIM_CACHE/kunit-build/$base
# shellcheck disable=SC2317 # called through timed
run_kunit() {
	mkdir -p "$kunit_dir"
	(cd "$series" && python3 tools/testing/kunit/kunit.py run --arch=arm64 \
		--cross_compile="$CROSS" --make_options "CC=ccache ${CROSS}gcc" \
		--kunitconfig=arch/arm64/kernel/probes/probesim \
		--build_dir="$kunit_dir" --jobs="$(nproc)") >"$out/kunit.log" 2>&1
}
if [ -z "$quick" ]; then
	rc=0
	timed "kunit.py run --arch=arm64 on the $base series" run_kunit || rc=$?
	summary=$(grep -a -o 'Ran [0-9]* tests.*' "$out/kunit.log" | tail -n 1 || true)
	# kunit.py exits 0 on results it could not parse; those count as failures.
	case $summary in
	*"errors: "[1-9]* | *"failed: "[1-9]* | *"crashed: "[1-9]* | "") [ "$rc" != 0 ] || rc=1 ;;
	esac
	[ "$rc" = 0 ] || tail -n 40 "$out/kunit.log" >&2
	result "kunit.py on the $base series: ${summary:-no summary}" "$rc"
fi

# The series' own selftests (tools/testing/selftests/arm64/uprobes), built
# the way the kernel builds them, static for the initramfs.
ksft=$out/kselftest
# shellcheck disable=SC2317 # called through timed
build_kselftests() {
	rm -rf "$ksft"
	mkdir -p "$ksft/root/kselftest-uprobes"
	make -C "$series/tools/testing/selftests/arm64" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		ARM64_SUBTARGETS=uprobes LDFLAGS=-static OUTPUT="$ksft/build" \
		-j"$(nproc)" >"$out/kselftest.log" 2>&1 || return 1
	local tests t
	read -r -a tests < <(sed -n 's/^TEST_GEN_PROGS := //p' \
		"$series/tools/testing/selftests/arm64/uprobes/Makefile")
	[ "${#tests[@]}" -gt 0 ] || return 1
	for t in "${tests[@]}"; do
		cp "$ksft/build/uprobes/$t" "$ksft/root/kselftest-uprobes/" || return 1
	done
}
rc=0
timed "building the $base series' arm64 uprobes kselftests" build_kselftests || rc=$?
[ "$rc" = 0 ] || tail -n 30 "$out/kselftest.log" >&2
result "the $base series' kselftests build (tools/testing/selftests/arm64/uprobes)" "$rc"

# The kernel with the whole series, probesim not loaded: the in-tree
# kselftests and the project's selftests with the kernel simulating, then
# the project's selftests without and with probesim (the kernel's
# simulation switched off); no stock allowances. Then the MTE tests.
# The build directory holds an older kernel when the whole series did
# not build: never boot that as the series.
if [ "$last_built" != 0 ]; then
	result "the $base series kernel boots: not built" 1
	exit "$status"
fi
# --quick: the kernel's own simulation only (builtin); the runs without
# and with probesim on this kernel repeat what the stock kernel's runs
# check, and make check-full does them.
modes=()
[ -z "$quick" ] || modes=(--append probesim.selftest_modes=none)
rc=0
"$here/kernel-run.sh" --series "$out" "${modes[@]}" --payload "$ksft/root" "$base" selftests \
	"series-$base" || rc=$?
[ "$rc" = 0 ] || status=1
# With MTE (-M virt,mte=on): the kernel's gate keeps STP on XOL.
rc=0
"$here/kernel-run.sh" --series "$out" --mte --payload "$ksft/root" "$base" \
	selftests-mte "series-$base-mte" || rc=$?
[ "$rc" = 0 ] || status=1
exit "$status"
