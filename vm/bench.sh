#!/usr/bin/env bash
# bench.sh: `make bench`. On the kernel without lock debugging (KVER,
# default 6.12): first the instructions per hit of every trigger mode,
# exact, in a boot under qemu's instruction counting (bench-count.sh,
# bench/instructions-KVER.md); then, in one timed boot, the trigger
# benchmark in hits/s (suite bench) and the
# grep benchmark (suite bench-grep: Debian bookworm's and trixie's arm64
# grep -r over a generated corpus with a uprobe on every .eh_frame function
# entry, no uprobes against single-stepped against simulated). Writes bench/results-KVER.md
# and .json, then bench/results.md, bench/results.json and
# bench/results.svg covering every kernel measured so far.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${KVER:-6.12}
out=$PROBESIM_TOP/bench

# gnuplot draws the trigger plot. Installed on demand, by the same rule as
# setup-host.sh: as root when missing, else the command to run is printed.
need_gnuplot() {
	command -v gnuplot >/dev/null && return 0
	if [ "$(id -u)" != 0 ]; then
		echo "make bench draws its plot with gnuplot, which is not installed. As root, run:" >&2
		echo "  apt-get update && apt-get install --no-install-recommends gnuplot-nox" >&2
		exit 1
	fi
	timed "installing gnuplot-nox" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends gnuplot-nox >/dev/null ||
		{ timed "apt-get update" apt-get update -qq &&
			timed "installing gnuplot-nox" env DEBIAN_FRONTEND=noninteractive \
				apt-get install -y -qq --no-install-recommends gnuplot-nox >/dev/null; }
}

timed "host setup" "$here/setup-host.sh"
need_gnuplot
# The host tools' probesim-report writes the results (bench kernel, bench merge).
report=$("$here/build-tools.sh")/report/probesim-report
grep_payload=$("$here/build-grep-payload.sh" bookworm)
grep_trixie=$("$here/build-grep-payload.sh" trixie)

# The headline first: instructions per hit, exact (bench/instructions-KVER.md).
rc=0
"$here/bench-count.sh" "$kver" || rc=$?
"$here/kernel-run.sh" --flavor bench --timeout 3600 --payload "$grep_payload/root" \
	--payload "$grep_trixie/root" "$kver" bench,bench-grep "bench-$kver" || rc=$?
console=$PROBESIM_OUT/runs/bench-$kver.log
mkdir -p "$out"
# The results are written even when a check failed, with the errors in
# them; make bench fails all the same.
"$report" bench kernel --console "$console" --kver "$kver" \
	--probes "$grep_payload/probes.tsv" --probes "trixie=$grep_trixie/probes.tsv" \
	--out "$out" || rc=1
"$report" bench merge --out "$out" --plot "$PROBESIM_OUT/bench-plot" || rc=1
gnuplot "$PROBESIM_OUT/bench-plot/results.gp" || rc=1
log "wrote $out/results.md, $out/results.json, $out/results.svg and $out/results-$kver.*"
sed -n '/^kernel .*hits\/s/,/^base/p' "$console"
[ "$rc" = 0 ] || die "make bench: a step failed or a check did not hold (see above and $out/results-$kver.md)"
