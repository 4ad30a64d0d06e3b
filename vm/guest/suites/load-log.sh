# shellcheck shell=sh
# What probesim says about itself at load: its version (sysfs, and the
# "loaded" line), equal to dkms.conf's PACKAGE_VERSION (/probesim-version,
# from vm/build-payload.sh), each system verdict once, exactly when the
# CPU features the kernel reports (hwcaps in /proc/cpuinfo) call for it,
# and the panic_on_warn warning exactly when kernel.panic_on_warn is set.
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

# expect_lines N PATTERN WANT WHAT: result N, ok when WANT lines of the
# load's log match PATTERN.
expect_lines() {
	got=$(load_log_count "$2")
	if [ "$got" = "$3" ]; then
		echo "ok $1 $got lines $4"
	else
		echo "not ok $1 $got lines $4, want $3"
	fi
}

load_log_check() {
	echo "TAP version 13"
	echo "1..6"
	want=$(cat /probesim-version 2>/dev/null)
	before=$(dmesg | wc -l)
	if ! insmod "$PROBESIM_KO" 2>/tmp/load-log.err; then
		for n in 1 2 3 4 5 6; do
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
	expect_lines 2 "probesim: loaded $want (" 1 "say 'probesim: loaded $want'"
	mte=0
	cpu_has mte && mte=1
	expect_lines 3 "probesim: the system uses MTE: with stp=1," "$mte" \
		"say what MTE changes for STP (hwcap mte: $mte)"
	nobti=1
	cpu_has bti && nobti=0
	expect_lines 4 "probesim: the CPU has no BTI" "$nobti" \
		"say the CPU has no BTI (hwcap bti: $((1 - nobti)))"
	expect_lines 5 "probesim: panic_on_warn is set" 0 \
		"warn of panic_on_warn, which is not set"
	sed 's/^/# /' /tmp/load-log.txt
	# The same load with kernel.panic_on_warn set.
	before=$(dmesg | wc -l)
	echo 1 > /proc/sys/kernel/panic_on_warn
	if insmod "$PROBESIM_KO" 2>/tmp/load-log.err; then
		rmmod probesim
	fi
	echo 0 > /proc/sys/kernel/panic_on_warn
	dmesg | tail -n "+$((before + 1))" > /tmp/load-log.txt
	expect_lines 6 "probesim: panic_on_warn is set" 1 \
		"warn of panic_on_warn, once set"
	sed 's/^/# /' /tmp/load-log.txt
}
ktap_section module-load-log load_log_check
