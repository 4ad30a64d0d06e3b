#!/usr/bin/env bash
# series-check.sh [--generate-only] BASE: the checks of one output of make
# patches (vm/patches.sh), each printed as a result; totals go to
# $PROBESIM_OUT/totals.
#
#   7.3 (MAINLINE_KERNEL)  the series for mainline. Generated twice, and the
#                          two must be byte-identical; signed off by the
#                          identity it was generated with; git am onto the
#                          pristine tree (the fixes alone, then all of it);
#                          checkpatch --strict; every prefix builds;
#                          kunit.py passes; its kselftests build; and its
#                          kernel passes them, the project's selftests with
#                          the kernel simulating (PROBESIM_MODE=builtin),
#                          and the MTE selftests, with no stock allowance.
#   fixes                  the fixes alone, on the same tree: generated, git
#                          am, checkpatch.
#   6.12, 6.1              the fixes backported: generated, git am,
#                          checkpatch, built, and the kernel's ptrace
#                          single-step over probes is right (ptrace_step).
# --generate-only stops after checkpatch.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

generate_only=''
if [ "${1:-}" = --generate-only ]; then
	generate_only=1
	shift
fi
[ $# -eq 1 ] || die "usage: $0 [--generate-only] $MAINLINE_KERNEL|fixes|6.12|6.1"
base=$1
kver=$base
[ "$base" != fixes ] || kver=$MAINLINE_KERNEL
totals=$PROBESIM_OUT/totals
mkdir -p "$PROBESIM_OUT"
# The series' tree, from its generation to the end of its boots.
lock_series "$base"
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
mapfile -t patches < <(find "$gen/1/$base" -name '[0-9]*.patch' ! -name '0000-*' | sort)

# Every patch, the cover letter too, is from and signed off by the
# identity it was generated with, and by no other.
rc=0
[ "${#patches[@]}" -gt 0 ] || rc=1
for p in "$gen/1/$base"/*.patch; do
	grep -q '^From: Probesim Check <check@probesim.invalid>$' "$p" || rc=1
	case $p in */0000-*) continue ;; esac
	[ "$(grep -c '^Signed-off-by: ' "$p")" = 1 ] &&
		grep -q '^Signed-off-by: Probesim Check <check@probesim.invalid>$' "$p" || rc=1
	[ "$rc" = 0 ] || { echo "not signed off by the test identity alone: $p" >&2; break; }
done
result "every $base patch is signed off by the identity it was generated with" "$rc"

# Addressed as get_maintainer.pl says, versioned as patches/src/changelog
# says, and no placeholder of the cover letter's source left unfilled.
rc=0
version=$(posting_version)
for p in "$gen/1/$base"/*.patch; do
	grep -q '^To: .*linux-arm-kernel@lists.infradead.org' "$p" &&
		grep -q '^Cc: .*linux-kernel@vger.kernel.org' "$p" || rc=1
	if [ "$version" -gt 1 ]; then
		grep -q "^Subject: \[PATCH[^]]* v$version [0-9]*/[0-9]*\]" "$p" || rc=1
	else
		grep -q '^Subject: \[PATCH[^]]* [0-9]*/[0-9]*\]' "$p" || rc=1
	fi
	[ "$rc" = 0 ] || { echo "not addressed or versioned: $p" >&2; break; }
done
cover=$(ls "$gen/1/$base"/0000-*.patch)
grep -n '@@' "$cover" >&2 && rc=1
grep -q "^v$version\$" "$cover" || rc=1
result "the $base series is addressed, versioned (v$version), its cover letter complete" "$rc"

# Nothing in a patch names the project (but the test identity it is signed
# with), and the series adds no directory to arch/.
rc=0
grep -n -i 'probesim' "${patches[@]}" | grep -v -e ':From: ' -e ':Signed-off-by: ' >&2 && rc=1
grep -n '^+++ b/arch/.*/probesim' "${patches[@]}" >&2 && rc=1
result "the $base series names no probesim and adds no directory of its own" "$rc"

