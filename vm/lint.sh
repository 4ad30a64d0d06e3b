#!/usr/bin/env bash
# lint.sh shell|checkpatch: shellcheck every shell script, or run the
# kernel's checkpatch.pl --strict over every kernel C source and header.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

cd "$PROBESIM_TOP"
case "${1:-}" in
shell)
	mapfile -t scripts < <(git ls-files '*.sh' .ci/run vm/guest/init)
	shellcheck -x "${scripts[@]}"
	;;
checkpatch)
	ksrc=$(pristine_tree 6.12)
	mapfile -t sources < <(git ls-files 'module/*.[ch]' 'kunit/*.[ch]' \
		'vm/negative/*.[ch]')
	# One named allowance: RCU_TASKS_TRACE, which reserves that flavour
	# for BPF and RCU itself. The uprobe hit path is such a read section
	# (kernel/events/uprobes.c), and lifetime.c must wait for exactly it.
	perl "$ksrc/scripts/checkpatch.pl" --strict --no-tree --quiet \
		--ignore RCU_TASKS_TRACE -f "${sources[@]}"
	;;
*) die "usage: $0 shell|checkpatch" ;;
esac
