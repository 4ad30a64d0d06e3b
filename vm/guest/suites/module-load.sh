# shellcheck shell=sh
# Loading probesim.ko itself: bad parameters, the refusal of a kernel it
# cannot be sure of, and the line an untested kernel gets. Part of the
# selftests suite; alone, the suite of the mutants that break loading.
PROBESIM_KO=${PROBESIM_KO:-/modules/probesim.ko}

# Bad module parameters are refused with EINVAL and leave nothing loaded.
param_checks() {
	echo "TAP version 13"
	echo "1..6"
	n=0
	for arg in stp=2 nop=maybe stp= alu=2 bti=-1 pac=2; do
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

# A kernel probesim cannot be sure of is refused, in the one format every
# refusal uses. Two copies check two refusals: /modules/refusal looks up a
# function that does not exist instead of the real free path;
# /modules/unreached looks for the call to the hooked function where there
# is none, as on a kernel that inlined it.
# refusal_case N KO WHY WHAT: result N of a refusal, logged as WHY.
refusal_case() {
	want="probesim: unsupported kernel $(uname -r): $3"
	# Only what this insmod logs (never dmesg -c: the splat scan reads it all).
	before=$(dmesg | wc -l)
	if insmod "$2" 2>/tmp/refusal.err; then
		rmmod probesim
		echo "not ok $1 a probesim that $4 loaded"
	elif [ -e /sys/module/probesim ]; then
		echo "not ok $1 a refused probesim left the module loaded"
	elif ! dmesg | tail -n "+$((before + 1))" | grep -qF "$want"; then
		echo "not ok $1 refusal without '$want': $(dmesg | tail -n "+$((before + 1))" | grep probesim)"
	elif ! grep -q 'not supported' /tmp/refusal.err; then
		echo "not ok $1 insmod's error is not EOPNOTSUPP: $(cat /tmp/refusal.err)"
	else
		echo "ok $1 a probesim that $4 is refused: $want"
	fi
}

refusal_check() {
	echo "TAP version 13"
	echo "1..2"
	refusal_case 1 /modules/refusal/probesim.ko \
		"no kfree() of a uprobe found" "finds no free path"
	refusal_case 2 /modules/unreached/probesim.ko \
		"no call to arch_uprobe_analyze_insn() from uprobe_munmap()" \
		"finds no call to its hook"
}
ktap_section module-refusal refusal_check

# A kernel probesim was tested on loads silently, with or without
# untested_kernel=1. Any other (probesim.untested=1 on the command line
# says which this is) is refused with one line naming the tested series,
# and loads with untested_kernel=1, saying so once. busybox's own insmod:
# init's wrapper would add the parameter.
support_check() {
	echo "TAP version 13"
	echo "1..3"
	untested_line="probesim: kernel $(uname -r) was not tested (tested: "
	before=$(dmesg | wc -l)
	if /bin/busybox insmod "$PROBESIM_KO" 2>/tmp/support.err; then
		rmmod probesim
		loaded=1
	else
		loaded=0
	fi
	lines=$(dmesg | tail -n "+$((before + 1))" | grep -c "$untested_line.*load with untested_kernel=1" || true)
	if [ "$PROBESIM_UNTESTED" = 1 ]; then
		# One line per attempt, and busybox's insmod makes two.
		if [ "$loaded" = 0 ] && [ "$lines" -ge 1 ]; then
			echo "ok 1 kernel $(uname -r), untested: refused, with a line saying how to load anyway"
		else
			echo "not ok 1 kernel $(uname -r), untested: loaded=$loaded, $lines refusal lines, want 0 and some"
		fi
	elif [ "$loaded" = 1 ] && [ "$lines" = 0 ]; then
		echo "ok 1 kernel $(uname -r), tested: loads"
	else
		echo "not ok 1 kernel $(uname -r), tested: loaded=$loaded ($(cat /tmp/support.err)), $lines refusal lines"
	fi
	before=$(dmesg | wc -l)
	if ! /bin/busybox insmod "$PROBESIM_KO" untested_kernel=1 2>/tmp/support.err; then
		echo "not ok 2 insmod probesim untested_kernel=1: $(cat /tmp/support.err)"
		echo "not ok 3 # SKIP not loaded"
		return
	fi
	echo "ok 2 insmod probesim untested_kernel=1 loads"
	rmmod probesim
	lines=$(dmesg | tail -n "+$((before + 1))" | grep -c "$untested_line" || true)
	want=0
	[ "$PROBESIM_UNTESTED" = 1 ] && want=1
	if [ "$lines" != "$want" ]; then
		echo "not ok 3 $lines lines say kernel $(uname -r) was not tested, want $want"
	else
		echo "ok 3 kernel $(uname -r): $want lines say it was not tested"
	fi
}
ktap_section module-support support_check

# shellcheck source=vm/guest/suites/load-log.sh
. /suites/load-log.sh
