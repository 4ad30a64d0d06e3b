# shellcheck shell=sh
# The kselftests, twice: without probesim (PROBESIM_MODE=absent: the
# simulation checks skip, every equivalence check still runs) and with it
# loaded, stp=1 (PROBESIM_MODE=loaded); on a kernel with the patch series
# a third time first, with the kernel simulating (PROBESIM_MODE=builtin).
# The mode is what the tests expect; they never infer it from what they
# observe.
export PROBESIM_KO=/modules/probesim.ko

# Bad module parameters are refused with EINVAL and leave nothing loaded.
param_checks() {
	echo "TAP version 13"
	echo "1..5"
	n=0
	for arg in stp=2 nop=maybe stp= alu=2 bti=-1; do
		n=$((n + 1))
		if insmod "$PROBESIM_KO" "$arg" 2>/tmp/param.err; then
			rmmod probesim
			echo "not ok $n insmod probesim $arg was accepted"
		elif [ -e /sys/module/probesim ]; then
			echo "not ok $n insmod probesim $arg left the module loaded"
		elif ! grep -q 'Invalid argument' /tmp/param.err; then
			echo "not ok $n insmod probesim $arg: $(cat /tmp/param.err)"
		else
			echo "ok $n insmod probesim $arg is refused with EINVAL"
		fi
	done
}
ktap_section module-params param_checks

# A kernel whose free path is not found is refused, in the one format every
# refusal uses (the copy in /modules/refusal looks up a function that does
# not exist instead of the real free path).
refusal_check() {
	echo "TAP version 13"
	echo "1..1"
	want="probesim: unsupported kernel $(uname -r): no kfree() of a uprobe found"
	# Only what this insmod logs (never dmesg -c: the splat scan reads it all).
	before=$(dmesg | wc -l)
	if insmod /modules/refusal/probesim.ko 2>/tmp/refusal.err; then
		rmmod probesim
		echo "not ok 1 a probesim that finds no free path loaded"
	elif [ -e /sys/module/probesim ]; then
		echo "not ok 1 a refused probesim left the module loaded"
	elif ! dmesg | tail -n "+$((before + 1))" | grep -qF "$want"; then
		echo "not ok 1 refusal without '$want': $(dmesg | tail -n "+$((before + 1))" | grep probesim)"
	elif ! grep -q 'not supported' /tmp/refusal.err; then
		echo "not ok 1 insmod's error is not EOPNOTSUPP: $(cat /tmp/refusal.err)"
	else
		echo "ok 1 a kernel whose free path is not found is refused: $want"
	fi
}
ktap_section module-refusal refusal_check

# A kernel probesim was tested on loads silently; any other that it can
# support loads with one line naming the tested series (probesim.untested=1
# on the command line says which this is).
support_check() {
	echo "TAP version 13"
	echo "1..1"
	before=$(dmesg | wc -l)
	if ! insmod "$PROBESIM_KO" 2>/tmp/support.err; then
		echo "not ok 1 insmod probesim: $(cat /tmp/support.err)"
		return
	fi
	rmmod probesim
	lines=$(dmesg | tail -n "+$((before + 1))" | grep -c "probesim: kernel $(uname -r) was not tested (tested: " || true)
	want=0
	[ "$PROBESIM_UNTESTED" = 1 ] && want=1
	if [ "$lines" != "$want" ]; then
		echo "not ok 1 $lines lines say kernel $(uname -r) was not tested, want $want"
	else
		echo "ok 1 kernel $(uname -r): $want lines say it was not tested"
	fi
}
ktap_section module-support support_check

# run_selftests MODE: every selftest once, told MODE.
run_selftests() {
	for t in /selftests/*; do
		case "$(basename "$t")" in negative_*) continue ;; esac
		ktap_section "selftest-$1-$(basename "$t")" env PROBESIM_MODE="$1" "$t"
	done
}

# A kernel with the patch series simulates by itself: first that, with
# every switch on and probesim not loaded: the series' kselftests, then
# these with PROBESIM_MODE=builtin. Then the switches go off and the modes
# below compare probesim.ko and the single-step with the CPU as on a stock
# kernel.
builtin_runs() {
	kselftest_uprobes
	run_selftests builtin
}
if [ "$PROBESIM_KERNEL" = series ]; then
	with_uprobe_sim selftests-builtin builtin_runs
fi

# SELFTEST_MODES: the mutation check runs only "loaded", the one mode in
# which a broken probesim.ko is in play.
for mode in ${SELFTEST_MODES:-absent loaded}; do
	if [ "$mode" = loaded ] && ! insmod "$PROBESIM_KO" stp=1 2>/tmp/insmod.err; then
		tap_fail selftests-insmod "insmod probesim: $(cat /tmp/insmod.err)"
		continue
	fi
	run_selftests "$mode"
	if [ "$mode" = loaded ] && ! rmmod probesim 2>/tmp/rmmod.err; then
		tap_fail selftests-rmmod "rmmod probesim after the tests: $(cat /tmp/rmmod.err)"
	fi
done
