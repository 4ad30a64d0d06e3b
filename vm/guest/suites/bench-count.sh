# shellcheck shell=sh
# shellcheck disable=SC2016 # the quoted scripts expand in the inner shell
# make bench, the headline: the trigger benchmark's modes counted in
# instructions per call with the PMU (probesim-bench --instructions), on a
# VM booted under qemu's instruction counting (vm/bench.sh), where every
# figure is exact and repeats from run to run. 5 samples of each mode:
# the least of them is a span no timer interrupt fell into. The table and
# JSON go to the host in sections of their own.
insmod /modules/probesim.ko stp=1
ktap_section bench-count sh -c '
	echo "TAP version 13"; echo 1..1
	if /tools/probesim-bench --instructions --rounds "${PROBESIM_ROUNDS:-5}" \
		${PROBESIM_BENCH_MODES:+--modes "$PROBESIM_BENCH_MODES"} \
		--json /tmp/bench-count.json >/tmp/bench-count.txt 2>/tmp/bench-count.err
	then echo "ok 1 probesim-bench --instructions"
	else echo "not ok 1 probesim-bench --instructions"; sed "s/^/# /" /tmp/bench-count.err; fi'
emit_section table bench-count /tmp/bench-count.txt
emit_section json bench-count /tmp/bench-count.json
rmmod probesim
