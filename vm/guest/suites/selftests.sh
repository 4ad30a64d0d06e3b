# shellcheck shell=sh
# The kselftests, twice: without probesim (PROBESIM_MODE=absent: the
# simulation checks skip, every equivalence check still runs) and with it
# loaded, stp=1 (PROBESIM_MODE=loaded). On a kernel with the patch series,
# which simulates by itself and needs no module, once, with the kernel
# simulating (PROBESIM_MODE=builtin), after the series' own kselftests
# and KUnit suite. The mode is what the tests expect; they never infer it
# from what they observe.
export PROBESIM_KO=/modules/probesim.ko

if [ "$PROBESIM_KERNEL" != series ] && [ -z "${SELFTESTS_ONLY:-}" ]; then
	# Loading itself: parameters, refusals, the untested-kernel line.
	# shellcheck source=vm/guest/suites/module-load.sh
	. /suites/module-load.sh
	# The README's verify steps, as written there.
	# shellcheck source=vm/guest/suites/readme-verify.sh
	. /suites/readme-verify.sh
fi

# run_selftests MODE: every selftest once, told MODE; only those named in
# PROBESIM_SELFTESTS when it is set (the mutation check names the tests
# that must catch a mutant).
run_selftests() {
	for t in /selftests/*; do
		# forced_unload has its own suite, last in a boot.
		case "$(basename "$t")" in negative_* | forced_unload) continue ;; esac
		if [ -n "${PROBESIM_SELFTESTS:-}" ]; then
			case " $PROBESIM_SELFTESTS " in
			*" $(basename "$t") "*) ;;
			*) continue ;;
			esac
		fi
		ktap_section "selftest-$1-$(basename "$t")" env PROBESIM_MODE="$1" "$t"
	done
}

if [ "$PROBESIM_KERNEL" = series ]; then
	kunit_builtin
	kselftest_uprobes
	run_selftests builtin
fi

# SELFTEST_MODES: the mutation check runs only "loaded", the one mode in
# which a broken probesim.ko is in play.
modes=${SELFTEST_MODES:-absent loaded}
[ "$PROBESIM_KERNEL" != series ] || modes=
[ "$modes" != none ] || modes=
for mode in $modes; do
	if [ "$mode" = loaded ] && ! insmod "$PROBESIM_KO" stp=1 2>/tmp/insmod.err; then
		tap_fail selftests-insmod "insmod probesim: $(cat /tmp/insmod.err)"
		continue
	fi
	run_selftests "$mode"
	if [ "$mode" = loaded ] && ! rmmod probesim 2>/tmp/rmmod.err; then
		tap_fail selftests-rmmod "rmmod probesim after the tests: $(cat /tmp/rmmod.err)"
	fi
done

