#!/usr/bin/env bash
# check.sh: everything `make check` runs. Installs what is missing, runs
# the host tests and lint, builds and boots both test kernels once each to
# run the whole guest suite, proves the harness fails when it should, and
# closes with "N passed, N failed, N skipped".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kernels=${KERNELS:-6.12 6.1}
start=$(date +%s)
totals=$PROBESIM_OUT/totals
mkdir -p "$PROBESIM_OUT"
: >"$totals"
failed_steps=()

# step NAME CMD...: run one check; a failure is recorded, not fatal, so
# that one broken suite does not hide the others.
step() {
	local name=$1
	shift
	if ! timed "$name" "$@"; then
		failed_steps+=("$name")
	fi
}

# count NAME CMD...: a check that is one test of its own.
count() {
	local name=$1
	shift
	if timed "$name" "$@"; then
		echo "1 0 0 0" >>"$totals"
	else
		echo "0 1 0 0" >>"$totals"
		failed_steps+=("$name")
	fi
}

timed "host setup" "$here/setup-host.sh"

count "shellcheck" "$here/lint.sh" shell
count "checkpatch --strict" "$here/lint.sh" checkpatch

host_tests() {
	local build rc=0
	build=$("$here/build-tools.sh")
	ctest --test-dir "$build" --output-on-failure -j"$(nproc)" \
		>"$build/ctest.log" 2>&1 || rc=$?
	tail -n 3 "$build/ctest.log" >&2
	# "100% tests passed, 0 tests failed out of 42"; ctest counts a
	# skipped test as passed, listed as "(Skipped)": count those apart.
	local skipped
	skipped=$(grep -c '(Skipped)$' "$build/ctest.log" || true)
	sed -n 's/.* \([0-9]*\) tests failed out of \([0-9]*\).*/\1 \2/p' \
		"$build/ctest.log" | while read -r f n; do
		echo "$((n - f - skipped)) $f $skipped 0" >>"$totals"
	done
	[ "$rc" = 0 ] || { grep -B2 -A20 'Failed\|FAILED' "$build/ctest.log" >&2 || true; }
	return "$rc"
}
step "host tests (ctest)" host_tests

for kver in $kernels; do
	step "kernel $kver: kunit, selftests, bench smoke" \
		"$here/kernel-run.sh" "$kver" kunit,selftests,bench-smoke "check-$kver"
done
step "kernel 6.12 with MTE: selftests-mte" \
	"$here/kernel-run.sh" --mte 6.12 selftests-mte check-6.12-mte

# The harness itself: each of these must be reported as a failure.
for neg in neg-kunit-fail:test-failure neg-selftest-fail:test-failure \
	neg-warn:splat; do
	step "harness self-test ${neg%%:*}" "$here/kernel-run.sh" \
		--expect "${neg##*:}" 6.12 "${neg%%:*}" "${neg%%:*}"
done
step "harness self-test neg-hang" "$here/kernel-run.sh" --timeout 60 \
	--expect timeout 6.12 neg-hang neg-hang

step "mutation check" "$here/mutation-check.sh" 6.12

count "survey parser fuzzing (${FUZZ_SECONDS:=30}s)" env FUZZ_SECONDS="$FUZZ_SECONDS" \
	"$here/fuzz-survey.sh"

# The patch series on 6.12 (6.1 in make check-full): staleness, git am,
# checkpatch, every prefix builds, the patched kernel passes the selftests.
step "patch series on 6.12" "$here/series-check.sh" 6.12
if [ -n "${CHECK_FULL:-}" ]; then
	step "patch series on 6.1" "$here/series-check.sh" 6.1
else
	step "patches/6.1 is up to date" "$here/series-check.sh" --stale-only 6.1
fi

log "make check took $(( $(date +%s) - start ))s"
if [ ${#failed_steps[@]} -gt 0 ]; then
	printf 'failed: %s\n' "${failed_steps[@]}" >&2
fi
awk '{ p += $1; f += $2; s += $3; x += $4 }
	END { printf "%d passed, %d failed, %d skipped\n", p, f, s + x }' "$totals"
awk '{ f += $2 } END { exit f > 0 }' "$totals" && [ ${#failed_steps[@]} -eq 0 ]
