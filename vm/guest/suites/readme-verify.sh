# shellcheck shell=sh
# The README's "Verify that it works" tracefs steps, run as they stand in
# README.md (vm/build-payload.sh cuts them out into /readme/verify-steps.sh)
# on the program /readme/target.env names, with probesim's defaults. Part of
# the selftests suite. The steps must succeed, their stats output must show
# one simulated hit per call the program says it made, on one probe, which
# the probe listing shows simulating at the program's offset, and the
# module must be gone at the end.
readme_verify() {
	echo "TAP version 13"
	echo "1..1"
	# A kernel with the patch series simulates these instructions itself,
	# before probesim's hook sees them, so the steps' counters stay 0.
	if [ "${PROBESIM_KERNEL:-}" = series ]; then
		echo "ok 1 # SKIP the kernel simulates by itself (patch series): probesim's counters stay 0"
		return
	fi
	if [ ! -s /readme/verify-steps.sh ] || [ ! -s /readme/target.env ]; then
		echo "not ok 1 the README's verify steps are not in the payload"
		return
	fi
	# shellcheck source=/dev/null
	. /readme/target.env
	export PROG OFF
	# shellcheck disable=SC2016 # expanded by the inner shell
	if ! (cd /modules && sh -e -c '[ ! -f /lib/untested.sh ] || . /lib/untested.sh
		. /readme/verify-steps.sh') >/tmp/readme.out 2>&1; then
		echo "not ok 1 the README's verify steps failed"
		sed 's/^/# /' /tmp/readme.out
		[ ! -e /sys/module/probesim ] || rmmod probesim
		return
	fi
	calls=$(sed -n 's/^probesim-verify-target: \([0-9]*\) calls.*/\1/p' /tmp/readme.out)
	hits=$(grep -c "^[a-z_]*_hits $calls\$" /tmp/readme.out || true)
	patched=$(grep -c '^[a-z_]*_patched 1$' /tmp/readme.out || true)
	listed=$(grep -c "^[0-9]*:[0-9]* [0-9]* $(printf '0x%x' "$OFF") [a-z_]* simulating\$" \
		/tmp/readme.out || true)
	if [ -z "$calls" ] || [ "$calls" = 0 ]; then
		echo "not ok 1 the program did not say how many calls it made"
	elif [ "$hits" != 1 ] || [ "$patched" != 1 ]; then
		echo "not ok 1 want one family with _patched 1 and _hits $calls, got $patched and $hits"
	elif [ "$listed" != 1 ]; then
		echo "not ok 1 want one line of probesim/probes at offset $OFF, simulating; got $listed"
	elif [ -e /sys/module/probesim ]; then
		echo "not ok 1 probesim is still loaded after the steps"
	else
		echo "ok 1 the README's tracefs steps: $(grep "_hits $calls\$" /tmp/readme.out) for $calls calls"
	fi
	sed 's/^/# /' /tmp/readme.out
}
ktap_section readme-verify readme_verify
