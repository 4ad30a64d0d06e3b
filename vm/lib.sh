# shellcheck shell=bash
# Helpers shared by the vm/ scripts. Source it; do not run it.

PROBESIM_CACHE=${PROBESIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/probesim}
export PROBESIM_CACHE
export CCACHE_DIR=${CCACHE_DIR:-$PROBESIM_CACHE/ccache}
# Paths under the cache are hashed relative to the directory a compiler
# runs in, so that two kernel trees laid out alike (a build directory two
# levels below a common root, its source at ../../src/NAME) share their
# objects: a series' build starts from the stock kernel's (series_tree).
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PROBESIM_CACHE} CCACHE_NOHASHDIR=1
CROSS=${CROSS:-aarch64-linux-gnu-}
# The test kernels carry no BTF, so pahole plays no part: name one that does
# not exist for kernels and modules alike, so that whether the host has
# pahole installed (CONFIG_PAHOLE_VERSION) cannot differ between the two.
# shellcheck disable=SC2034 # used by the scripts that source this file
NO_PAHOLE=PAHOLE=probesim-no-pahole

# The niceness of kernel builds: make check sets PROBESIM_BUILD_NICE for
# the builds it runs in the background, so that the test VMs beside them
# keep their speed (and their timeouts their meaning).
# shellcheck disable=SC2034 # used by the scripts that source this file
BUILD_NICE=(nice -n "${PROBESIM_BUILD_NICE:-0}")

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# timed LABEL CMD...: run CMD, then report how long LABEL took.
timed() {
	local label=$1 start rc=0
	shift
	start=$(date +%s)
	log "$label ..."
	"$@" || rc=$?
	local took=$(( $(date +%s) - start ))
	if [ "$rc" -eq 0 ]; then
		log "$label: done in ${took}s"
	else
		log "$label: FAILED (rc=$rc) after ${took}s"
	fi
	# STAGE_TIMES=FILE (vm/check.sh): one tab-separated line per stage.
	if [ -n "${STAGE_TIMES:-}" ]; then
		printf '%s\t%s\t%s\n' "$took" "$rc" "$label" >>"$STAGE_TIMES"
	fi
	return "$rc"
}

# Kernels whose linux-source package the host's own suite does not ship
# come from another Debian suite, through a private apt state (see
# debian_download): KVER -> suite.
private_source_suite() {
	case $1 in
	7.3) echo trixie-backports ;;
	7.2) echo sid ;;
	esac
}

# probesim_version: the project's version, dkms.conf's PACKAGE_VERSION
# (Kbuild and the tools read the same line).
probesim_version() {
	local v
	v=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$PROBESIM_TOP/dkms.conf")
	[ -n "$v" ] || die "no PACKAGE_VERSION=\"...\" line in $PROBESIM_TOP/dkms.conf"
	echo "$v"
}

# readme_block NAME: the commands of README.md's NAME block, as they stand:
# the indented lines between its "<!-- NAME: begin" and "<!-- NAME: end"
# markers, without the indent.
readme_block() {
	awk -v name="$1" 'index($0, "<!-- " name ": begin") == 1 { on = 1; next }
		index($0, "<!-- " name ": end") == 1 { on = 0 }
		on && sub(/^    /, "")' "$PROBESIM_TOP/README.md" | grep . ||
		die "README.md has no $1 block"
}

# with_overlay LOWER DIR CMD...: CMD in a mount namespace of its own, in
# which LOWER's files are laid over DIR (its target, if a symlink) by a
# read-only overlay, so that a README line can find a file where it says
# without this host's DIR being written. Needs root.
with_overlay() {
	local lower=$1 dir
	dir=$(readlink -f "$2")
	shift 2
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare --mount --propagation private sh -ec \
		'mount -t overlay probesim -o "lowerdir=$1:$2" "$2"; shift 2; exec "$@"' \
		_ "$lower" "$dir" "$@"
}

# The kernel versions the test bed knows how to fetch.
known_kernels() { echo "6.1 6.12 7.2 7.3"; }

