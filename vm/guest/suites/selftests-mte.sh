# shellcheck shell=sh
# The MTE selftests alone, for a VM started with mte=on (kernel-run.sh
# --mte): probesim loaded with stp=1 decides per task and per hit, and the
# probed pushes must behave as native ones, tag check faults included; on
# a kernel with the patch series, the kernel's own simulation instead.
# PROBESIM_REQUIRE_MTE turns the test's "no MTE" skip into a failure, so
# that a VM without MTE cannot pass.
export PROBESIM_REQUIRE_MTE=1
if [ "$PROBESIM_KERNEL" = series ]; then
	ktap_section selftest-mte-builtin-mte env PROBESIM_MODE=builtin /selftests/mte
	return 0
fi

# What the module says at load here: the MTE verdict among it.
# shellcheck source=vm/guest/suites/load-log.sh
. /suites/load-log.sh

if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
	ktap_section selftest-mte-loaded-mte \
		env PROBESIM_MODE=loaded /selftests/mte
	if ! rmmod probesim 2>/tmp/rmmod.err; then
		tap_fail selftests-mte-rmmod "rmmod probesim after the tests: $(cat /tmp/rmmod.err)"
	fi
else
	tap_fail selftests-mte-insmod "insmod probesim: $(cat /tmp/insmod.err)"
fi
