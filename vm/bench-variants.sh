#!/usr/bin/env bash
# bench-variants.sh [KVER]: where the time of a simulated hit goes. Each
# patch in bench/variants/ takes one piece out of the module's hit path or
# changes how it is done (its first line says what it measures). The
# trigger benchmark runs once with the module as it is and once with each
# variant, each in a boot of its own on the benchmark kernel (KVER,
# default 6.12), and the sim/ret medians are printed side by side, as a
# Markdown table, also written to $PROBESIM_OUT/bench-variants.md. A
# variant is a measurement, not a correct module: some skip checks, and
# some fail the benchmark's own hit counts, which is not an error here.
# MODES and ROUNDS in the environment set the benchmark's modes (a comma
# list, see probesim-bench --help) and rounds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-6.12}
modes=${MODES:-uprobe-nop-bl,uprobe-nop-blr,uprobe-paciasp-bl,uprobe-ret-bl,uprobe-ret-blr}
rounds=${ROUNDS:-11}
case $rounds in '' | *[!0-9]*) die "ROUNDS must be a number, not '$rounds'" ;; esac

"$here/setup-host.sh"
table=$PROBESIM_OUT/bench-variants.md
rows=$PROBESIM_OUT/bench-variants.rows
mkdir -p "$PROBESIM_OUT"
: >"$rows"

# sim_ret LOG: "mode median (min-max)" for every mode of the benchmark's
# table in the console LOG; nothing when the benchmark printed none.
sim_ret() {
	tr -d '\r' <"$1" | sed -n '/hits\/s median/,/^base/p' |
		awk '$1 ~ /^uretprobe-|^uprobe-/ { print $1, $(NF - 1), $NF }'
}

# run NAME [KERNEL-RUN OPTIONS]: one boot; its sim/ret figures go to rows.
run() {
	local name=$1 log figures line
	shift
	"$here/kernel-run.sh" --flavor bench --timeout 1800 "$@" \
		--append "probesim.bench_modes=$modes" --append "probesim.bench_rounds=$rounds" \
		"$kver" bench "variant-$name" >&2 || true
	log=$PROBESIM_OUT/runs/variant-$name.log
	figures=$(sim_ret "$log")
	[ -n "$figures" ] || die "variant $name: the benchmark printed no table (see $log)"
	while read -r line; do echo "$name $line"; done <<<"$figures" >>"$rows"
}

run as-is
for patch in "$PROBESIM_TOP"/bench/variants/*.patch; do
	name=$(basename "$patch" .patch)
	copy=$PROBESIM_OUT/variants/$name
	patched_sources "$patch" "$copy" || die "variant $name does not apply"
	run "$name" --src "$copy"
done

# One row per variant, one column per mode, in the order they ran.
awk -v kver="$kver" -v rounds="$rounds" '
	!($1 in seen) { seen[$1] = 1; variants[++nv] = $1 }
	!($2 in mseen) { mseen[$2] = 1; modes[++nm] = $2 }
	{ cell[$1, $2] = $3 " " $4 }
	END {
		printf "sim/ret, kernel %s, medians (min-max) of %s interleaved rounds\n\n", kver, rounds
		printf "| variant |"; for (m = 1; m <= nm; m++) printf " %s |", modes[m]; printf "\n"
		printf "| --- |"; for (m = 1; m <= nm; m++) printf " ---: |"; printf "\n"
		for (v = 1; v <= nv; v++) {
			printf "| %s |", variants[v]
			for (m = 1; m <= nm; m++) printf " %s |", cell[variants[v], modes[m]]
			printf "\n"
		}
	}' "$rows" >"$table"
cat "$table"
