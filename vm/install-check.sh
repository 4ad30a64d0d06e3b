#!/usr/bin/env bash
# install-check.sh [KVER]: the README's install-steps, as they stand, for the
# cross-built KVER test kernel (default 6.12).
#
# Its make lines run on this host, in order, in a copy of the sources as
# make dkms-sources makes it, with KDIR, ARCH and CROSS_COMPILE for that
# kernel in the environment and sudo a no-op (this runs as root). What
# they install goes to scratch trees, so the host's /usr/src,
# /var/lib/dkms and /lib/modules are never touched: INSTALL_MOD_PATH for
# make install and uninstall; for make dkms-install and dkms-uninstall a
# DKMS_SOURCE_TREE and a dkms first in PATH that keeps its trees there too.
# A line that builds or installs a module is a step: what it made (the
# module in the sources, the module tree it installed) is kept for the
# VM as it was then. Each module must carry dkms.conf's version and the
# kernel's vermagic, and once every line has run nothing of probesim may
# be left installed: the README's steps end with its uninstall lines.
#
# The other lines run in a VM of that kernel, in order (the
# readme-install guest suite), each with the last step's products in
# place: the module built as the directory they run in, the tree
# installed as /lib/modules.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-6.12}
command -v dkms >/dev/null || die "dkms is not installed (vm/setup-host.sh installs it as root)"
[ "$(id -u)" = 0 ] || die "make dkms-install runs as root only: run $0 as root"
kbuild=$("$here/build-kernel.sh" "$kver" test)
release=$(cat "$kbuild/include/config/kernel.release")
version=$(probesim_version)

work=$PROBESIM_OUT/install-$kver
rm -rf "$work"
root=$work/root dkms_root=$work/dkms/root
mkdir -p "$work"/{src,bin,dkms/src,dkms/tree} "$root" "$dkms_root/lib/modules/$release" \
	"$work/payload/readme-install"
src=$work/src payload=$work/payload/readme-install
make -s -C "$PROBESIM_TOP" dkms-sources DEST="$src"
[ ! -e "$src/.git" ] || die "make dkms-sources copied .git"

# DKMS strips what it built with "strip": the cross one, for an arm64 module.
ln -s "$(command -v aarch64-linux-gnu-strip)" "$work/bin/strip"
# dkms for the test kernel, its trees under $work/dkms; depmod as dkms
# runs it, on its tree. (remove --all takes no kernel.)
real_dkms=$(command -v dkms)
cat >"$work/bin/dkms" <<EOF
#!/bin/sh
set -e
trees="--sourcetree $work/dkms/src --dkmstree $work/dkms/tree --installtree $dkms_root/lib/modules"
if [ "\$1" = remove ]; then
	$real_dkms "\$@" \$trees --no-depmod
else
	$real_dkms "\$@" \$trees -k "$release" -a aarch64 --kernelsourcedir "$kbuild" --no-depmod
fi
case \$1 in install | remove) depmod -b "$dkms_root" "$release" ;; esac
EOF
chmod +x "$work/bin/dkms"

host_path=$work/bin:$PATH
steps=0

# run_on_host LINE: LINE in the sources; a step if it made a module.
run_on_host() {
	local stamp=$work/stamp tree made=''
	touch "$stamp"
	log "on the host: $1"
	(
		cd "$src"
		# shellcheck disable=SC2317 # called by the README's line
		sudo() { "$@"; }
		export PATH=$host_path KDIR="$kbuild" ARCH=arm64 \
			CROSS_COMPILE=aarch64-linux-gnu- INSTALL_MOD_PATH="$root" \
			DKMS_SOURCE_TREE="$work/dkms/src"
		eval "$1"
	) >"$work/line.log" 2>&1 || { cat "$work/line.log" >&2; die "the README's '$1' failed"; }
	local step=$payload/$((steps + 1))
	if [ -n "$(find "$src" -maxdepth 1 -name probesim.ko -newer "$stamp")" ]; then
		mkdir -p "$step"
		cp "$src/probesim.ko" "$step/"
		made=1
	fi
	for tree in "$root" "$dkms_root"; do
		[ -n "$(find "$tree" -name 'probesim.ko*' -newer "$stamp")" ] || continue
		mkdir -p "$step"
		cp -a "$tree/lib" "$step/"
		made=1
	done
	if [ -n "$made" ]; then
		steps=$((steps + 1))
		echo "use_step $steps"
	fi
}

readme_block install-steps >"$work/steps"
while IFS= read -r line; do
	case $line in
	make* | "sudo make"*) run_on_host "$line" ;;
	*) printf '%s\n' "$line" ;;
	esac
done <"$work/steps" >"$payload/steps.sh"
[ "$steps" -gt 0 ] || die "the README's install-steps build no module"

# Every module a step built or installed is this version, for this kernel.
count=0
while IFS= read -r ko; do
	got_version=$(modinfo -F version "$ko")
	got_vermagic=$(modinfo -F vermagic "$ko")
	[ "$got_version" = "$version" ] || die "$ko says version '$got_version', dkms.conf '$version'"
	case "$got_vermagic" in
	"$release "*) ;;
	*) die "$ko: vermagic '$got_vermagic' is not for $release" ;;
	esac
	count=$((count + 1))
done < <(find "$payload" -name 'probesim.ko*')
log "install: $count modules of probesim $version for $release, in $steps steps"

# The README's uninstall lines left nothing.
left=$(find "$root" "$dkms_root" "$work/dkms/tree" "$work/dkms/src" -name 'probesim*')
[ -z "$left" ] || die "the README's install-steps leave probesim installed: $left"
! grep -rqs probesim "$root/lib/modules/$release/modules.dep" "$dkms_root/lib/modules/$release/modules.dep" ||
	die "the README's install-steps leave probesim in modules.dep"

"$here/kernel-run.sh" --payload "$work/payload" "$kver" readme-install "install-$kver"