# source_deb KVER: the linux-source-KVER .deb of a private-suite kernel,
# downloaded once into the cache (KSRC_REFRESH=1 downloads it again).
source_deb() {
	local kver=$1 suite
	suite=$(private_source_suite "$kver")
	[ -n "$suite" ] || die "linux-source-$kver does not come from a private suite"
	debian_download "$suite" "$PROBESIM_CACHE/kernel-src/apt/$suite" \
		"$PROBESIM_CACHE/kernel-src/debs/$suite" "${KSRC_REFRESH:-0}" \
		"linux-source-$kver:all"
	ls "$PROBESIM_CACHE/kernel-src/debs/$suite/linux-source-${kver}_"*_all.deb
}

# The tree closest to mainline that Debian has: upstream work is based on it.
# shellcheck disable=SC2034 # used by the scripts that source this
MAINLINE_KERNEL=7.3

# family_flags: -D for every family's PROBESIM_WITH_* flag, one per line,
# from module/families.h, which lists the families.
family_flags() {
	grep -o 'PROBESIM_WITH_[A-Z][A-Z_]*' "$PROBESIM_TOP/module/families.h" |
		sort -u | sed 's/^/-D/'
}

# Debian version of linux-source-KVER: the installed package's, or that of
# the .deb downloaded for a private-suite kernel.
debian_source_version() {
	if [ -n "$(private_source_suite "$1")" ]; then
		dpkg-deb -f "$(source_deb "$1")" Version
		return
	fi
	dpkg-query -W -f='${Version}' "linux-source-$1" 2>/dev/null ||
		die "linux-source-$1 is not installed (apt-get install linux-source-$1)"
}

# Unpack linux-source-KVER's tarball once into the cache and print the
# tree's path. The Debian version is part of the path, so a point release
# update gets a tree of its own.
pristine_tree() {
	local kver=$1 ver dir tarball deb
	case " $(known_kernels) " in
	*" $kver "*) ;;
	*) die "no Debian source for kernel '$kver' (known: $(known_kernels); or set KSRC)" ;;
	esac
	ver=$(debian_source_version "$kver")
	dir=$PROBESIM_CACHE/src/linux-source-$kver-$ver
	if [ -f "$dir/.unpacked" ]; then
		echo "$dir"
		return
	fi
	# make check unpacks in the background while its stages run: one
	# unpacker per tree, the others wait for it.
	local lockfd
	mkdir -p "$PROBESIM_CACHE/src"
	exec {lockfd}>"$dir.lock"
	flock "$lockfd"
	if [ -f "$dir/.unpacked" ]; then
		exec {lockfd}>&-
		echo "$dir"
		return
	fi
	rm -rf "$dir" "$dir.tmp" "$dir.deb"
	mkdir -p "$dir.tmp"
	if [ -n "$(private_source_suite "$kver")" ]; then
		deb=$(source_deb "$kver")
		timed "unpacking $(basename "$deb")" dpkg-deb -x "$deb" "$dir.deb"
		tarball=$dir.deb/usr/src/linux-source-$kver.tar.xz
	else
		tarball=/usr/src/linux-source-$kver.tar.xz
	fi
	[ -f "$tarball" ] || die "$tarball missing (apt-get install linux-source-$kver)"
	timed "unpacking $tarball" tar -C "$dir.tmp" --strip-components=1 -xf "$tarball"
	rm -rf "$dir.deb"
	# The tree says what it is; a package named for another series is
	# not the kernel the tests would be told they run on.
	case $(kernel_release "$dir.tmp") in
	"$kver".*) ;;
	*) die "linux-source-$kver unpacks to Linux $(kernel_release "$dir.tmp")" ;;
	esac
	touch "$dir.tmp/.unpacked"
	mv "$dir.tmp" "$dir"
	exec {lockfd}>&-
	echo "$dir"
}

