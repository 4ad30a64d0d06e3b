#!/usr/bin/env bash
# patches.sh [--out DIR] [--test-identity] [BASE...]: generate the series
# from pristine Debian linux-source trees, for each BASE (default: 7.3
# fixes 6.12 6.1). Every recipe in patches/src/NN-name/ becomes one commit
# (its change.diff and/or generate.sh, and its message), and `git
# format-patch --cover-letter --base` writes into DIR (default patches/):
#   7.3/      the series for mainline, on the newest tree (MAINLINE_KERNEL);
#   fixes/    the fixes at its head (the recipes whose message carries
#             "Cc: stable"), as a series of their own, on the same tree;
#   BASE/     for 6.12 and 6.1: those fixes backported, for stable.
# Every patch is signed off by whoever runs this, from `git var
# GIT_AUTHOR_IDENT` (GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL or git config); a
# missing or placeholder identity is refused. --test-identity signs with
# a fixed one instead, for make check, and only outside patches/. Dates
# come from the project's last commit, so two generations from the same
# source and identity are byte-identical. Output is git-ignored.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

src=$PROBESIM_TOP/patches/src
out_top=$PROBESIM_TOP/patches
test_identity=''
while [ $# -gt 0 ]; do
	case $1 in
	--out) out_top=$2; shift 2 ;;
	--test-identity) test_identity=1; shift ;;
	-*) die "patches.sh: unknown option $1" ;;
	*) break ;;
	esac
done

# identity: "Name <email>" of whoever signs the series off.
if [ -n "$test_identity" ]; then
	case $(realpath -m "$out_top")/ in
	"$(realpath -m "$PROBESIM_TOP/patches")"/*)
		die "--test-identity writes only outside patches/ (use --out)" ;;
	esac
	identity="Probesim Check <check@probesim.invalid>"
else
	identity=$(cd "$PROBESIM_TOP" &&
		git -c user.useConfigOnly=true var GIT_AUTHOR_IDENT 2>/dev/null |
		sed 's/ [0-9]* [-+][0-9]*$//') || identity=''
	case $identity in
	"" | *"<>" | *"<(none)>")
		die "make patches signs every patch off (Signed-off-by) with your identity," \
			"and git has none: set GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, or" \
			"git config user.name and user.email" ;;
	"probesim developers "* | *@example.org\> | *@example.com\> | *@example.net\> | \
		*.invalid\> | *.example\> | *@localhost\> | *@localhost.localdomain\>)
		die "refusing to sign the series off as \"$identity\", a placeholder:" \
			"set GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL (or git config user.name" \
			"and user.email) to your own" ;;
	esac
fi
name=${identity% <*}
email=${identity##* <}
email=${email%>}
export GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email
export GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email
date=$(git -C "$PROBESIM_TOP" log -1 --format=%cI 2>/dev/null) || date=''
export GIT_AUTHOR_DATE=${date:-2026-11-29T00:00:00Z}
export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
gitq() { git -c core.autocrlf=false -c user.useConfigOnly=false "$@"; }

# apply_series BASE NAME [COUNT]: a git tree of the pristine BASE with the
# series (its first COUNT recipes) applied, one commit per recipe, at
# series_tree NAME BASE; prints its path.
apply_series() {
	local base=$1 name=$2 count=${3:-} tree recipe f n=0
	# One place per series, shared by checkouts: the series build directory
	# then stays valid, and each regeneration rebuilds only what changed.
	tree=$(series_tree "$name" "$base")
	mkdir -p "$(dirname "$tree")"
	# The previous tree, for the times of files that come out the same.
	rm -rf "$tree.old"
	[ ! -d "$tree" ] || mv "$tree" "$tree.old"
	# Hard links are cheap; a file is copied before a recipe changes it.
	base_repo "$base" "$tree"
	(
		cd "$tree"
		for recipe in "$src"/[0-9]*/; do
			n=$((n + 1))
			[ -z "$count" ] || [ "$n" -le "$count" ] || break
			if [ -f "$recipe/change.diff" ]; then
				patch -p1 --dry-run -s <"$recipe/change.diff" >/dev/null ||
					die "$(basename "$recipe") does not apply to $base"
				sed -n 's|^+++ b/||p' "$recipe/change.diff" | while read -r f; do
					[ ! -f "$f" ] || { cp "$f" "$f.tmp" && mv "$f.tmp" "$f"; }
				done
				patch -p1 -s --no-backup-if-mismatch <"$recipe/change.diff"
			fi
			if [ -x "$recipe/generate.sh" ]; then
				TREE=$tree TOP=$PROBESIM_TOP "$recipe/generate.sh"
			fi
			gitq add -A -f
			gitq commit -q -s -F "$recipe/message"
		done
		# A file the series writes exactly as before keeps its old
		# modification time, so that the series' build directory only
		# rebuilds what a regeneration really changed.
		if [ -d "$tree.old" ]; then
			gitq diff --name-only base HEAD | while read -r f; do
				if [ -f "$f" ] && cmp -s "$f" "$tree.old/$f"; then
					touch -r "$tree.old/$f" "$f"
				fi
			done
		fi
	) >&2 || die "the series could not be generated on $base"
	rm -rf "$tree.old"
	echo "$tree"
}

