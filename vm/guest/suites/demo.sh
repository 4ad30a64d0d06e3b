# shellcheck shell=sh
# shellcheck disable=SC2016 # the quoted scripts expand in the inner shell
# make run: probesim at work. The trigger benchmark attaches uprobes on
# nop, stp push and ret twice, once analysed without simulation (XOL) and
# once with it, and times both legs in interleaved rounds.
insmod /modules/probesim.ko stp=1
echo "probesim loaded: $(cat /sys/module/probesim/parameters/nop) nop, $(cat /sys/module/probesim/parameters/stp) stp"
ktap_section demo sh -c '
	echo "TAP version 13"; echo 1..1
	if /tools/probesim-bench --rounds "${PROBESIM_ROUNDS:-3}" --duration-ms 300 \
		--modes uprobe-nop-blr,uprobe-push-blr,uprobe-and-blr,uprobe-bti-blr-guarded \
		>/tmp/bench.txt 2>/tmp/bench.err
	then echo "ok 1 probesim-bench"; else echo "not ok 1 probesim-bench"; fi
	sed "s/^/# /" /tmp/bench.txt /tmp/bench.err'
cat /tmp/bench.txt
echo "probesim stats:"
cat /sys/kernel/debug/probesim/stats
rmmod probesim
