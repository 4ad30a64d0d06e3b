#!/usr/bin/env bash
# bench.sh: `make bench`. Run the trigger benchmark on the kernel without
# lock debugging (KVER, default 6.12) and write bench/results.md,
# bench/results.json and bench/results.svg.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${KVER:-6.12}
timed "host setup" "$here/setup-host.sh"
"$here/kernel-run.sh" --flavor bench "$kver" bench "bench-$kver"
console=$PROBESIM_OUT/runs/bench-$kver.log
section() {
	sed -n "/@@probesim-begin $1 bench@@/,/@@probesim-end $1 bench@@/p" "$console" |
		sed '1d;$d' | tr -d '\r'
}
out=$PROBESIM_TOP/bench
mkdir -p "$out"
section json >"$out/results-$kver.json"
table=$(section table)
{
	echo "# Trigger benchmark, kernel $kver"
	echo
	echo "Measured $(date -u +%Y-%m-%d) with \`make bench KVER=$kver\` under qemu TCG"
	echo "(-cpu max, 2 vCPUs on a 2-core x86_64 host), kernel built without lock"
	echo "debugging. Absolute rates are emulator rates; only the ratios carry over."
	echo
	echo '```'
	echo "$table"
	echo '```'
} >"$out/results-$kver.md"
log "wrote $out/results-$kver.md and $out/results-$kver.json"
echo "$table"
