# shellcheck shell=sh
# The MTE selftests alone, for a VM started with mte=on (kernel-run.sh
# --mte): probesim loaded with stp=1 must still leave every STP probe to
# XOL on a system with MTE, and the probed pushes must behave as native
# ones, tag check faults included. PROBESIM_REQUIRE_MTE turns the test's
# "no MTE" skip into a failure, so that a VM without MTE cannot pass.

# mte_fail NAME MESSAGE: report a harness step that failed as a TAP failure.
mte_fail() {
	{ echo "TAP version 13"; echo "1..1"; echo "not ok 1 $2"; } > "/tmp/$1.tap"
	emit_section ktap "$1" "/tmp/$1.tap"
}

if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
	ktap_section selftest-mte-loaded-mte \
		env PROBESIM_MODE=loaded PROBESIM_REQUIRE_MTE=1 /selftests/mte
	if ! rmmod probesim 2>/tmp/rmmod.err; then
		mte_fail selftests-mte-rmmod "rmmod probesim after the tests: $(cat /tmp/rmmod.err)"
	fi
else
	mte_fail selftests-mte-insmod "insmod probesim: $(cat /tmp/insmod.err)"
fi
