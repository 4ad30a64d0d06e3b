#!/usr/bin/env bash
# stage.sh STAGE: write into $TREE what the series adds, as it stands after
# the patch of STAGE: "fixes" (simulated instructions complete as the CPU
# completes them), "core" (the branch-target check), "insn" (what
# decoders need of asm/insn.h and lib/insn.c: module/asm/insn.h,
# module/lib/insn.c and the insn-*.sed edits of lines the tree has), then
# each family of module/families.h in its order (alu, bti, pac, stp).
# All of asm/insn.h's changes are in one patch: nearly every object of
# the kernel includes it, and make check builds every prefix.
#
# The sources are the project's own, in the tree's shape:
#   module/asm/insn.h              -> arch/arm64/include/asm/insn.h, and
#   module/lib/insn.c                 arch/arm64/lib/insn.c, after
#                                     aarch64_insn_gen_logical_immediate(),
#                                     from the "insn" stage on
#   module/probes/decode-insn.[ch] -> arch/arm64/kernel/probes/decode-insn.[ch],
#   module/probes/simulate-insn.[ch]  at the end of the .c, before the
#                                     #endif of the .h
#   module/probes/simulate-insn-kunit.c, selftests/arm64-uprobes/*
#                                  -> the same files in the tree
# Each is run through unifdef, which keeps the PROBESIM_WITH_* blocks of
# STAGE and the stages before it, and drops the others, whole; the
# "fixes" stage also drops the #ifndef PROBESIM_FIXES_ONLY blocks, and has
# none of asm/insn.h, lib/insn.c, decode-insn.[ch] or the KUnit suite. A
# part to insert loses its opening SPDX line and comment (they describe it
# to the project), and its #include lines go among the file's own. The files a
# part goes into are written from the base tree each time, so no recipe's
# change.diff may touch them. Every file is written anew, never into: the
# tree's files are hard links to the pristine tree's (vm/lib.sh base_repo).
set -euo pipefail
: "${TREE:?}" "${TOP:?}"

stage=$1
# The families' flags, in the order module/families.h brings them in.
mapfile -t all_flags < <(grep -o 'PROBESIM_WITH_[A-Z][A-Z_]*' "$TOP/module/families.h" |
	awk '!seen[$0]++')
flags=(-UPROBESIM_FIXES_ONLY) on=1 known=''
case $stage in
fixes) flags=(-DPROBESIM_FIXES_ONLY) on='' known=1 ;;
core | insn) on='' known=1 ;;
esac
own=PROBESIM_WITH_${stage^^}
for f in "${all_flags[@]}"; do
	if [ -n "$on" ]; then flags+=("-D$f"); else flags+=("-U$f"); fi
	if [ "$f" = "$own" ]; then
		on='' known=1
	fi
done
[ -n "$known" ] || { echo "stage.sh: unknown stage $stage" >&2; exit 2; }

