# shellcheck shell=sh
# shellcheck disable=SC2016 # the quoted script expands in the inner shell
# make bench-optimized-nop: on the prototype kernel (vm/bench-optimized-nop.sh),
# a probed NOP hit by its breakpoint and by the prototype's syscall entry,
# counted in instructions. The table goes to the host in a section of its own.
ktap_section bench-optimized-nop sh -c '
	echo "TAP version 13"; echo 1..1
	if /tools/optimized-nop-trigger >/tmp/optimized-nop.txt 2>/tmp/optimized-nop.err
	then echo "ok 1 optimized-nop-trigger"
	else echo "not ok 1 optimized-nop-trigger"; sed "s/^/# /" /tmp/optimized-nop.err; fi'
emit_section table bench-optimized-nop /tmp/optimized-nop.txt
