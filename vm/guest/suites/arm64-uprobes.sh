# shellcheck shell=sh
# The kselftests the series adds (selftests/arm64-uprobes, in
# /arm64-uprobes), on a stock kernel (a kernel with the series runs them
# in its selftests suite, as kselftest-uprobes).
#
# simulate: with probesim loaded (stp=1), every simulated instruction
# against the CPU. stp_push_fault is left out there: probesim hands a
# faulting push back to the CPU by trapping again, so the probe counts the
# hit twice (docs/design.md, "Declining a hit"), where the kernel tree's
# handler declines before the hit is counted.
#
# branches: what the stock kernel gets wrong with a probed branch (no
# branch-target check, BTYPE neither cleared nor set, a debugger's step
# taken one instruction late) and with any probed instruction stepped out
# of line (no branch-target check), which the series fixes. Each test of a
# stock bug must fail here, and is reported as XFAIL naming the bug; one
# that passed would no longer tell the bug, and fails. The others must
# pass as they are.
stock_bugs="singlestep_b singlestep_bl singlestep_blr singlestep_ret singlestep_adr
btype_b_clears btype_b_checked btype_blr_sets_10 btype_br_unguarded_sets_01
btype_br_x16_sets_01 btype_br_guarded_sets_11 btype_stepped_checked
singlestep_xpaclri"
# Before 6.13 the stock kernel steps a NOP out of line, and loses the step.
release=$(uname -r)
major=${release%%.*}
minor=${release#*.}
minor=${minor%%[!0-9]*}
if [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 13 ]; }; then
	stock_bugs="$stock_bugs singlestep_nop"
fi

# stock_expectations: TAP on stdin, with the results of stock_bugs turned
# around as above.
stock_expectations() {
	awk -v bugs="$stock_bugs" '
		BEGIN { n = split(bugs, b, /[ \n]+/); for (i = 1; i <= n; i++) bug["global." b[i]] = 1 }
		/^(not )?ok [0-9]+ / {
			name = $0
			sub(/^(not )?ok [0-9]+ /, "", name)
			sub(/ #.*/, "", name)
			if (bug[name] && /^not ok/) {
				sub(/^not ok/, "ok")
				$0 = $0 " # XFAIL stock bug: a probed instruction without the branch-target check, BTYPE or single-step completion"
			} else if (bug[name]) {
				sub(/^ok/, "not ok")
				$0 = $0 " - the stock kernel passes: the test no longer tells its bug"
			}
		}
		{ print }'
}

if [ ! -x /arm64-uprobes/simulate ] || [ ! -x /arm64-uprobes/branches ]; then
	tap_fail arm64-uprobes "no /arm64-uprobes/simulate and branches in the initramfs"
else
	/arm64-uprobes/branches >/tmp/branches.tap 2>&1
	stock_expectations </tmp/branches.tap >/tmp/branches-stock.tap
	emit_section ktap arm64-uprobes-branches /tmp/branches-stock.tap
	if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
		ktap_section arm64-uprobes-loaded-simulate /arm64-uprobes/simulate -T stp_push_fault
		rmmod probesim 2>/tmp/rmmod.err ||
			tap_fail arm64-uprobes-rmmod "rmmod probesim: $(cat /tmp/rmmod.err)"
	else
		tap_fail arm64-uprobes-insmod "insmod probesim: $(cat /tmp/insmod.err)"
	fi
fi

# Without privilege (uid 65534, no capabilities) perf_event_open() refuses
# the uprobe PMU: every test must then SKIP for that reason, none FAIL.
unprivileged_check() {
	echo "TAP version 13"
	echo "1..1"
	# Copies the user may reach, read and run (the initramfs is root's
	# alone, down to its root directory).
	chmod 755 /
	mkdir -p /tmp/unpriv
	chmod 755 /tmp/unpriv
	for t in simulate branches; do
		cp "/arm64-uprobes/$t" "/tmp/unpriv/$t"
		chmod 755 "/tmp/unpriv/$t"
		/tools/probesim-run-as 65534 65534 "/tmp/unpriv/$t" \
			>"/tmp/unpriv-$t.tap" 2>&1 || true
	done
	cat /tmp/unpriv-simulate.tap /tmp/unpriv-branches.tap >/tmp/unpriv.tap
	failed=$(grep -c '^not ok' /tmp/unpriv.tap || true)
	refused=$(grep -c '^ok .* # SKIP perf_event_open() refused' /tmp/unpriv.tap || true)
	if [ "$failed" = 0 ] && [ "$refused" -gt 0 ]; then
		echo "ok 1 unprivileged: $refused tests skip, as perf_event_open() refuses them; none fails"
	else
		echo "not ok 1 unprivileged: $failed failed, $refused skipped as refused"
		grep -v '^ok' /tmp/unpriv.tap | head -n 40 | sed 's/^/# /'
	fi
}
if [ -x /arm64-uprobes/simulate ] && [ -x /arm64-uprobes/branches ]; then
	ktap_section arm64-uprobes-unprivileged unprivileged_check
fi