# git am onto the pristine tree, in order; for the mainline series the
# fixes alone first (they must apply without the rest).
am=$PROBESIM_OUT/series-am/$base
amq() { git -C "$am" -c user.name=am -c user.email=am@localhost "$@" >&2; }
rc=0
base_repo "$kver" "$am" || rc=$?
nfixes=$(grep -l '^Cc: stable@vger.kernel.org' "${patches[@]}" | wc -l)
if [ "$base" = "$MAINLINE_KERNEL" ]; then
	[ "$rc" != 0 ] || amq am -q --keep-cr "${patches[@]:0:$nfixes}" || rc=$?
	result "the fixes at the head of the $base series apply alone with git am" "$rc"
	[ "$rc" != 0 ] || amq am -q --keep-cr "${patches[@]:$nfixes}" || rc=$?
else
	[ "$rc" != 0 ] || amq am -q --keep-cr "${patches[@]}" || rc=$?
fi
result "the $base series applies to $kver with git am" "$rc"
rm -rf "$am"

# checkpatch --strict: no error and no warning. Two allowances: a Fixes:
# tag names a commit this history-less tree cannot know
# (UNKNOWN_COMMIT_ID), and new files need no MAINTAINERS entry
# (FILE_PATH_CHANGES).
rc=0
# From outside any git checkout: 6.1's checkpatch reads a patch that git
# tracks as a file of its own.
(cd / && perl "$(pristine_tree "$kver")/scripts/checkpatch.pl" --strict --no-tree --quiet \
	--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES "${patches[@]}") >&2 || rc=$?
result "checkpatch --strict on the $base series" "$rc"
[ -z "$generate_only" ] || exit "$status"
[ "$base" != fixes ] || die "series-check.sh: the fixes series is checked with --generate-only"

# Builds, incrementally in one build directory, with the test kernel's
# configuration (vm/configs), so that ccache has most objects already:
# the mainline series prefix by prefix (checking out the next commit
# touches only the files it changes; a prefix built before with the same
# tree is not built again), a backport whole. The in-tree KUnit suite is
# built in as soon as it exists, and runs at boot.
series=$(series_tree "$base" "$kver")
out=$(series_build "$base")
stamps=$PROBESIM_CACHE/series-ok
mkdir -p "$out" "$stamps"
fragment=$(cat "$here/configs/common.config" "$here/configs/test.config"
	[ ! -f "$here/configs/test-$kver.config" ] || cat "$here/configs/test-$kver.config"
	echo CONFIG_ARM64_UPROBES_SIMULATE_KUNIT_TEST=y)
printf '%s\n' "$fragment" >"$out/fragment.config"
# shellcheck disable=SC2317 # called through timed
smake() { kernel_make "$series" "$out" "$@"; }
# shellcheck disable=SC2317 # called through timed
build_commit() {	# build_commit COMMIT
	# allnoconfig each time: an option a patch adds is then enabled as
	# soon as it exists, and an unchanged configuration rebuilds nothing.
	git -C "$series" checkout -q "$1" &&
		smake -s allnoconfig KCONFIG_ALLCONFIG="$out/fragment.config" &&
		smake -s olddefconfig &&
		smake Image modules >"$out/build.log" 2>&1
}
if [ "$base" = "$MAINLINE_KERNEL" ]; then
	commits=$(git -C "$series" rev-list --reverse base..HEAD)
else
	commits=$(git -C "$series" rev-parse HEAD)
fi
# A commit's key: the configuration and the tree it produces (its git
# tree hash covers the base and every patch up to it). The series' last
# commit, taken before build_commit moves HEAD.
n=0 last_built=1 last_commit=$(git -C "$series" rev-parse HEAD)
for commit in $commits; do
	n=$((n + 1))
	key=$(printf '%s\n' "$fragment" "$(git -C "$series" rev-parse "$commit^{tree}")" |
		sha256sum | cut -c1-16)
	subject=$(git -C "$series" log -1 --format=%s "$commit")
	what="prefix $n builds: $subject"
	[ "$base" = "$MAINLINE_KERNEL" ] || what="the $base backport builds"
	# The last one is built whatever the stamp says: its objects are
	# what the VM boots.
	if [ -f "$stamps/$key" ] && [ "$commit" != "$last_commit" ]; then
		result "$what (built before)" 0
		continue
	fi
	rc=0
	timed "building $base: $subject" build_commit "$commit" || rc=$?
	[ "$rc" = 0 ] && touch "$stamps/$key"
	[ "$rc" = 0 ] || tail -n 30 "$out/build.log" >&2
	result "$what" "$rc"
	last_built=$rc