# base_repo KVER DIR: make DIR a git checkout of the pristine KVER tree,
# its one commit tagged "base". Hashing a whole kernel tree takes most of
# a minute, so the repository is built once per Debian version and each
# DIR gets hard links: to the pristine files and to the repository, whose
# index then matches them (git replaces files rather than writing into
# them, and with core.trustctime off a new link is no change). The base
# commit's identity and date are fixed, so its hash is everyone's.
base_repo() {
	local kver=$1 dir=$2 pristine repo
	pristine=$(pristine_tree "$kver")
	repo=$PROBESIM_CACHE/series-base/$(basename "$pristine").git
	if [ ! -f "$repo/probesim-complete" ]; then
		rm -rf "$repo"
		mkdir -p "$repo"
		# shellcheck disable=SC2317 # called below
		bgit() {
			env GIT_DIR="$repo" GIT_WORK_TREE="$pristine" \
				GIT_AUTHOR_NAME=Debian GIT_AUTHOR_EMAIL=linux-source@debian.invalid \
				GIT_COMMITTER_NAME=Debian GIT_COMMITTER_EMAIL=linux-source@debian.invalid \
				GIT_AUTHOR_DATE=2026-11-29T00:00:00Z GIT_COMMITTER_DATE=2026-11-29T00:00:00Z \
				git "$@" >&2
		}
		bgit init -q
		bgit config core.trustctime false
		bgit config core.autocrlf false
		# Debian's .gitignore ignores the whole top level; add with -f.
		bgit add -A -f
		bgit commit -q -m "Linux $kver (Debian $(basename "$pristine"))"
		bgit tag base
		bgit config --unset core.worktree || true
		touch "$repo/probesim-complete"
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -al "$pristine/." "$dir/"
	cp -al "$repo" "$dir/.git"
	rm -f "$dir/.git/probesim-complete"
}

# series_tree NAME KVER, series_build NAME: where make patches keeps the
# tree of series NAME, on kernel KVER, and where its kernel is built: laid
# out as the stock kernels are under the cache (src/, and a build
# directory two levels down), so that ccache serves both (CCACHE_BASEDIR).
series_tree() {
	echo "$PROBESIM_CACHE/series/$1/src/$(basename "$(pristine_tree "$2")")"
}
series_build() {
	echo "$PROBESIM_CACHE/series/$1/build/kernel"
}

# lock_series NAME: hold series NAME's tree and build directory until this
# shell exits. Checkouts share them, and one that regenerates the tree
# while another builds or boots it breaks the other's run; so the second
# waits. The children of a holder (series-check.sh runs patches.sh) are
# told through PROBESIM_SERIES_LOCKED that they need not wait for it.
lock_series() {
	local name=$1 lock fd
	case " ${PROBESIM_SERIES_LOCKED:-} " in *" $name "*) return 0 ;; esac
	lock=$PROBESIM_CACHE/series/$name.lock
	mkdir -p "$(dirname "$lock")"
	exec {fd}>"$lock"
	if ! flock -n "$fd"; then
		log "waiting for another checkout's use of the $name series tree ($lock)"
		flock "$fd"
	fi
	export PROBESIM_SERIES_LOCKED="${PROBESIM_SERIES_LOCKED:-} $name"
}

# kernel_make SRC OUT ARGS...: make ARGS in the kernel tree SRC, building
# into OUT, cross-compiled for arm64 through ccache at the build niceness.
kernel_make() {
	local src=$1 out=$2
	shift 2
	"${BUILD_NICE[@]}" make -C "$src" O="$out" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" "$NO_PAHOLE" -j"$(nproc)" "$@"
}

# console_section CONSOLE KIND NAME: the lines a guest emitted in the
# section KIND of NAME (emit_section) on the VM console CONSOLE.
console_section() {
	tr -d '\r' <"$1" |
		sed -n "/^@@probesim-begin $2 $3@@\$/,/^@@probesim-end $2 $3@@\$/p" |
		sed '1d;$d'
}

# posting_version: N of the first line of patches/src/changelog (vN), the
# series' posting version; nothing if that line is not a version.
posting_version() {
	sed -n '1s/^v\([1-9][0-9]*\)$/\1/p' "$PROBESIM_TOP/patches/src/changelog"
}

