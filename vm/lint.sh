#!/usr/bin/env bash
# lint.sh shell|checkpatch|shim|variants: shellcheck every shell script;
# run the kernel's checkpatch.pl --strict over every kernel C source and
# header; hold the host shim's accessors (tools/kernel-shim/prelude.h) to
# the <asm/insn.h> of the tree the series is for, as the series leaves it;
# or make sure that every patch of bench/variants/ (make bench-variants)
# applies to the module.
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
	# What the series puts in the kernel tree, under the checkpatch of
	# the tree it is for, with no allowance.
	mapfile -t tree < <(git ls-files 'module/probes/*.[ch]' 'module/lib/*.[ch]' \
		'module/asm/*.[ch]' 'selftests/arm64-uprobes/*.[ch]')
	perl "$(pristine_tree "$MAINLINE_KERNEL")/scripts/checkpatch.pl" --strict --no-tree \
		--quiet -f "${tree[@]}"
	# The module around it, which also builds on 6.1 and 6.12: under
	# 6.12's checkpatch (7.x's prefers allocators older kernels lack). Two
	# named allowances: RCU_TASKS_TRACE, which reserves that flavour for
	# BPF and RCU itself, while the uprobe hit path is such a read section
	# (kernel/events/uprobes.c) and lifetime.c must wait for exactly it;
	# and MACRO_ARG_REUSE, for the families.h X-macros, which paste an
	# argument into several names, and compat.h's copy of the kernel's
	# own accessor generator: nothing there is evaluated twice.
	mapfile -t sources < <(git ls-files 'module/*.[ch]' 'kunit/*.[ch]' 'vm/negative/*.[ch]' |
		grep -v -e '^module/probes/' -e '^module/lib/' -e '^module/asm/')
	perl "$(pristine_tree 6.12)/scripts/checkpatch.pl" --strict --no-tree --quiet \
		--ignore RCU_TASKS_TRACE,MACRO_ARG_REUSE -f "${sources[@]}"
	;;
shim)
	# Every accessor line of the shim, blanks aside, is one of the
	# kernel's as the series leaves them, mask and value alike.
	insn_h=$(pristine_tree "$MAINLINE_KERNEL")/arch/arm64/include/asm/insn.h
	kernel=$(sed -E -f patches/src/insn-add-sub-imm.sed "$insn_h" |
		grep '^__AARCH64_INSN_FUNCS(' | tr -d ' \t')
	[ -n "$kernel" ] || die "no accessors in $insn_h"
	status=0 n=0
	while read -r line; do
		n=$((n + 1))
		if ! grep -qixF "$line" <<<"$kernel"; then
			echo "tools/kernel-shim/prelude.h: $line is not in $insn_h" >&2
			status=1
		fi
	done < <(grep '^__AARCH64_INSN_FUNCS(' tools/kernel-shim/prelude.h | tr -d ' \t')
	[ "$n" -gt 0 ] || die "no accessors in tools/kernel-shim/prelude.h"
	exit "$status"
	;;
variants)
	copy=$(mktemp -d)
	trap 'rm -rf "$copy"' EXIT
	status=0 n=0
	for patch in bench/variants/*.patch; do
		n=$((n + 1))
		if ! patched_sources "$patch" "$copy/$n" >/dev/null; then
			echo "$patch does not apply to module/ as it is" >&2
			status=1
		fi
	done
	[ "$n" -gt 0 ] || die "no patches in bench/variants/"
	exit "$status"
	;;
*) die "usage: $0 shell|checkpatch|shim|variants" ;;
esac