# staged SRC: SRC at this stage; a dropped block leaves no run of blank
# lines, and no blank line before an #endif or an EXPORT_SYMBOL (whose
# #ifndef PROBESIM_FIXES_ONLY the blank line only set apart).
staged() {
	local rc=0 out
	out=$(unifdef "${flags[@]}" "$1") || rc=$?
	[ "$rc" -le 1 ] || { echo "stage.sh: unifdef failed on $1" >&2; exit 1; }
	printf '%s\n' "$out" | cat -s | awk '
		/^$/ { blank++; next }
		{ if (blank && !/^#endif/ && !/^EXPORT_SYMBOL/) print ""; blank = 0; print }
		END { if (blank) print "" }'
}

# part SRC: what of SRC goes into a kernel file: no SPDX line, no opening
# comment, no #include lines, no blank lines around it.
part() {
	staged "$1" | awk '
		NR == 1 && /SPDX-License-Identifier/ { next }
		!started && !opened && /^\/\*/ { comment = 1 }
		comment { if (/\*\//) { comment = 0; opened = 1 } next }
		!started && (/^#include / || /^$/) { next }
		{ started = 1; lines[++n] = $0 }
		END { while (n > 0 && lines[n] == "") n--; for (i = 1; i <= n; i++) print lines[i] }'
}

# includes SRC: the #include lines at the top of SRC.
includes() {
	staged "$1" | awk '/^#include / { print; next } /^(\/\/|\/\*| \*|$)/ { next } { exit }'
}

# add_includes FILE INCLUDE...: each INCLUDE that FILE lacks goes after the
# last of FILE's includes with the same directory (<linux/, <asm/, "),
# where the order allows keeping them sorted; without one, after the last
# <linux/ include, or else the last include.
add_includes() {
	local file=$1 inc
	shift
	for inc in "$@"; do
		grep -qxF "$inc" "$file" && continue
		awk -v inc="$inc" '
			# <linux/x.h> is in <linux, "x.h" in ".
			function dir(s) {
				sub(/^#include /, "", s)
				if (s !~ /\//) return substr(s, 1, 1)
				sub(/\/[^\/]*$/, "", s)
				return s
			}
			{ line[NR] = $0 }
			/^#include / {
				last = NR
				if (dir($0) == dir(inc)) { group = NR; if ($0 < inc) before = NR }
				if ($0 ~ /^#include <linux\//) linux = NR
			}
			END {
				at = group ? (before ? before : group - 1) : (linux ? linux : last)
				if (group && !before) {
					# inc sorts first in its group: before the group.
					for (i = 1; i <= NR; i++)
						if (line[i] ~ /^#include / && dir(line[i]) == dir(inc)) { at = i - 1; break }
				}
				for (i = 1; i <= NR; i++) {
					if (i == 1 && at == 0) print inc
					print line[i]
					if (i == at) print inc
				}
			}' "$file" >"$file.tmp"
		mv "$file.tmp" "$file"
	done
}

# from_base PATH: PATH written anew as the base tree has it.
from_base() {
	rm -f "$TREE/$1"
	git -C "$TREE" show "base:$1" >"$TREE/$1"
}

# insert SRC PATH WHERE: PATH of the base tree with SRC's part inserted:
# WHERE is "end" (after a blank line), "endif" (before the last #endif,
# after a blank line) or "after:NAME" (right after the declaration of
# the function NAME, or after a blank line after its definition).
insert() {
	local src=$1 path=$2 where=$3 file=$TREE/$2 text
	text=$(part "$src")
	from_base "$path"
	[ -n "$text" ] || return 0
	case $where in
	end) printf '\n%s\n' "$text" >>"$file" ;;
	endif | after:*)
		TEXT=$text awk -v name="${where#after:}" -v where="$where" '
			{ line[NR] = $0 }
			where == "endif" && /^#endif/ { at = NR }
			where != "endif" && !from && $0 ~ ("^[a-z][a-z0-9_ *]* " name "[(]") { from = NR }
			where != "endif" && from && !at && /^{$/ { body = 1 }
			where != "endif" && from && !at && (body ? /^}$/ : /\);$/) { at = NR + 1 }
			END {
				if (!at) exit 1
				# The blank line before an #endif stays before it.
				if (where == "endif" && line[at - 1] == "") at--
				for (i = 1; i <= NR + 1; i++) {
					if (i == at) print (where == "endif" || body ? "\n" : "") ENVIRON["TEXT"]
					if (i <= NR) print line[i]
				}
			}' "$file" >"$file.tmp" || { echo "stage.sh: no $where in $path" >&2; exit 1; }
		mv "$file.tmp" "$file"
		;;
	esac
	mapfile -t incs < <(includes "$src")
	[ ${#incs[@]} -eq 0 ] || add_includes "$file" "${incs[@]}"
}

probes=arch/arm64/kernel/probes
insn_h=arch/arm64/include/asm/insn.h
gen_logical=aarch64_insn_gen_logical_immediate
# edit SCRIPT PATH: PATH with the lines of the tree that SCRIPT (sed -E)
# changes changed; it must change some.
edit() {
	local file=$TREE/$2
	sed -E -f "$TOP/patches/src/$1" "$file" >"$file.tmp"
	if cmp -s "$file" "$file.tmp"; then
		echo "stage.sh: $1 changes nothing in $2" >&2
		exit 1
	fi
	rm -f "$file"
	mv "$file.tmp" "$file"
}
case $stage in
fixes | core) ;;
*)
	insert "$TOP/module/asm/insn.h" $insn_h "after:$gen_logical"
	insert "$TOP/module/lib/insn.c" arch/arm64/lib/insn.c "after:$gen_logical"
	edit insn-bits-h.sed $insn_h
	edit insn-bits-c.sed arch/arm64/lib/insn.c
	edit insn-export-encoder.sed arch/arm64/lib/insn.c
	edit insn-add-sub-imm.sed $insn_h
	;;
esac
if [ "$stage" != fixes ]; then
	insert "$TOP/module/probes/decode-insn.c" $probes/decode-insn.c end
	insert "$TOP/module/probes/decode-insn.h" $probes/decode-insn.h endif
fi
insert "$TOP/module/probes/simulate-insn.c" $probes/simulate-insn.c end
insert "$TOP/module/probes/simulate-insn.h" $probes/simulate-insn.h endif

# Whole files: a file with nothing left but its licence line is not there
# yet at this stage.
whole() {
	rm -f "$2"
	staged "$1" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$2"
	grep -qv -e '^[[:space:]]*$' -e 'SPDX-License-Identifier' "$2" || rm -f "$2"
}
if [ "$stage" != fixes ]; then
	whole "$TOP/module/probes/simulate-insn-kunit.c" "$TREE/$probes/simulate-insn-kunit.c"
fi
kselftests=$TREE/tools/testing/selftests/arm64/uprobes
rm -rf "$kselftests"
mkdir -p "$kselftests"
for f in "$TOP"/selftests/arm64-uprobes/*; do
	whole "$f" "$kselftests/$(basename "$f")"
done

# Nothing of the project's own is left in what it wrote.
if grep -rlE 'PROBESIM_|probesim' "$TREE/arch/arm64" "$kselftests"; then
	echo "stage.sh: the files above still name the project" >&2
	exit 1
fi
