#!/usr/bin/env bash
# mutation-check.sh [KVER]: prove that the tests can fail. Every patch in
# kunit/mutants/ and selftests/mutants/ breaks probesim in one way; each is
# applied to a copy of the sources, and the suite of the directory it lives
# in (kunit or selftests) must then report a failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-6.12}
status=0
for dir in kunit selftests; do
	for patch in "$PROBESIM_TOP/$dir"/mutants/*.patch; do
		[ -f "$patch" ] || continue
		name=$(basename "$patch" .patch)
		copy=$PROBESIM_OUT/mutants/$name
		rm -rf "$copy"
		mkdir -p "$copy"
		(cd "$PROBESIM_TOP" && tar cf - Kbuild module kunit vm/negative) |
			tar -C "$copy" -xf -
		patch -s -p1 -d "$copy" <"$patch" || die "mutant $name does not apply"
		"$here/kernel-run.sh" --src "$copy" --expect test-failure \
			"$kver" "$dir" "mutant-$dir-$name" || status=1
	done
done
exit "$status"
