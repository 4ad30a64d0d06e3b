# shellcheck shell=sh
# The kselftests, twice: without probesim (PROBESIM_MODE=absent: the
# simulation checks skip, every equivalence check still runs) and with it
# loaded, stp=1 (PROBESIM_MODE=loaded). The mode is what the tests expect;
# they never infer it from what they observe.
export PROBESIM_KO=/modules/probesim.ko

for mode in absent loaded; do
	if [ "$mode" = loaded ] && ! insmod "$PROBESIM_KO" stp=1 2>/tmp/insmod.err; then
		tap_fail selftests-insmod "insmod probesim: $(cat /tmp/insmod.err)"
		continue
	fi
	for t in /selftests/*; do
		case "$(basename "$t")" in negative_*) continue ;; esac
		ktap_section "selftest-$mode-$(basename "$t")" \
			env PROBESIM_MODE=$mode "$t"
	done
	if [ "$mode" = loaded ] && ! rmmod probesim 2>/tmp/rmmod.err; then
		tap_fail selftests-rmmod "rmmod probesim after the tests: $(cat /tmp/rmmod.err)"
	fi
done
