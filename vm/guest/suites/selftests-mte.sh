# shellcheck shell=sh
# The MTE selftests alone, for a VM started with mte=on (kernel-run.sh
# --mte): probesim loaded with stp=1 must still leave every STP probe to
# XOL on a system with MTE, and the probed pushes must behave as native
# ones, tag check faults included; on a kernel with the patch series, the
# kernel's own gate first. PROBESIM_REQUIRE_MTE turns the test's
# "no MTE" skip into a failure, so that a VM without MTE cannot pass.

# mte_fail NAME MESSAGE: report a harness step that failed as a TAP failure.
mte_fail() {
	{ echo "TAP version 13"; echo "1..1"; echo "not ok 1 $2"; } > "/tmp/$1.tap"
	emit_section ktap "$1" "/tmp/$1.tap"
}

# A kernel with the patch series: its own gate, every switch on (stp
# included), probesim not loaded; the series' kselftest and this one.
if [ "$PROBESIM_KERNEL" = series ]; then
	if uprobe_sim_switches 1 2>/tmp/switches.err; then
		if [ -x /kselftest-uprobes/mte ]; then
			ktap_section kselftest-uprobes-mte-mte \
				env PROBESIM_REQUIRE_MTE=1 /kselftest-uprobes/mte
		else
			mte_fail kselftest-uprobes-mte "no /kselftest-uprobes/mte in the initramfs"
		fi
		ktap_section selftest-mte-builtin-mte \
			env PROBESIM_MODE=builtin PROBESIM_REQUIRE_MTE=1 /selftests/mte
	else
		mte_fail selftests-mte-switches "switching uprobe_sim on: $(cat /tmp/switches.err)"
	fi
	if ! uprobe_sim_switches 0 2>/tmp/switches.err; then
		mte_fail selftests-mte-switches-off "switching uprobe_sim off: $(cat /tmp/switches.err)"
	fi
fi

if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
	ktap_section selftest-mte-loaded-mte \
		env PROBESIM_MODE=loaded PROBESIM_REQUIRE_MTE=1 /selftests/mte
	if ! rmmod probesim 2>/tmp/rmmod.err; then
		mte_fail selftests-mte-rmmod "rmmod probesim after the tests: $(cat /tmp/rmmod.err)"
	fi
else
	mte_fail selftests-mte-insmod "insmod probesim: $(cat /tmp/insmod.err)"
fi
