# shellcheck shell=sh
# make bench, real workload: Debian's arm64 grep -r over a generated corpus
# (the extra payloads of vm/build-grep-payload.sh: bookworm's grep in /grep,
# trixie's, built with branch protection, in /grep-trixie when present),
# PASSES times in a row per timed run (one pass takes well under a second
# under TCG), timed with no uprobes,
# with a uprobe on every .eh_frame function entry single-stepped (every
# family parameter of probesim off: nop=0 stp=0 alu=0 ...), and with the
# same probes simulated (nop=1 stp=1, the other families at their
# defaults, so alu=1: every hit on a class probesim simulates is
# simulated). Each probed run gets a fresh uprobe set: the probes are created
# after the parameters are set, and removed after the run, and the next run
# waits until probesim has no patched uprobe left alive, so that every run
# analyses its own uprobes. The three runs are interleaved, their order
# rotating from round to round. Each grep is measured in turn.
#
# Sections for the host (vm/bench.sh joins the hits with the survey's
# instruction classes), NAME bench-grep for bookworm's grep and
# bench-grep-trixie for trixie's:
#   grep-times NAME  "ROUND KIND NANOSECONDS" (all passes)
#   grep-hits  NAME  "ROUND KIND EVENT HITS" (from uprobe_profile)
#   grep-stats NAME  "ROUND KIND COUNTER DELTA" (probesim stats,
#                    <family>_hits: the hits each family simulated)
#   grep-info  NAME  suite, versions, corpus, pattern
#   ktap       NAME  whether every step worked

T=/sys/kernel/tracing
STATS=/sys/kernel/debug/probesim/stats
PARAMS=/sys/module/probesim/parameters
# The parameters that switch probesim's families; those the module has are
# used. nop and stp are set on for the simulated runs, the others keep the
# module's defaults.
FAMILY_PARAMS="nop stp alu bti pac"
GROUP=probesim_grep
# A literal that 79 lines of the corpus match, while its prefix "timer_" is
# everywhere: most of grep's work is rejecting near misses, as when
# searching a source tree for an identifier.
PATTERN=timer_flush
ROUNDS=${PROBESIM_GREP_ROUNDS:-7}
PASSES=${PROBESIM_GREP_PASSES:-10}
TIMEIT=/tools/probesim-timeit

# bg_result OK|FAIL DESCRIPTION [DETAIL]
bg_result() {
	bg_n=$((bg_n + 1))
	if [ "$1" = OK ]; then
		echo "ok $bg_n $2" >> /tmp/bg.tap.body
	else
		echo "not ok $bg_n $2" >> /tmp/bg.tap.body
		[ -z "${3:-}" ] || echo "$3" | sed 's/^/# /' >> /tmp/bg.tap.body
	fi
}

# bg_start DIR NAME: measure the grep in DIR, reported as NAME.
bg_start() {
	G=$1
	NAME=$2
	: > /tmp/bg.tap.body
	: > /tmp/grep-info.txt
	: > /tmp/grep-times.txt
	: > /tmp/grep-hits.txt
	: > /tmp/grep-stats.txt
	bg_n=0
	# A grep whose C library is not the initramfs's runs through its own
	# loader (build-grep-payload.sh).
	LOADER=
	[ ! -f "$G/loader" ] || LOADER=$(cat "$G/loader")
}

bg_finish() {
	{ echo "TAP version 13"; echo "1..$bg_n"; cat /tmp/bg.tap.body; } > /tmp/bg.tap
	emit_section ktap "$NAME" /tmp/bg.tap
	emit_section grep-info "$NAME" /tmp/grep-info.txt
	emit_section grep-times "$NAME" /tmp/grep-times.txt
	emit_section grep-hits "$NAME" /tmp/grep-hits.txt
	emit_section grep-stats "$NAME" /tmp/grep-stats.txt
}

# grep_passes N: grep -r N times in a row; prints the nanoseconds taken.
# The last pass's output is left in /tmp/grep.out.
grep_passes() {
	if [ -n "$LOADER" ]; then
		"$TIMEIT" --repeat "$1" --stdout /tmp/grep.out -- "$LOADER" \
			--library-path "$G/lib" "$G/bin/grep" -r -n -e "$PATTERN" "$G/corpus" \
			2> /tmp/grep.err
	else
		"$TIMEIT" --repeat "$1" --stdout /tmp/grep.out -- \
			"$G/bin/grep" -r -n -e "$PATTERN" "$G/corpus" 2> /tmp/grep.err
	fi
}

