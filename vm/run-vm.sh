#!/usr/bin/env bash
# run-vm.sh [--mte] [--icount] [--timeout SECONDS] [--append ARGS]... IMAGE INITRD SUITES LOG
# Boot IMAGE with INITRD under qemu, run the comma-separated guest SUITES,
# and capture the serial console in LOG; each --append adds ARGS to the
# kernel command line. --icount runs the guest with qemu's instruction
# counting (-icount shift=0,sleep=off): a guest nanosecond is one
# instruction, idle time is skipped, and the PMU's instructions event
# counts exactly, so every figure is an instruction count that does not
# change from run to run. The VM powers itself off when the suites are done;
# past the timeout it is killed (the report then says the run did not
# complete and shows the last console lines).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

machine=virt
icount=()
limit=1200
append=
while [ $# -gt 0 ]; do
	case "$1" in
	--mte) machine=virt,mte=on; shift ;;
	--icount) icount=(-icount 'shift=0,sleep=off'); shift ;;
	--timeout) limit=$2; shift 2 ;;
	--append) append="$append $2"; shift 2 ;;
	--*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 4 ] || die "usage: $0 [--mte] [--icount] [--timeout S] [--append ARGS] IMAGE INITRD SUITES LOG"
image=$1 initrd=$2 suites=$3 console=$4

boot() {
	local rc=0
	timeout -k 10 "$limit" qemu-system-aarch64 \
		-M "$machine" -cpu max,pauth-impdef=on -smp 2 -m 1G "${icount[@]}" \
		-display none -monitor none -nic none -serial "file:$console" \
		-no-reboot -kernel "$image" -initrd "$initrd" \
		-append "console=ttyAMA0 panic=-1 kunit.enable=1 probesim.suites=$suites$append" \
		</dev/null || rc=$?
	case "$rc" in
	0) ;;
	124|137) log "VM killed after the ${limit}s timeout" ;;
	*) log "qemu exited with status $rc"; return "$rc" ;;
	esac
	# A killed VM is not an error here: its log lacks the done marker,
	# which the report turns into a failure with the last console lines.
}
timed "VM ($machine${icount:+, icount}): suites $suites" boot
