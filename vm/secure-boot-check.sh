#!/usr/bin/env bash
# secure-boot-check.sh [KVER]: the README's sign-steps, as they stand, and
# what its Secure Boot paragraph says a signature-checking kernel does,
# on KVER's (default 6.12) "sig" kernel: module signatures checked, the
# key its build generated built in, scripts/sign-file built.
#
# On this host the module is built for that kernel, then the sign-steps
# run in its directory with sudo a no-op, uname -r that kernel's release
# and /lib/modules/RELEASE/build its build tree (with_overlay on /lib,
# which this host may have no /lib/modules in: /lib is not written).
# mokutil is not run: enrolment needs UEFI, shim and a person at the MOK
# manager. The line must still hand it the certificate the openssl line
# made. The signed module must name probesim-local as its signer.
#
# In the VM (the secure-boot guest suite) the unsigned module, the one
# the sign-steps signed (its key never enrolled) and one signed by the
# same sign-file with the kernel's own key are each loaded with
# signatures checked, under lockdown, and with module.sig_enforce.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

kver=${1:-6.12}
[ "$(id -u)" = 0 ] || die "$0 mounts an overlay on /lib in a namespace of its own: run it as root"
command -v openssl >/dev/null || die "openssl is not installed (vm/setup-host.sh installs it as root)"
kbuild=$("$here/build-kernel.sh" "$kver" sig)
release=$(cat "$kbuild/include/config/kernel.release")
[ -x "$kbuild/scripts/sign-file" ] || die "$kbuild has no scripts/sign-file: not a kernel with CONFIG_MODULE_SIG"

work=$PROBESIM_OUT/secure-boot-$kver
rm -rf "$work"
mkdir -p "$work/src" "$work/lib/modules/$release" "$work/payload/secure-boot"/{unsigned,mok,kernel-key}
ln -s "$kbuild" "$work/lib/modules/$release/build"
src=$work/src payload=$work/payload/secure-boot
make -s -C "$PROBESIM_TOP" dkms-sources DEST="$src"
make -C "$src" KDIR="$kbuild" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- >"$work/build.log" 2>&1 ||
	{ tail -n 40 "$work/build.log" >&2; die "probesim.ko did not build for $release"; }
cp "$src/probesim.ko" "$payload/unsigned/"
cp "$src/probesim.ko" "$payload/kernel-key/"
"$kbuild/scripts/sign-file" sha256 "$kbuild/certs/signing_key.pem" "$kbuild/certs/signing_key.x509" \
	"$payload/kernel-key/probesim.ko"

readme_block sign-steps >"$work/sign-steps"
# shellcheck disable=SC2016 # expanded by the inner shell
with_overlay "$work/lib" /lib bash -euc '
	cd "$1"
	release=$2 mokutil_args=$3 steps=$4
	sudo() { "$@"; }
	uname() { if [ "$*" = -r ]; then echo "$release"; else command uname "$@"; fi; }
	mokutil() { echo "$*" >"$mokutil_args"; }
	set -x
	. "$steps"' _ "$src" "$release" "$work/mokutil.args" "$work/sign-steps" \
	>"$work/sign.log" 2>&1 ||
	{ cat "$work/sign.log" >&2; die "the README's sign-steps failed"; }

[ -s "$work/mokutil.args" ] || die "the README's sign-steps do not call mokutil"
read -r -a args <"$work/mokutil.args"
if [ "${args[0]}" != --import ] || [ ${#args[@]} != 2 ]; then
	die "the README's sign-steps call 'mokutil ${args[*]}', not mokutil --import FILE"
fi
subject=$(cd "$src" && openssl x509 -inform DER -noout -subject -in "${args[1]}") ||
	die "mokutil --import ${args[1]}: not a DER certificate"
case $subject in
*CN*=*probesim-local) ;;
*) die "mokutil --import ${args[1]}: the certificate's subject is '$subject'" ;;
esac
signer=$(modinfo -F signer "$src/probesim.ko")
[ "$signer" = probesim-local ] || die "the README's sign-steps left probesim.ko signed by '$signer', not probesim-local"
[ "$(modinfo -F sig_hashalgo "$src/probesim.ko")" = sha256 ] || die "probesim.ko is not signed with sha256"
cp "$src/probesim.ko" "$payload/mok/"
log "the README's sign-steps signed probesim.ko for $release (signer $signer; mokutil --import ${args[1]} not run)"

"$here/kernel-run.sh" --flavor sig --payload "$work/payload" "$kver" secure-boot "secure-boot-$kver"