# The number of leading recipes that are stable fixes. Fixes come first,
# so that they apply without the features.
stable_count() {
	local n=0 seen_feature='' recipe
	for recipe in "$src"/[0-9]*/; do
		if grep -q '^Cc: stable@vger.kernel.org' "$recipe/message"; then
			[ -z "$seen_feature" ] ||
				die "$(basename "$recipe") is a stable fix after a feature: fixes come first"
			n=$((n + 1))
		else
			seen_feature=1
		fi
	done
	echo "$n"
}

# The posting's version: the first line of patches/src/changelog (vN),
# whose entries, newest first, end the cover letters.
version=$(posting_version)
[ -n "$version" ] || die "patches/src/changelog must start with a version line (v1, v2, ...)"
versioned() {	# versioned PREFIX: PREFIX, with vN from v2 on
	if [ "$version" = 1 ]; then echo "$1"; else echo "$1 v$version"; fi
}

# cost_benefit TREE RANGE: for each commit of RANGE whose recipe names a
# benchmark mode (patches/src/NN-name/bench: MODE TEXT), kernel
# instructions per hit stepped and simulated, from
# bench/instructions-$MAINLINE_KERNEL.md, and the lines the patch adds.
cost_benefit() {
	local tree=$1 range=$2 counts=$PROBESIM_TOP/bench/instructions-$MAINLINE_KERNEL.md
	local n=0 commit recipe mode text xol sim added
	[ -f "$counts" ] || die "no $counts: run make bench-count KVER=$MAINLINE_KERNEL"
	echo "Kernel instructions per hit on $MAINLINE_KERNEL, counted exactly (QEMU -cpu max"
	echo "-icount, the PMU's instructions event; the probed function reached by"
	echo "BL; a counting perf uprobe event), stepped out of line and simulated:"
	echo
	printf '  %-5s %-26s %8s %10s %6s %12s\n' patch instruction stepped simulated saved "lines added"
	for commit in $(gitq -C "$tree" rev-list --reverse "$range"); do
		n=$((n + 1))
		recipe=$(ls -d "$src"/"$(printf '%02d' "$n")"-*/)
		[ -f "$recipe/bench" ] || continue
		read -r mode text <"$recipe/bench"
		read -r xol sim < <(awk -F' *[|] *' -v m="$mode" \
			'$2 == m { print $3 + 0, $4 + 0 }' "$counts") || true
		if [ -z "${xol:-}" ] || [ -z "${sim:-}" ]; then
			die "no row $mode in $counts"
		fi
		added=$(gitq -C "$tree" show --numstat --format= "$commit" | awk '{ a += $1 } END { print a }')
		printf '  %-5s %-26s %8s %10s %6s %12s\n' "$n" "$text" "$xol" "$sim" "$((xol - sim))" "$added"
	done
}

