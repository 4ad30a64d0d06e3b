#!/usr/bin/env bash
# patches.sh [BASE...]: generate the upstream series into patches/BASE/
# for each base (default: 6.12 6.1). Each base is a pristine Debian
# linux-source tree; every recipe in patches/src/NN-name/ becomes one
# commit (its change.diff and/or generate.sh, and its message), and
# `git format-patch --cover-letter --base` writes the series. Dates and
# identities are fixed, so a regeneration is byte-identical.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

src=$PROBESIM_TOP/patches/src
export GIT_AUTHOR_NAME="probesim developers" GIT_AUTHOR_EMAIL="probesim@example.org"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
export GIT_AUTHOR_DATE="2026-11-29T00:00:00Z"
export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
gitq() { git -c core.autocrlf=false -c user.useConfigOnly=false "$@"; }

# series_tree BASE: a git tree of the pristine BASE with the series
# applied, one commit per recipe; prints its path.
series_tree() {
	local base=$1 tree pristine recipe f
	pristine=$(pristine_tree "$base")
	# One place per base, shared by checkouts: the series build directory
	# then stays valid, and each regeneration rebuilds only what changed.
	tree=$PROBESIM_CACHE/series/$base
	# The previous tree, for the times of files that come out the same.
	rm -rf "$tree.old"
	[ ! -d "$tree" ] || mv "$tree" "$tree.old"
	mkdir -p "$tree"
	# Hard links are cheap; a file is copied before a recipe changes it.
	cp -al "$pristine/." "$tree/"
	(
		cd "$tree"
		gitq init -q
		# Debian's .gitignore ignores the whole top level; add with -f.
		gitq add -A -f
		gitq commit -q -m "Linux $base (Debian linux-source-$base $(debian_source_version "$base"))"
		gitq tag base
		for recipe in "$src"/[0-9]*/; do
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
	) >&2
	rm -rf "$tree.old"
	echo "$tree"
}

for base in "${@:-6.12 6.1}"; do
	for b in $base; do
		tree=$(series_tree "$b")
		out=$PROBESIM_TOP/patches/$b
		rm -rf "$out"
		mkdir -p "$out"
		(
			cd "$tree"
			gitq format-patch -q --cover-letter --base=base --zero-commit \
				--no-signature -o "$out" base..HEAD
		)
		# The cover letter: subject and body from patches/src/cover-letter.
		cover=$(ls "$out"/0000-*.patch)
		python3 - "$cover" "$src/cover-letter" "$b" \
			"$(debian_source_version "$b")" <<'PY'
import sys
cover, text, base, debver = sys.argv[1:]
subject, _, body = open(text).read().partition("\n\n")
lines = open(cover).read().split("\n")
out = []
for line in lines:
    if line.startswith("Subject: ") and "*** SUBJECT HERE ***" in line:
        line = line.replace("*** SUBJECT HERE ***", subject.strip())
    elif line == "*** BLURB HERE ***":
        line = (body.rstrip("\n") + "\n\nBase: Linux " + base +
                ".y, as shipped in Debian linux-source-" + base + " " + debver + ".")
    out.append(line)
open(cover, "w").write("\n".join(out))
PY
		log "wrote $(find "$out" -name '*.patch' | wc -l) patches to patches/$b"
	done
done
