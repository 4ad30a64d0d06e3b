# shellcheck shell=sh
# What probesim says about itself at load: its version (sysfs, and the
# "loaded" line), equal to dkms.conf's PACKAGE_VERSION (/probesim-version,
# from vm/build-payload.sh), and each system verdict once, exactly when the
# CPU features the kernel reports (hwcaps in /proc/cpuinfo) call for it.
# Sourced by module-load.sh and selftests-mte.sh.
PROBESIM_KO=${PROBESIM_KO:-/modules/probesim.ko}

# cpu_has FEATURE: the kernel reports FEATURE among the hwcaps.
cpu_has() {
	grep -m1 '^Features' /proc/cpuinfo | tr ' ' '\n' | grep -qx "$1"
}

# load_log_count PATTERN: lines of the load's log matching PATTERN.
load_log_count() {
	grep -cF "$1" /tmp/load-log.txt || true
}

load_log_check() {
	echo "TAP version 13"
	echo "1..4"
	want=$(cat /probesim-version 2>/dev/null)
	before=$(dmesg | wc -l)
	if ! insmod "$PROBESIM_KO" 2>/tmp/load-log.err; then
		for n in 1 2 3 4; do
			echo "not ok $n insmod probesim: $(cat /tmp/load-log.err)"
		done
		return
	fi
	got=$(cat /sys/module/probesim/version 2>/dev/null || echo none)
	rmmod probesim
	dmesg | tail -n "+$((before + 1))" > /tmp/load-log.txt
	if [ -n "$want" ] && [ "$got" = "$want" ]; then
		echo "ok 1 /sys/module/probesim/version is $want"
	else
		echo "not ok 1 /sys/module/probesim/version is $got, dkms.conf says '$want'"
	fi
	lines=$(load_log_count "probesim: loaded $want (")
	if [ "$lines" = 1 ]; then
		echo "ok 2 one 'probesim: loaded $want' line"
	else
		echo "not ok 2 $lines lines 'probesim: loaded $want (', want 1"
	fi
	mte=0
	cpu_has mte && mte=1
	lines=$(load_log_count "probesim: stp=1 has no effect here: the system uses MTE")
	if [ "$lines" = "$mte" ]; then
		echo "ok 3 $lines lines say stp=1 has no effect because of MTE (hwcap mte: $mte)"
	else
		echo "not ok 3 $lines lines say stp=1 has no effect because of MTE, want $mte"
	fi
	nobti=1
	cpu_has bti && nobti=0
	lines=$(load_log_count "probesim: the CPU has no BTI")
	if [ "$lines" = "$nobti" ]; then
		echo "ok 4 $lines lines say the CPU has no BTI (hwcap bti: $((1 - nobti)))"
	else
		echo "not ok 4 $lines lines say the CPU has no BTI, want $nobti"
	fi
	sed 's/^/# /' /tmp/load-log.txt
}
ktap_section module-load-log load_log_check