# stats_snapshot FILE: the probesim counters, "name value" per line.
stats_snapshot() {
	cat "$STATS" > "$1"
}

# wait_idle: until probesim has no patched uprobe alive (freed after an
# RCU grace period, so not at once), at most 30 s.
wait_idle() {
	i=0
	while [ $i -lt 300 ]; do
		awk '$1 ~ /_live$/ && $2 != 0 { busy = 1 } END { exit busy }' "$STATS" && return 0
		sleep 0.1 2>/dev/null || sleep 1
		i=$((i + 1))
	done
	return 1
}

# run_grep ROUND KIND: one timed run of PASSES passes; the output must
# equal the warm-up run's.
run_grep() {
	ns=$(grep_passes "$PASSES")
	rc=$?
	sum=$(md5sum < /tmp/grep.out | cut -d' ' -f1)
	if [ "$rc" != 0 ] || [ "$sum" != "$ref_sum" ]; then
		bg_result FAIL "round $1 $2: grep exit $rc, output $sum (expected $ref_sum)" \
			"$(cat /tmp/grep.err)"
		return 1
	fi
	echo "$1 $2 $ns" >> /tmp/grep-times.txt
	echo "bench-grep: round $1 $2 $((ns / 1000000)) ms"
	return 0
}

add_probes() {
	if ! while read -r off; do
		echo "p:$GROUP/f_$off $G/bin/grep:0x$off"
	done < "$G/probes" >> "$T/uprobe_events" 2> /tmp/bg.err; then
		return 1
	fi
	echo 1 > "$T/events/$GROUP/enable" 2>> /tmp/bg.err
}

remove_probes() {
	[ -d "$T/events/$GROUP" ] || return 0
	echo 0 > "$T/events/$GROUP/enable" 2> /tmp/bg.err || return 1
	while read -r off; do
		echo "-:$GROUP/f_$off"
	done < "$G/probes" >> "$T/uprobe_events" 2>> /tmp/bg.err
}

# set_params xol|sim: every family off, or the simulated run's settings.
set_params() {
	for p in $params; do
		if [ "$1" = xol ]; then
			v=0
		else
			case $p in
			nop | stp) v=1 ;;
			*) eval "v=\$default_$p" ;;
			esac
		fi
		echo "$v" > "$PARAMS/$p"
	done
}

# params_of xol|sim: the settings as "name=value ...".
params_of() {
	set_params "$1"
	for p in $params; do
		printf '%s=%s ' "$p" "$(cat "$PARAMS/$p")"
	done
}

# probed_run ROUND KIND: fresh probes analysed under KIND's parameters
# (set_params), one timed run, then the hits and the probesim counter
# deltas.
probed_run() {
	set_params "$2"
	stats_snapshot /tmp/stats.before
	if ! add_probes; then
		bg_result FAIL "round $1 $2: adding $nprobes probes" "$(cat /tmp/bg.err)"
		remove_probes
		return 1
	fi
	run_grep "$1" "$2"
	ok=$?
	stats_snapshot /tmp/stats.after
	awk -v f="$G/bin/grep" -v r="$1" -v k="$2" \
		'$1 == f && $2 ~ /^f_/ { print r, k, $2, $3 }' "$T/uprobe_profile" \
		> "/tmp/hits.$1.$2"
	cat "/tmp/hits.$1.$2" >> /tmp/grep-hits.txt
	awk -v r="$1" -v k="$2" 'NR == FNR { before[$1] = $2; next }
		{ print r, k, $1, $2 - before[$1] }' /tmp/stats.before /tmp/stats.after \
		>> /tmp/grep-stats.txt
	if ! remove_probes; then
		bg_result FAIL "round $1 $2: removing the probes" "$(cat /tmp/bg.err)"
		return 1
	fi
	if ! wait_idle; then
		bg_result FAIL "round $1 $2: patched uprobes still live 30 s after removal" \
			"$(cat "$STATS")"
		return 1
	fi
	seen=$(wc -l < "/tmp/hits.$1.$2")
	if [ "$seen" != "$nprobes" ]; then
		bg_result FAIL "round $1 $2: uprobe_profile lists $seen of $nprobes probes"
		return 1
	fi
	return "$ok"
}