# recipients TREE OUT: To: and Cc: headers for every patch of OUT, from
# the tree's scripts/get_maintainer.pl: the arm64 maintainers and list
# are addressed, everyone else it names is copied.
recipients() {
	local tree=$1 out=$2 list to cc p
	list=$(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
		--rolestats "$out"/0*.patch 2>/dev/null | grep -v '^0000-') ||
		die "scripts/get_maintainer.pl failed on the series"
	to=$(printf '%s\n' "$list" | grep -E 'ARM64 PORT' | sed 's/ (.*//' | paste -sd, - | sed 's/,/, /g')
	cc=$(printf '%s\n' "$list" | grep -vE 'ARM64 PORT' | sed 's/ (.*//' | paste -sd, - | sed 's/,/, /g')
	[ -n "$to" ] || die "get_maintainer.pl names no arm64 maintainer for the series"
	for p in "$out"/*.patch; do
		awk -v to="$to" -v cc="$cc" '
			!done && /^Subject: / { print "To: " to; if (cc != "") print "Cc: " cc; done = 1 }
			{ print }' "$p" >"$p.tmp"
		mv "$p.tmp" "$p"
	done
}

# write_series TREE OUT RANGE PREFIX COVER BLURB_TAIL: format-patch RANGE
# into OUT, the cover letter's subject and body from COVER (its first
# paragraph is the subject; @@COST_BENEFIT@@ becomes cost_benefit's
# table), BLURB_TAIL and the changelog appended to the body, and every
# patch addressed (recipients).
write_series() {
	local tree=$1 out=$2 range=$3 prefix=$4 cover_src=$5 tail=$6 cover subject
	local table
	rm -rf "$out"
	mkdir -p "$out"
	(cd "$tree" && gitq format-patch -q --cover-letter --base=base --zero-commit \
		--no-signature --subject-prefix="$(versioned "$prefix")" -o "$out" "$range")
	cover=$(ls "$out"/0000-*.patch)
	subject=$(sed -n '1{p;q}' "$cover_src")
	table=$out/cost-benefit.txt
	if grep -q '^@@COST_BENEFIT@@$' "$cover_src"; then
		cost_benefit "$tree" "$range" >"$table"
	else
		: >"$table"
	fi
	awk -v subject="$subject" -v body="$cover_src" -v tail="$tail" \
		-v table="$table" -v changelog="$src/changelog" '
		/^Subject: / && index($0, "*** SUBJECT HERE ***") {
			sub(/\*\*\* SUBJECT HERE \*\*\*/, subject)
		}
		$0 == "*** BLURB HERE ***" {
			# The body: the text after the subject paragraph.
			n = 0; started = 0
			while ((getline line < body) > 0) {
				if (!started) { if (line == "") started = 1; continue }
				if (line == "@@COST_BENEFIT@@") {
					while ((getline row < table) > 0) text[++n] = row
					continue
				}
				text[++n] = line
			}
			while (n > 0 && text[n] == "") n--
			for (i = 1; i <= n; i++) print text[i]
			printf "\n%s\n\nChanges\n\n", tail
			while ((getline line < changelog) > 0) print line
			next
		}
		{ print }' "$cover" >"$cover.tmp"
	mv "$cover.tmp" "$cover"
	rm -f "$table"
	recipients "$tree" "$out"
}

nstable=$(stable_count)
[ "$nstable" -gt 0 ] || die "no recipe in patches/src carries Cc: stable"
mainline=$MAINLINE_KERNEL
base_line() {
	echo "Base: Linux $1, as Debian ships it in linux-source-$1 $(debian_source_version "$1")."
}
for base in "${@:-$mainline fixes 6.12 6.1}"; do
	for b in $base; do
		# Held to the end: write_series reads the tree too.
		lock_series "$b"
		case $b in
		"$mainline")
			tree=$(apply_series "$mainline" "$mainline")
			write_series "$tree" "$out_top/$mainline" base..HEAD PATCH \
				"$src/cover-letter" "$(base_line "$mainline")
It is the tree closest to mainline here; the series is to be rebased onto
the arm64 tree before sending. Patches 1-$nstable are fixes for stable and
are also sent as a series of their own."
			;;
		fixes)
			tree=$(apply_series "$mainline" fixes "$nstable")
			write_series "$tree" "$out_top/fixes" base..HEAD PATCH \
				"$src/cover-letter-fixes" "$(base_line "$mainline")
It is the tree closest to mainline here; to be rebased onto the arm64
tree before sending. The backports to the stable trees are generated
from the same source."
			;;
		*)
			tree=$(apply_series "$b" "$b" "$nstable")
			write_series "$tree" "$out_top/$b" base..HEAD "PATCH $b.y" \
				"$src/cover-letter-fixes" "$(base_line "$b")
The backport to $b.y of the fixes, for stable once they are merged
upstream; each will then name its upstream commit."
			;;
		esac
		log "wrote $(find "$out_top/$b" -name '*.patch' | wc -l) patches to" \
			"$out_top/$b, signed off by $identity"
	done
done
