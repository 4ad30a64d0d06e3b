#!/usr/bin/env bash
# mutation-check.sh [KVER]: prove that the tests can fail. Every patch in
# kunit/mutants/, selftests/mutants/, selftests/mutants-load/ and
# selftests/mutants-mte/ breaks probesim in one way; each is applied to a
# copy of the sources, and the suite of the directory it lives in (kunit,
# selftests-loaded, module-load, or selftests-mte in a VM with MTE) must
# then report a failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-7.3}
status=0

# run_mutants DIR SUITE [KERNEL-RUN OPTIONS]: every DIR/*.patch must make
# SUITE fail. Header lines before the diff: "Caught-by: a,b" runs only
# those selftests; "Expect: splat" says the mutant breaks the kernel
# itself (an Oops), which then ends the boot at once (oops=panic) rather
# than at the timeout of a hung one.
run_mutants() {
	local dir=$1 suite=$2 patch name copy
	shift 2
	for patch in "$PROBESIM_TOP/$dir"/*.patch; do
		[ -f "$patch" ] || continue
		name=$(basename "$patch" .patch)
		copy=$PROBESIM_OUT/mutants/$name
		patched_sources "$patch" "$copy" || die "mutant $name does not apply"
		caught=$(sed -n '1,/^--- /s/^Caught-by: *//p' "$patch")
		expect=$(sed -n '1,/^--- /s/^Expect: *//p' "$patch")
		expect=${expect:-test-failure}
		local -a only=()
		[ -z "$caught" ] || only=(--append "probesim.selftests=$caught")
		[ "$expect" != splat ] || only+=(--append oops=panic)
		"$here/kernel-run.sh" "$@" "${only[@]}" --src "$copy" --expect "$expect" \
			"$kver" "$suite" "mutant-$suite-$name" || status=1
	done
}

run_mutants kunit/mutants kunit
# Only the loaded mode: without probesim.ko nothing a mutant broke runs.
run_mutants selftests/mutants selftests-loaded
# Loading itself (refusals, the untested-kernel line): its own short suite.
run_mutants selftests/mutants-load module-load
# Mutants only a system with MTE tells apart: the selftests-mte suite, in
# a VM with mte=on.
run_mutants selftests/mutants-mte selftests-mte --mte
exit "$status"