# compare_hits ROUND: every probe's hits, xol against sim.
compare_hits() {
	cut -d' ' -f3,4 "/tmp/hits.$1.xol" | sort > /tmp/hits.xol.sorted
	cut -d' ' -f3,4 "/tmp/hits.$1.sim" | sort > /tmp/hits.sim.sorted
	if cmp -s /tmp/hits.xol.sorted /tmp/hits.sim.sorted; then
		bg_result OK "round $1: every probe's hits equal in xol and sim"
	else
		bg_result FAIL "round $1: hits differ between xol and sim" \
			"$(diff /tmp/hits.xol.sorted /tmp/hits.sim.sorted | head -n 20)"
	fi
}

bench_grep() {
	nprobes=$(wc -l < "$G/probes")
	{
		echo "suite $(cat "$G/suite" 2> /dev/null || echo bookworm)"
		echo "kernel $(uname -r)"
		cat "$G/versions"
		echo "probes $nprobes"
		echo "pattern $PATTERN"
		echo "rounds $ROUNDS"
		echo "passes $PASSES"
	} >> /tmp/grep-info.txt
	if [ ! -x "$G/bin/grep" ] || [ ! -s "$G/probes" ] || [ ! -x "$TIMEIT" ]; then
		bg_result FAIL "grep payload present (vm/build-grep-payload.sh)"
		return
	fi
	if ! insmod /modules/probesim.ko 2> /tmp/bg.err; then
		bg_result FAIL "insmod probesim" "$(cat /tmp/bg.err)"
		return
	fi
	params=
	for p in $FAMILY_PARAMS; do
		[ -f "$PARAMS/$p" ] || continue
		params="$params $p"
		eval "default_$p=\$(cat \"\$PARAMS/\$p\")"
	done
	{
		echo "params_xol $(params_of xol)"
		echo "params_sim $(params_of sim)"
	} >> /tmp/grep-info.txt
	set_params xol
	tracing_was=$(cat "$T/tracing_on")
	# The hits are counted whether or not events are recorded; with the
	# ring buffer off, the handler's cost is the probe's, not tracing's.
	echo 0 > "$T/tracing_on"
	remove_probes

	# Warm-up: the page cache and the reference output.
	ns=$(grep_passes 1)
	rc=$?
	ref_sum=$(md5sum < /tmp/grep.out | cut -d' ' -f1)
	{
		echo "matches $(wc -l < /tmp/grep.out)"
		echo "warmup_ns $ns"
		echo "files $(find "$G/corpus" -type f | wc -l)"
		echo "bytes $(find "$G/corpus" -type f -exec cat {} + | wc -c)"
	} >> /tmp/grep-info.txt
	if [ "$rc" != 0 ]; then
		bg_result FAIL "warm-up grep run (exit $rc)" "$(cat /tmp/grep.err)"
		echo "$tracing_was" > "$T/tracing_on"
		rmmod probesim
		return
	fi
	bg_result OK "warm-up grep run: $(wc -l < /tmp/grep.out) matching lines"

	r=1
	while [ $r -le "$ROUNDS" ]; do
		case $((r % 3)) in
		1) order="none xol sim" ;;
		2) order="xol sim none" ;;
		0) order="sim none xol" ;;
		esac
		failed=0
		for kind in $order; do
			case $kind in
			none) run_grep $r none || failed=1 ;;
			xol) probed_run $r xol || failed=1 ;;
			sim) probed_run $r sim || failed=1 ;;
			esac
		done
		if [ $failed = 0 ]; then
			bg_result OK "round $r ($order): all runs complete"
			compare_hits $r
		fi
		r=$((r + 1))
	done

	echo "$tracing_was" > "$T/tracing_on"
	if rmmod probesim 2> /tmp/bg.err; then
		bg_result OK "rmmod probesim"
	else
		bg_result FAIL "rmmod probesim" "$(cat /tmp/bg.err)"
	fi
}

bg_start /grep bench-grep
bench_grep
bg_finish
if [ -d /grep-trixie ]; then
	bg_start /grep-trixie bench-grep-trixie
	bench_grep
	bg_finish
fi
