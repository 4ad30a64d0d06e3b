#!/usr/bin/env bash
# bench-variants.sh [KVER]: where the instructions of a simulated hit go.
# Each patch in bench/variants/ takes one piece out of the module's hit
# path or changes how it is done (its first line says what it measures).
# The trigger benchmark counts instructions per hit (probesim-bench
# --instructions, under qemu's instruction counting, so every figure is
# exact) once with the module as it is and once with each variant, each
# in a boot of its own on the benchmark kernel (KVER, default 6.12). The
# kernel instructions a hit costs more than the kernel's own simulated
# ret on the same page are printed side by side, as a Markdown table,
# also written to $PROBESIM_OUT/bench-variants.md. A variant is a
# measurement, not a correct module: some skip checks, and some fail the
# benchmark's own hit counts, which is not an error here. MODES in the
# environment sets the benchmark's modes (a comma list, see
# probesim-bench --help).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-6.12}
modes=${MODES:-uprobe-nop-bl,uprobe-nop-blr,uprobe-push-plt,uprobe-and-bl,uprobe-paciasp-bl,uretprobe-nop-bl}

"$here/setup-host.sh"
table=$PROBESIM_OUT/bench-variants.md
rows=$PROBESIM_OUT/bench-variants.rows
mkdir -p "$PROBESIM_OUT"
: >"$rows"

# sim_minus_ret LOG: "mode delta" for every mode of the count table in the
# console LOG (its fifth column, the kernel instructions over the ret's);
# nothing when the benchmark printed none.
sim_minus_ret() {
	tr -d '\r' <"$1" | sed -n '/instructions per call/,/^base/p' |
		awk -F' *[|] *' '$2 ~ /^uretprobe-|^uprobe-/ { print $2, $6 }'
}

# run NAME [KERNEL-RUN OPTIONS]: one boot; its figures go to rows.
run() {
	local name=$1 log figures line
	shift
	"$here/kernel-run.sh" --icount --flavor bench --timeout 1800 "$@" \
		--append "probesim.bench_modes=$modes" "$kver" bench-count "variant-$name" >&2 || true
	log=$PROBESIM_OUT/runs/variant-$name.log
	figures=$(sim_minus_ret "$log")
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
awk -v kver="$kver" '
	!($1 in seen) { seen[$1] = 1; variants[++nv] = $1 }
	!($2 in mseen) { mseen[$2] = 1; modes[++nm] = $2 }
	{ cell[$1, $2] = $3 }
	END {
		printf "kernel instructions per hit over the ret on the same page, kernel %s (exact: qemu -icount)\n\n", kver
		printf "| variant |"; for (m = 1; m <= nm; m++) printf " %s |", modes[m]; printf "\n"
		printf "| --- |"; for (m = 1; m <= nm; m++) printf " ---: |"; printf "\n"
		for (v = 1; v <= nv; v++) {
			printf "| %s |", variants[v]
			for (m = 1; m <= nm; m++) printf " %s |", cell[variants[v], modes[m]]
			printf "\n"
		}
	}' "$rows" >"$table"
cat "$table"
