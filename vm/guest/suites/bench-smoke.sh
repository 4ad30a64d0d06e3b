# shellcheck shell=sh
# shellcheck disable=SC2016 # the quoted scripts expand in the inner shell
# The trigger benchmark, briefly: every target must return when called by
# every path (on a BTI CPU the guarded page traps an illegal one), and the
# run must attach every probe, see the simulated leg patched and count
# every hit exactly, the threaded mode's too. No speed is asserted; every
# mode runs, so each is short.
insmod /modules/probesim.ko stp=1
ktap_section bench-smoke sh -c '
	echo "TAP version 13"; echo 1..2
	if /tools/probesim-bench --self-test >/tmp/bench-self-test.txt 2>&1
	then echo "ok 1 probesim-bench self-test"
	else echo "not ok 1 probesim-bench self-test"; fi
	sed "s/^/# /" /tmp/bench-self-test.txt
	if /tools/probesim-bench --rounds 1 --duration-ms 20 --json /tmp/bench.json \
		>/tmp/bench.txt 2>&1 && grep -q "\"uprobe-push-blr\"" /tmp/bench.json &&
		grep -q "\"uprobe-push-blr-threads\"" /tmp/bench.json
	then echo "ok 2 probesim-bench smoke run"
	else echo "not ok 2 probesim-bench smoke run"; fi
	sed "s/^/# /" /tmp/bench.txt'
rmmod probesim