done
git -C "$series" checkout -q master
# The build directory holds an older kernel when the last commit did not
# build: never boot that as the series.
if [ "$last_built" != 0 ]; then
	result "the $base kernel boots: not built" 1
	exit "$status"
fi

if [ "$base" != "$MAINLINE_KERNEL" ]; then
	# The backported fixes: a debugger single-stepping over probed
	# instructions stops where it stops without probes, and nothing
	# warns (no stock allowance).
	rc=0
	"$here/kernel-run.sh" --fixes "$out" --append probesim.selftests=ptrace_step \
		"$base" selftests "fixes-$base" || rc=$?
	[ "$rc" = 0 ] || status=1
	exit "$status"
fi

# The in-tree KUnit suite, through the kernel's own runner (its own
# kernel build, kept like the prefixes').
kunit_dir=$PROBESIM_CACHE/kunit-build/$base
# shellcheck disable=SC2317 # called through timed
run_kunit() {
	mkdir -p "$kunit_dir"
	(cd "$series" && "${BUILD_NICE[@]}" python3 tools/testing/kunit/kunit.py run \
		--arch=arm64 --cross_compile="$CROSS" --make_options "CC=ccache ${CROSS}gcc" \
		--kunitconfig=arch/arm64/kernel/probes --build_dir="$kunit_dir" \
		--jobs="$(nproc)") >"$out/kunit.log" 2>&1
}
rc=0
timed "kunit.py run --arch=arm64 on the $base series" run_kunit || rc=$?
summary=$(grep -a -o 'Ran [0-9]* tests.*' "$out/kunit.log" | tail -n 1 || true)
# kunit.py exits 0 on results it could not parse; those count as failures.
case $summary in
*"errors: "[1-9]* | *"failed: "[1-9]* | *"crashed: "[1-9]* | "") [ "$rc" != 0 ] || rc=1 ;;
esac
[ "$rc" = 0 ] || tail -n 40 "$out/kunit.log" >&2
result "kunit.py on the $base series: ${summary:-no summary}" "$rc"

# The series' kselftests (tools/testing/selftests/arm64/uprobes), built
# the way the kernel builds them, static for the initramfs.
ksft=$out/kselftest
# shellcheck disable=SC2317 # called through timed
build_kselftests() {
	rm -rf "$ksft"
	mkdir -p "$ksft/root/kselftest-uprobes"
	make -C "$series/tools/testing/selftests/arm64" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		ARM64_SUBTARGETS=uprobes LDFLAGS=-static OUTPUT="$ksft/build" \
		-j"$(nproc)" >"$out/kselftest.log" 2>&1 || return 1
	copy_executables "$ksft/build/uprobes" "$ksft/root/kselftest-uprobes"
}
rc=0
timed "building the $base series' arm64 uprobes kselftests" build_kselftests || rc=$?
[ "$rc" = 0 ] || tail -n 30 "$out/kselftest.log" >&2
result "the $base series' kselftests build (tools/testing/selftests/arm64/uprobes)" "$rc"

# The kernel with the whole series, probesim not loaded: its kselftests
# and the project's selftests with the kernel simulating; then, with MTE,
# the MTE selftests. No stock allowance applies.
rc=0
"$here/kernel-run.sh" --series "$out" --payload "$ksft/root" "$base" selftests \
	"series-$base" || rc=$?
[ "$rc" = 0 ] || status=1
rc=0
"$here/kernel-run.sh" --series "$out" --mte --payload "$ksft/root" "$base" \
	selftests-mte "series-$base-mte" || rc=$?
[ "$rc" = 0 ] || status=1
exit "$status"
