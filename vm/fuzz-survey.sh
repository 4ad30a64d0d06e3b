#!/usr/bin/env bash
# fuzz-survey.sh: build probesim-survey's parser with libFuzzer, ASan and
# UBSan (clang) and fuzz it for a bounded time. Exits non-zero if the
# fuzzer finds a crash (the input is kept in the artifacts directory).
#
#   FUZZ_SECONDS  total fuzzing time (default 45)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

seconds=${FUZZ_SECONDS:-45}
src=$PROBESIM_TOP/tools/survey
work=$PROBESIM_OUT/fuzz-survey
bin=$work/fuzz_survey
mkdir -p "$work/corpus" "$work/artifacts" "$work/obj"

command -v clang++ >/dev/null || die "clang++ is needed (vm/setup-host.sh installs clang)"

sanitizers=address,undefined
# Every family of the decoder, as the module has them.
mapfile -t families < <(family_flags)
shim=$PROBESIM_TOP/tools/kernel-shim
flags=(-g -O1 -fno-sanitize-recover=undefined -Wall -Wextra -Werror "${families[@]}"
	-I"$src" -I"$shim" -I"$shim/include" -I"$PROBESIM_TOP/module")
build() {
	# The decoder and the families, as C against the kernel shim,
	# instrumented but not linked as the fuzzer's main.
	local c objs=()
	for c in "$PROBESIM_TOP/module/probes/decode-insn.c" "$PROBESIM_TOP/module/family.c" \
		"$shim/shim.c"; do
		clang -x c -std=gnu11 "${flags[@]}" -include "$shim/prelude.h" \
			"-fsanitize=fuzzer-no-link,$sanitizers" \
			-c "$c" -o "$work/obj/$(basename "$c" .c).o"
		objs+=("$work/obj/$(basename "$c" .c).o")
	done
	clang++ -std=c++20 "${flags[@]}" "-fsanitize=fuzzer,$sanitizers" \
		-o "$bin" "$src/fuzz/fuzz_survey.cpp" \
		"$src"/{bytes,elf_reader,eh_frame,stapsdt,kernel_rules,classify,survey,table,output}.cpp \
		"${objs[@]}"
}
timed "building the survey fuzzer" build

# Seeds: tiny arm64 programs from the cross compiler (.eh_frame, symbols
# and a hand-made USDT note; with and without branch protection, and
# stripped), if there is one.
if command -v "${CROSS}gcc" >/dev/null; then
	cat >"$work/seed.c" <<'EOC'
#define USDT() __asm__ volatile("990: nop\n"                            \
	".pushsection .note.stapsdt,\"\",\"note\"\n.balign 4\n"           \
	".4byte 992f-991f, 994f-993f, 3\n991: .asciz \"stapsdt\"\n"       \
	"992: .balign 4\n993: .8byte 990b, 0, 0\n"                       \
	".asciz \"seed\"\n.asciz \"probe\"\n.asciz \"\"\n994: .balign 4\n"  \
	".popsection\n")
int twice(int x) { USDT(); return 2 * x; }
int main(int argc) { return twice(argc); }
EOC
	cc=("${CROSS}gcc" -O1 -nostdlib -static -e main -fasynchronous-unwind-tables)
	"${cc[@]}" -o "$work/corpus/seed-plain" "$work/seed.c"
	"${cc[@]}" -mbranch-protection=standard -o "$work/corpus/seed-bti" "$work/seed.c"
	"${cc[@]}" -s -o "$work/corpus/seed-stripped" "$work/seed.c"
fi

log "fuzzing for ${seconds}s"
rc=0
"$bin" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 \
	-artifact_prefix="$work/artifacts/" -print_final_stats=1 \
	"$work/corpus" >"$work/fuzz.log" 2>&1 || rc=$?
grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)|^#[0-9]+.*DONE' "$work/fuzz.log" >&2 || true
if [ "$rc" -ne 0 ]; then
	tail -n 60 "$work/fuzz.log" >&2
	die "the survey fuzzer failed (rc=$rc); crash inputs: $work/artifacts/"
fi
log "survey fuzzer: no crash in ${seconds}s"
