# shellcheck shell=sh
# The lifetime stress on the KASAN kernel, for PROBESIM_STRESS_SECONDS
# (default 300): hit threads, probes registered and removed, insmod and
# rmmod in a loop (the lifetime_stress selftest), and meanwhile a loop of
# fork and exec. KASAN's reports, like any splat, fail the run.
export PROBESIM_STRESS_SECONDS="${PROBESIM_STRESS_SECONDS:-300}"
if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
	rm -f /tmp/stress.stop
	(while [ ! -e /tmp/stress.stop ]; do /bin/busybox true; done) &
	churn=$!
	ktap_section stress-kasan-lifetime \
		env PROBESIM_MODE=loaded PROBESIM_KO=/modules/probesim.ko \
		/selftests/lifetime_stress
	touch /tmp/stress.stop
	wait "$churn"
	if ! rmmod probesim 2>/tmp/rmmod.err; then
		tap_fail stress-kasan-rmmod "rmmod probesim after the stress: $(cat /tmp/rmmod.err)"
	fi
else
	tap_fail stress-kasan-insmod "insmod probesim: $(cat /tmp/insmod.err)"
fi