# kernel_release TREE: the version the kernel tree says it is (X.Y.Z), read
# from its top Makefile rather than assumed from the package name.
kernel_release() {
	awk -F' *= *' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } END { print v "." p "." s }' "$1/Makefile"
}

# Where build products of this checkout go: outside the tree, one
# directory per checkout so that clones do not share half-built state.
PROBESIM_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROBESIM_OUT=${PROBESIM_OUT:-$PROBESIM_CACHE/out/$(printf '%s' "$PROBESIM_TOP" | sha256sum | cut -c1-12)}
export PROBESIM_TOP PROBESIM_OUT

# debian_download SUITE STATE DEBS REFRESH PKG[:ARCH]...: download the .debs
# of PKG... (arm64 unless :all is given) from Debian SUITE into DEBS,
# through a sources list, lists and cache of their own under STATE, so that
# the system's apt setup is neither used nor changed. Packages already in
# DEBS are kept unless REFRESH is 1. DEBIAN_MIRROR overrides the mirror.
debian_download() {
	local suite=$1 state=$2 debs=$3 refresh=$4 pkg
	shift 4
	local -a opts=(-o "Dir::Etc::sourcelist=$state/sources.list" -o "Dir::Etc::sourceparts=-"
		-o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache"
		-o "Dir::Etc::preferencesparts=$state/preferences.d"
		-o "APT::Sandbox::User=root" -o "APT::Get::List-Cleanup=0")
	mkdir -p "$state/lists/partial" "$state/cache/archives/partial" \
		"$state/preferences.d" "$debs"
	echo "deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${DEBIAN_MIRROR:-http://deb.debian.org/debian} $suite main" \
		>"$state/sources.list"
	if [ "$refresh" = 1 ] || ! ls "$state/lists/"*_Packages* >/dev/null 2>&1; then
		timed "apt-get update ($suite, arm64, private lists)" \
			apt-get "${opts[@]}" -qq update >&2
	fi
	local name arch want
	for pkg in "$@"; do
		name=${pkg%%:*} arch=arm64 want=$pkg:arm64
		case $pkg in *:all) arch=all want=$name ;; esac
		if [ "$refresh" != 1 ] && ls "$debs/${name}_"*_"$arch".deb >/dev/null 2>&1; then
			continue
		fi
		rm -f "$debs/${name}_"*_"$arch".deb
		(cd "$debs" && apt-get "${opts[@]}" -qq download "$want") >&2 ||
			die "apt-get download $want ($suite) failed"
	done
}

# patched_sources PATCH DIR: the module's sources (what build-modules.sh
# --src takes) copied into DIR, emptied first, with PATCH applied.
patched_sources() {
	local patch=$1 dir=$2
	rm -rf "$dir"
	mkdir -p "$dir"
	(cd "$PROBESIM_TOP" && tar cf - Kbuild dkms.conf module kunit vm/negative) |
		tar -C "$dir" -xf -
	patch -s -p1 -d "$dir" <"$patch"
}

# copy_executables SRC DST: copy every executable file in SRC into DST.
# Fails if SRC has none: a test build that made no binaries is broken.
copy_executables() {
	local src=$1 dst=$2 t found=''
	for t in "$src"/*; do
		if [ ! -f "$t" ] || [ ! -x "$t" ]; then continue; fi
		cp "$t" "$dst/"
		found=1
	done
	[ -n "$found" ]
}

# follow_links_in ROOT PATH: PATH (a path inside the unpacked tree ROOT,
# ROOT included) with symlinks followed within the tree: absolute targets
# are taken relative to ROOT.
follow_links_in() {
	local root=$1 path=$2 hops=0 target
	while [ -L "$path" ] && [ $hops -lt 8 ]; do
		target=$(readlink "$path")
		case $target in
		/*) path=$root$target ;;
		*) path=$(dirname "$path")/$target ;;
		esac
		hops=$((hops + 1))
	done
	echo "$path"
}
