# shellcheck shell=sh
# shellcheck disable=SC2016 # the quoted scripts expand in the inner shell
# The trigger benchmark, briefly: it must run, attach every probe, see the
# simulated leg patched and count every hit exactly. No speed is asserted.
insmod /modules/probesim.ko stp=1
ktap_section bench-smoke sh -c '
	echo "TAP version 13"; echo 1..1
	if /tools/probesim-bench --rounds 1 --duration-ms 50 --json /tmp/bench.json \
		>/tmp/bench.txt 2>&1 && grep -q "\"uprobe-push\"" /tmp/bench.json
	then echo "ok 1 probesim-bench smoke run"
	else echo "not ok 1 probesim-bench smoke run"; fi
	sed "s/^/# /" /tmp/bench.txt'
rmmod probesim
