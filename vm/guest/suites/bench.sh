# shellcheck shell=sh
# shellcheck disable=SC2016 # the quoted scripts expand in the inner shell
# make bench: the trigger benchmark at full length on the kernel without
# lock debugging. The table and JSON go to the host in sections of their
# own; the ktap line only says whether the run worked. 11 rounds: with
# them, seven boots of one module gave sim/ret medians of nop, paciasp
# and ret within 0.03 of each other (6.12, TCG; make bench-variants runs
# 11 as well).
insmod /modules/probesim.ko stp=1
ktap_section bench sh -c '
	echo "TAP version 13"; echo 1..1
	if /tools/probesim-bench --rounds "${PROBESIM_ROUNDS:-11}" --duration-ms 500 \
		${PROBESIM_BENCH_MODES:+--modes "$PROBESIM_BENCH_MODES"} \
		--json /tmp/bench.json >/tmp/bench.txt 2>/tmp/bench.err
	then echo "ok 1 probesim-bench"
	else echo "not ok 1 probesim-bench"; sed "s/^/# /" /tmp/bench.err; fi'
emit_section table bench /tmp/bench.txt
emit_section json bench /tmp/bench.json
rmmod probesim
