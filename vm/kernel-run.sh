#!/usr/bin/env bash
# kernel-run.sh [--mte] [--icount] [--timeout S] [--expect KIND] [--flavor F] [--src DIR]
#               [--series KBUILD | --fixes KBUILD] [--payload DIR]...
#               [--append ARGS]...
#               KVER SUITES LABEL
# Build (or reuse) the KVER kernel, its modules, the payload and an
# initramfs; boot it once to run the comma-separated guest SUITES; judge the
# console with probesim-report under LABEL. Totals are appended to
# $PROBESIM_OUT/totals. Exit status: the report's. --src builds the modules
# from another copy of the sources (a deliberately broken mutant).
# --series boots the kernel built in KBUILD from the patch series instead:
# the guest is told so, no module is built (the kernel simulates by
# itself), and no stock-kernel allowances apply. --fixes boots one built
# with the series' fixes alone: the guest is told so, and no stock-kernel
# allowances apply.
# --icount boots under qemu's instruction counting (run-vm.sh --icount).
# --payload DIR adds DIR's contents to the initramfs root (see
# build-initramfs.sh --extra). --append ARGS adds ARGS to the kernel
# command line (probesim.untested=1: the kernel is one probesim was not
# tested on, which it must refuse unless told to load).
# ALU_FUZZ_COUNT=N in the environment (make check ALU_FUZZ_COUNT=N) makes
# the alu_fuzz selftest run N encodings per class instead of 10000; the VM
# timeout grows with it unless --timeout is given.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

vmopts=() reportopts=() flavor=test srcopt=() extras=() timeout='' series='' kind=''
while [ $# -gt 0 ]; do
	case "$1" in
	--mte | --icount) vmopts+=("$1"); shift ;;
	--timeout) timeout=$2; shift 2 ;;
	--expect) reportopts+=(--expect "$2"); shift 2 ;;
	--flavor) flavor=$2; shift 2 ;;
	--src) srcopt=(--src "$2"); shift 2 ;;
	--series) series=$2 kind=series; shift 2 ;;
	--fixes) series=$2 kind=fixes; shift 2 ;;
	--payload) extras+=(--extra "$2"); shift 2 ;;
	--append) vmopts+=(--append "$2"); shift 2 ;;
	--*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 3 ] || die "usage: $0 [--mte] [--timeout S] [--expect KIND] [--flavor F] [--payload DIR] KVER SUITES LABEL"
kver=$1 suites=$2 label=$3

if [ -n "${ALU_FUZZ_COUNT:-}" ]; then
	case $ALU_FUZZ_COUNT in
	*[!0-9]* | 0*) die "ALU_FUZZ_COUNT must be a positive number, not '$ALU_FUZZ_COUNT'" ;;
	esac
	vmopts+=(--append "probesim.alu_fuzz_count=$ALU_FUZZ_COUNT")
	# 5 classes in 2 modes; under TCG a run takes 0.5 ms, up to 2 ms
	# on a busy host.
	timeout=${timeout:-$((1200 + ALU_FUZZ_COUNT / 40))}
fi
[ -z "$timeout" ] || vmopts+=(--timeout "$timeout")

if [ -n "$series" ]; then
	kbuild=$series
	# The guest's suites check the kernel's own simulation
	# (PROBESIM_MODE=builtin), or expect the fixes alone.
	vmopts+=(--append "probesim.kernel=$kind")
else
	kbuild=$("$here/build-kernel.sh" "$kver" "$flavor")
fi
# The payload and the initramfs are built under a lock: make check
# runs a series boot in the background while its stages run theirs.
mkdir -p "$PROBESIM_OUT"
exec 8>"$PROBESIM_OUT/payload.lock"
flock 8
# A kernel with the patch series simulates by itself: no module, which
# could not be built against it (its code is the series' own).
moddir=-
if [ "$kind" != series ]; then
	moddir=$PROBESIM_OUT/modules/$(basename "$kbuild")
	if [ ${#srcopt[@]} -gt 0 ]; then
		moddir=$moddir-$label
		# A mutant run of suites that load probesim.ko and its KUnit
		# module alone needs no other copy.
		case ",$suites," in
		*,module-load,* | *,selftests,* | *,neg-*) ;;
		*) srcopt+=(--main-only) ;;
		esac
	fi
	"$here/build-modules.sh" "${srcopt[@]}" "$kbuild" "$moddir"
fi
payload=$("$here/build-payload.sh")
report=$("$here/build-tools.sh")/report/probesim-report

runs=$PROBESIM_OUT/runs
mkdir -p "$runs"
initrd=$runs/$label.cpio
"$here/build-initramfs.sh" "${extras[@]}" "$moddir" "$payload" "$initrd"
exec 8>&-
"$here/run-vm.sh" "${vmopts[@]}" "$kbuild/arch/arm64/boot/Image" "$initrd" \
	"$suites" "$runs/$label.log"

allow=()
# Known splats of unpatched stock kernels, allowed only there.
if [ -z "${KSRC:-}" ] && [ -z "$series" ]; then
	allow=(--allow "$here/allow/stock.txt")
fi
"$report" --console "$runs/$label.log" --label "$label" "${allow[@]}" \
	"${reportopts[@]}" --totals "$PROBESIM_OUT/totals"
