#!/usr/bin/env bash
# install-check.sh [KVER]: the README's DKMS route, run on this host against
# the cross-built KVER test kernel (default 6.12): dkms add, build and
# install of this tree, then remove --all; the module DKMS built must carry
# dkms.conf's version and the kernel's vermagic. Everything DKMS keeps
# (its source, build and install trees) lives in a scratch directory, so
# the host's /usr/src, /var/lib/dkms and /lib/modules are never touched.
# The kernel tree has no sign-file for DKMS to find, so nothing is signed
# and no signing key is made. Part of make check-full.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-6.12}
command -v dkms >/dev/null || die "dkms is not installed (vm/setup-host.sh installs it as root)"
kbuild=$("$here/build-kernel.sh" "$kver" test)
release=$(cat "$kbuild/include/config/kernel.release")
version=$(probesim_version)

scratch=$PROBESIM_OUT/dkms-$kver
rm -rf "$scratch"
mkdir -p "$scratch/src/probesim-$version" "$scratch/tree" "$scratch/lib/$release" "$scratch/bin"
# What make dkms-install puts in /usr/src: make dkms-sources.
make -s -C "$PROBESIM_TOP" dkms-sources DEST="$scratch/src/probesim-$version"
[ ! -e "$scratch/src/probesim-$version/.git" ] || die "make dkms-sources copied .git"
# DKMS strips what it built with "strip": the cross one, for an arm64 module.
ln -s "$(command -v aarch64-linux-gnu-strip)" "$scratch/bin/strip"

dkms_run() {
	env PATH="$scratch/bin:$PATH" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
		dkms "$@" --sourcetree "$scratch/src" --dkmstree "$scratch/tree" \
		--installtree "$scratch/lib"
}
mv=probesim/$version
timed "dkms add $mv" dkms_run add "$mv"
timed "dkms build $mv for $release" dkms_run build "$mv" -k "$release" -a aarch64 \
	--kernelsourcedir "$kbuild"
timed "dkms install $mv for $release" dkms_run install "$mv" -k "$release" -a aarch64 \
	--kernelsourcedir "$kbuild" --no-depmod

ko=$(find "$scratch/lib/$release" -name 'probesim.ko*' | head -n 1)
[ -n "$ko" ] || die "dkms install put no probesim.ko under $scratch/lib/$release"
got_version=$(modinfo -F version "$ko")
got_vermagic=$(modinfo -F vermagic "$ko")
[ "$got_version" = "$version" ] || die "the DKMS-built module says version '$got_version', dkms.conf '$version'"
case "$got_vermagic" in
"$release "*) ;;
*) die "the DKMS-built module's vermagic '$got_vermagic' is not for $release" ;;
esac
dkms_run status "$mv"
timed "dkms remove $mv --all" dkms_run remove "$mv" --all --no-depmod
[ -z "$(find "$scratch/lib/$release" -name 'probesim.ko*')" ] || die "dkms remove left probesim.ko behind"
log "dkms: add, build, install and remove of $mv on $release worked ($got_vermagic)"
