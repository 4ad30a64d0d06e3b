#!/usr/bin/env bash
# install-check.sh [KVER]: the README's install-steps, as they stand, for the
# cross-built KVER test kernel (default 6.12). Its make lines run on this
# host, in a copy of the sources as make dkms-sources makes it, with KDIR,
# ARCH and CROSS_COMPILE for that kernel in the environment, sudo a no-op
# (this runs as root) and each line's installs sent to a directory of its
# own: INSTALL_MOD_PATH for make install; for make dkms-install a
# DKMS_SOURCE_TREE and a dkms in PATH that keeps its trees in a scratch
# directory too, so the host's /usr/src, /var/lib/dkms and /lib/modules are
# never touched. Each module built must carry dkms.conf's version and the
# kernel's vermagic, and DKMS must remove its own. The other lines run in a
# VM of that kernel, in order (the readme-install guest suite), each after
# the make line before it has put its products in place: the module built
# in the sources as the directory it runs in, the module tree installed as
# /lib/modules.
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
mkdir -p "$work"/{src,bin,dkms/src,dkms/tree} "$work/payload/readme-install"
src=$work/src payload=$work/payload/readme-install
make -s -C "$PROBESIM_TOP" dkms-sources DEST="$src"
[ ! -e "$src/.git" ] || die "make dkms-sources copied .git"

# DKMS strips what it built with "strip": the cross one, for an arm64 module.
ln -s "$(command -v aarch64-linux-gnu-strip)" "$work/bin/strip"
# dkms for the test kernel, its trees in $work/dkms, its install in the
# step's INSTALL_MOD_PATH (a kernel's directory there, as on a machine
# that runs it); depmod as dkms runs it, on that tree. (remove
# --all takes no kernel.)
real_dkms=$(command -v dkms)
cat >"$work/bin/dkms" <<EOF
#!/bin/sh
set -e
trees="--sourcetree $work/dkms/src --dkmstree $work/dkms/tree --installtree \$INSTALL_MOD_PATH/lib/modules"
if [ "\$1" = remove ]; then exec $real_dkms "\$@" \$trees --no-depmod; fi
mkdir -p "\$INSTALL_MOD_PATH/lib/modules/$release"
$real_dkms "\$@" \$trees -k "$release" -a aarch64 --kernelsourcedir "$kbuild" --no-depmod
if [ "\$1" = install ]; then depmod -b "\$INSTALL_MOD_PATH" "$release"; fi
EOF
chmod +x "$work/bin/dkms"

host_path=$work/bin:$PATH

# run_on_host N LINE: LINE in the sources; its products in the guest's
# step N.
run_on_host() {
	local step=$payload/$1
	mkdir -p "$step"
	log "on the host: $2"
	(
		cd "$src"
		# shellcheck disable=SC2317 # called by the README's line
		sudo() { "$@"; }
		export PATH=$host_path KDIR="$kbuild" ARCH=arm64 \
			CROSS_COMPILE=aarch64-linux-gnu- INSTALL_MOD_PATH="$step" \
			DKMS_SOURCE_TREE="$work/dkms/src"
		eval "$2"
	) >"$step.log" 2>&1 || { cat "$step.log" >&2; die "the README's '$2' failed"; }
	find "$src" -maxdepth 1 -name probesim.ko -exec cp {} "$step/" \;
}

n=0
readme_block install-steps >"$work/steps"
while IFS= read -r line; do
	case $line in
	make* | "sudo make"*)
		n=$((n + 1))
		run_on_host "$n" "$line"
		echo "use_step $n" ;;
	*) printf '%s\n' "$line" ;;
	esac
done <"$work/steps" >"$payload/steps.sh"
[ "$n" -gt 0 ] || die "the README's install-steps have no make line"

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
[ "$count" -gt 0 ] || die "the README's install-steps built no probesim.ko"
log "install: $count modules of probesim $version for $release, from $n make lines"
"$here/kernel-run.sh" --payload "$work/payload" "$kver" readme-install "install-$kver"

# DKMS removes what it installed.
dkms_ko=$(find "$payload" -path '*/updates/dkms/probesim.ko*' | head -n 1)
if [ -n "$dkms_ko" ]; then
	dkms_step=${dkms_ko#"$payload"/}
	PATH=$host_path INSTALL_MOD_PATH="$payload/${dkms_step%%/*}" \
		timed "dkms remove probesim/$version --all" dkms remove "probesim/$version" --all
	[ ! -e "$dkms_ko" ] || die "dkms remove left $dkms_ko"
	[ ! -e "$work/dkms/tree/probesim" ] || die "dkms remove left $work/dkms/tree/probesim"
fi
