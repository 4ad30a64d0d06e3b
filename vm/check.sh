#!/usr/bin/env bash
# check.sh: everything `make check` runs. Installs what is missing, runs
# the host tests and lint, builds and boots each test kernel to run the
# whole guest suite, proves the harness fails when it should, prints the
# minutes per stage and closes with "N passed, N failed, N skipped".
# CHECK_QUICK=1 (make check-quick) runs less of it, CHECK_FULL=1 (make
# check-full) more.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

# make check: 6.12 and 7.3, and the patch series (for mainline on 7.3,
# its fixes backported to 6.12). make check-full (CHECK_FULL=1) adds 6.1
# (and the fixes backported there), 7.2 (untested), the capstone
# whole-class sweeps, Debian's own kernel images, DKMS, the trap-free NOP
# prototype, and the lifetime stress on a KASAN kernel. make check-quick
# (CHECK_QUICK=1), the loop to run while changing the code: the host
# setup, the lint checks, the host tests and the 6.12 kernel's boot
# (KUnit, selftests, arm64-uprobes, bench smoke, forced unload), nothing
# else.
if [ -n "${CHECK_QUICK:-}" ]; then
	[ -z "${CHECK_FULL:-}" ] || die "CHECK_QUICK and CHECK_FULL exclude each other"
	kernels=${KERNELS:-6.12}
	run="make check-quick"
	in_background="the kernel build"
else
	kernels=${KERNELS:-6.12 7.3${CHECK_FULL:+ 6.1}}
	run="make check${CHECK_FULL:+-full}"
	in_background="kernel builds, the fixes on 6.12, the series for mainline"
fi
start=$(date +%s)
totals=$PROBESIM_OUT/totals
mkdir -p "$PROBESIM_OUT"
: >"$totals"
failed_steps=()
# Read by timed (vm/lib.sh) in this shell only, not exported: the stages
# of this script, not the steps inside them.
STAGE_TIMES=$PROBESIM_OUT/stage-times
: >"$STAGE_TIMES"

# The per-stage table: minutes per stage and the total.
stage_table() {
	awk -F'\t' -v total="$(( $(date +%s) - start ))" '
		BEGIN { printf "\n%-62s %7s\n", "stage", "minutes" }
		{ printf "%-62s %7.1f%s\n", substr($3, 1, 62), $1 / 60, $2 == 0 ? "" : "  FAILED" }
		END { printf "%-62s %7.1f\n", "total", total / 60 }' "$STAGE_TIMES" >&2
}

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

# A kernel build keeps both cores busy for minutes, a test VM mostly one
# vCPU: so the kernels build in the background, at the lowest priority
# (a VM beside them keeps its speed), in the order the stages
# below need them (build-kernel.sh makes a stage wait for a kernel still
# being built), and the series checks, whose kernels only the last
# stages would otherwise reach, follow them there.
background_log=$PROBESIM_OUT/background.log
background() {
	local k rc=0
	export PROBESIM_BUILD_NICE=19
	for k in $kernels; do
		"$here/build-kernel.sh" "$k" test >/dev/null || true
	done
	# make check-quick boots its test kernels and nothing else.
	[ -z "${CHECK_QUICK:-}" ] || return 0
	"$here/build-kernel.sh" 6.12 bench >/dev/null || true
	"$here/build-kernel.sh" 6.12 sig >/dev/null || true
	# The fixes backported to 6.12 first: a short boot, and a build
	# that ccache mostly has from the stock 6.12 kernel's.
	timed "the fixes backported to 6.12: built, ptrace single-step (alongside)" \
		"$here/series-check.sh" 6.12 || rc=1
	timed "the series for mainline, on $MAINLINE_KERNEL (alongside the stages above)" \
		"$here/series-check.sh" "$MAINLINE_KERNEL" || rc=1
	return "$rc"
}
# Its own process group, so that it goes when this script does.
set -m
background >"$background_log" 2>&1 &
background_pid=$!
set +m
trap 'kill -- -"$background_pid" 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
log "kernels build in the background; their log: $background_log"

# The end of every run: the background's outcome, the minutes per stage
# and the totals. Its status is the run's.
finish() {
	local rc=0
	wait "$background_pid" || rc=$?
	log "background ($in_background) ended, rc=$rc; its log:"
	sed 's/^/  | /' "$background_log" >&2
	[ "$rc" = 0 ] || failed_steps+=("background: the fixes on 6.12, the series for mainline")

	stage_table
	log "$run took $(( $(date +%s) - start ))s"
	if [ ${#failed_steps[@]} -gt 0 ]; then
		printf 'failed: %s\n' "${failed_steps[@]}" >&2
	fi
	awk '{ p += $1; f += $2; s += $3; x += $4 }
		END { printf "%d passed, %d failed, %d skipped\n", p, f, s + x }' "$totals"
	awk '{ f += $2 } END { exit f > 0 }' "$totals" && [ ${#failed_steps[@]} -eq 0 ]
}

count "shellcheck" "$here/lint.sh" shell
count "checkpatch --strict" "$here/lint.sh" checkpatch
count "the host shim's accessors are Linux $MAINLINE_KERNEL's" "$here/lint.sh" shim
count "the benchmark variants apply to the module" "$here/lint.sh" variants

host_tests() {
	local build rc=0
	build=$("$here/build-tools.sh")
	# The capstone oracle's whole-class sweeps take minutes: make
	# check-full runs them; make check keeps its sampled oracle tests.
	local -a exclude=()
	[ -n "${CHECK_FULL:-}" ] ||
		exclude=(-E 'Oracle/AluClass\.WholeClass|Oracle\.LoadStorePairClass')
	ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${exclude[@]}" \
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
	step "kernel $kver: kunit, selftests, arm64-uprobes, bench smoke, forced unload" \
		"$here/kernel-run.sh" "$kver" kunit,selftests,arm64-uprobes,bench-smoke,forced-unload "check-$kver"
	[ -n "${CHECK_QUICK:-}" ] ||
		step "kernel $kver with MTE: selftests-mte" \
			"$here/kernel-run.sh" --mte "$kver" selftests-mte "check-$kver-mte"
done

# make check-quick ends here.
if [ -n "${CHECK_QUICK:-}" ]; then
	rc=0
	finish || rc=$?
	exit "$rc"
fi

# The instruction-count benchmark works: two modes on the benchmark
# kernel under qemu's instruction counting (make bench-count runs all).
step "kernel 6.12 (benchmark build, icount): instructions per hit, two modes" \
	"$here/kernel-run.sh" --icount --flavor bench \
	--append probesim.bench_modes=uprobe-nop-bl,uprobe-and-blr --append probesim.bench_rounds=2 \
	6.12 bench-count check-6.12-count

# The README's tools-install-steps: the host tools' CMake build and
# install, into a scratch root; then its survey line on redis-server.
count "the README's tools-install-steps and its survey line" \
	"$here/tools-install-check.sh"

# The README's install-steps: make, make install and make dkms-install on
# this host for the 6.12 test kernel, then insmod, modprobe and the load at
# boot in its VM.
step "the README's install-steps on 6.12 (make install, DKMS, modprobe)" \
	"$here/install-check.sh" 6.12

# The README's sign-steps (all but mokutil), and an unsigned, a MOK-signed
# and a kernel-key-signed module under lockdown and sig_enforce, on a 6.12
# kernel that checks module signatures.
step "the README's Secure Boot steps on 6.12 (sign-file, lockdown)" \
	"$here/secure-boot-check.sh" 6.12

# The harness itself: each of these must be reported as a failure.
for neg in neg-kunit-fail:test-failure neg-selftest-fail:test-failure \
	neg-warn:splat; do
	step "harness self-test ${neg%%:*}" "$here/kernel-run.sh" \
		--expect "${neg##*:}" 6.12 "${neg%%:*}" "${neg%%:*}"
done
step "harness self-test neg-hang" "$here/kernel-run.sh" --timeout 60 \
	--expect timeout 6.12 neg-hang neg-hang

# On one kernel, the newest.
step "mutation check on 7.3" "$here/mutation-check.sh" 7.3

# The survey's hand-written rules for the stock kernels against their
# own decoders, built for the host from the trees: a sample of the words
# (every word in make check-full, some 2 minutes a kernel).
count "the survey's rules are each stock kernel's decode-insn.c" \
	"$here/stock-rules-check.sh" ${CHECK_FULL:+--full} 6.1 6.12 "$MAINLINE_KERNEL"

# The series' other outputs: the fixes alone, on the mainline tree (the
# 6.12 backport is built and booted in the background); make check-full
# builds and boots the 6.1 backport, and adds 7.2, Debian's own kernels
# and the KASAN stress.
step "the fixes for mainline, on $MAINLINE_KERNEL (generated, git am, checkpatch)" \
	"$here/series-check.sh" --generate-only fixes
if [ -n "${CHECK_FULL:-}" ]; then
	step "the fixes backported to 6.1 (built, ptrace single-step)" "$here/series-check.sh" 6.1
	# 7.2 (sid) is a kernel probesim was not tested on: it must refuse
	# to load there unless told to, and then say so once.
	step "kernel 7.2, untested: selftests" "$here/kernel-run.sh" \
		--append probesim.untested=1 7.2 selftests check-7.2
	for kver in 6.12 6.1; do
		step "Debian's own $kver arm64 kernel: selftests" \
			"$here/debian-kernel-run.sh" "$kver" selftests "debian-$kver"
	done
	# The trap-free NOP prototype (bench/optimized-nop): both paths
	# count every hit, on its own 7.3 kernel.
	step "the optimized-NOP prototype on 7.3 (icount): every hit counted" \
		env OPTIMIZED_NOP_MD="$PROBESIM_OUT/optimized-nop.md" "$here/bench-optimized-nop.sh"
	# The lifetime stress for 5 minutes on a KASAN kernel.
	step "kernel 7.3 with KASAN: lifetime stress, 5 minutes" "$here/kernel-run.sh" \
		--flavor kasan --timeout 2400 7.3 stress-kasan check-7.3-kasan
else
	step "the fixes backported to 6.1 (generated, git am, checkpatch)" \
		"$here/series-check.sh" --generate-only 6.1
fi

finish
