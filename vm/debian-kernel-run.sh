#!/usr/bin/env bash
# debian-kernel-run.sh [--timeout S] KVER SUITES LABEL
# Boot Debian's own arm64 kernel, the linux-image-*-arm64-unsigned package
# of exactly the installed linux-source-KVER's version, and run the
# comma-separated guest SUITES on it with probesim built for that kernel;
# judge the console with probesim-report under LABEL, as for a stock
# kernel. Totals are appended to $PROBESIM_OUT/totals. Exit status: the
# report's.
#
# The image and headers .debs come through the host's apt (arm64 lists)
# into $PROBESIM_CACHE/debian-kernel/debs. probesim is built against the
# pristine linux-source-KVER tree, configured out of tree with the image's
# own config and prepared with the headers package's Module.symvers; only
# that file is taken from the headers, whose arm64 tools cannot run here.
# The prepared tree is cached, keyed by the package versions.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

vmopts=()
while [ $# -gt 0 ]; do
	case "$1" in
	--timeout) vmopts+=(--timeout "$2"); shift 2 ;;
	--*) die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 3 ] || die "usage: $0 [--timeout S] KVER SUITES LABEL"
kver=$1 suites=$2 label=$3

cache=$PROBESIM_CACHE/debian-kernel
srcver=$(debian_source_version "$kver")

# madison PKG...: "NAME VERSION" for every arm64 version the host's apt
# lists know of PKG..., one a line.
madison() {
	local -a pkgs=()
	local p
	for p in "$@"; do pkgs+=("$p:arm64"); done
	apt-cache madison "${pkgs[@]}" 2>/dev/null |
		awk -F'|' '$3 ~ / arm64 / { gsub(/ /, "", $1); gsub(/ /, "", $2)
			sub(/:arm64$/, "", $1); print $1, $2 }' | sort -u
}

# image_package KVER VERSION: the one arm64 image package of KVER (not cloud,
# not rt) whose Version is VERSION. The ABI part of its name (6.1.0-57,
# 6.12.117+deb12) cannot be derived from the version, so every candidate's
# versions are listed and the exact one is picked.
image_package() {
	local re found
	local -a all
	re="^linux-image-${1//./\\.}\\.[0-9]+(-[0-9]+|\\+deb[0-9]+)-arm64-unsigned\$"
	# shellcheck disable=SC2046 # package names are single words
	mapfile -t all < <(madison $(apt-cache search --names-only "$re" | cut -d' ' -f1))
	found=$(printf '%s\n' "${all[@]}" | awk -v v="$2" '$2 == v { print $1 }')
	case $(wc -w <<<"$found") in
	1) echo "$found" ;;
	0) printf 'error: no arm64 image package of linux-source-%s %s in the host'"'"'s apt lists (apt-get update?); there are:\n' \
		"$1" "$2" >&2
		printf '  %s\n' "${all[@]:-none}" >&2
		exit 1 ;;
	*) die "several arm64 image packages have version $2: ${found//$'\n'/ }" ;;
	esac
}

image=$(image_package "$kver" "$srcver")
abi=${image#linux-image-}
abi=${abi%-unsigned}
headers=linux-headers-$abi
madison "$headers" | grep -qxF "$headers $srcver" ||
	die "$headers:arm64 has no version $srcver (linux-source-$kver's) in the host's apt lists; it has: $(madison "$headers" | cut -d' ' -f2 | paste -sd' ')"

# fetch PKG: the cached arm64 .deb of PKG at $srcver, downloaded if missing,
# after checking that it is that package at that version.
fetch() {
	local pkg=$1 deb tmp
	deb=$cache/debs/${pkg}_${srcver//:/%3a}_arm64.deb
	if [ ! -f "$deb" ]; then
		mkdir -p "$cache/debs"
		tmp=$(mktemp -d "$cache/debs/.download.XXXXXX")
		# Root's cache is out of reach of apt's _apt download user.
		if ! (cd "$tmp" && apt-get -o APT::Sandbox::User=root -qq download \
			"$pkg:arm64=$srcver") >&2; then
			rm -rf "$tmp"
			die "apt-get download $pkg:arm64=$srcver failed (no longer on the mirror? then upgrade linux-source-$kver)"
		fi
		mv "$tmp"/*.deb "$deb"
		rm -rf "$tmp"
	fi
	local got
	got="$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version) $(dpkg-deb -f "$deb" Architecture)"
	[ "$got" = "$pkg $srcver arm64" ] ||
		die "$deb is $got, not $pkg $srcver arm64 (linux-source-$kver is $srcver)"
	echo "$deb"
}
download() {
	image_deb=$(fetch "$image") && headers_deb=$(fetch "$headers")
}
timed "downloading $image and $headers $srcver" download || exit 1
log "Debian kernel $kver: $image:arm64 $srcver, $headers:arm64 $srcver, linux-source-$kver $srcver"

# The image's kernel, its config and one of its modules (for the vermagic
# and struct module checks), unpacked once.
unpacked=$cache/image/${abi}_$srcver
if [ ! -f "$unpacked/.unpacked" ]; then
	rm -rf "$unpacked"
	mkdir -p "$unpacked"
	sample=$(dpkg-deb -c "$image_deb" |
		awk '$NF ~ /\/modules\/[^\/]*\/kernel\/.*\.ko(\.xz|\.zst|\.gz)?$/ && !found { found = $NF }
		END { print found }')
	[ -n "$sample" ] || die "$image has no modules to compare probesim.ko with"
	dpkg-deb --fsys-tarfile "$image_deb" | tar -C "$unpacked" -x ./boot "$sample"
	case $sample in
	*.xz) xz -dc "$unpacked/$sample" ;;
	*.zst) zstd -dc "$unpacked/$sample" ;;
	*.gz) gzip -dc "$unpacked/$sample" ;;
	*) cat "$unpacked/$sample" ;;
	esac >"$unpacked/sample.ko"
	printf '%s\n' "$sample" >"$unpacked/sample-name"
	touch "$unpacked/.unpacked"
fi
sample=$unpacked/sample.ko
release=$(sed -n 's|.*/modules/\([^/]*\)/kernel/.*|\1|p' "$unpacked/sample-name")
[ -f "$unpacked/boot/vmlinuz-$release" ] || die "$image has no /boot/vmlinuz-$release"
[ "$release" = "$abi" ] || log "note: $image's kernel release is $release"

config=$unpacked/boot/config-$release
# KUnit's suites need the kernel's KUnit (Debian's kernels have none).
has_kunit=
grep -q '^CONFIG_KUNIT=[ym]' "$config" && has_kunit=y
case ",$suites," in
*,kunit,*)
	[ -n "$has_kunit" ] ||
		die "$image has no CONFIG_KUNIT: the kunit suite cannot run on it (run selftests only)" ;;
esac

# qemu's -kernel takes the arm64 Image (Debian's vmlinuz is one, with an
# EFI stub header) and, through its own unpacker, a gzipped one; decompress
# anyway so that the image does not depend on that. An EFI zboot image
# (CONFIG_EFI_ZBOOT) would need its payload cut out first.
vmlinuz=$unpacked/boot/vmlinuz-$release
kimage=$vmlinuz
case $(od -An -tx1 -N4 "$vmlinuz" | tr -d ' ') in
1f8b*)
	kimage=$unpacked/Image
	[ -f "$kimage" ] || { gzip -dc "$vmlinuz" >"$kimage.tmp" && mv "$kimage.tmp" "$kimage"; } ;;
esac
[ "$(od -An -c -j4 -N4 "$vmlinuz" | tr -d ' ')" != zimg ] ||
	die "$vmlinuz is an EFI zboot image, which this script does not unpack"
[ "$(od -An -c -j56 -N4 "$kimage" | tr -d ' ')" = 'ARMd' ] ||
	die "$kimage is not an arm64 Image (no ARM\\x64 magic)"

this_module_size() {
	"${CROSS}readelf" -SW "$1" |
		awk '$2 == ".gnu.linkonce.this_module" { print $6 } $3 == ".gnu.linkonce.this_module" { print $7 }'
}

src=$(pristine_tree "$kver")
ccver=$("${CROSS}gcc" --version | head -n1)
key=$(printf '%s\n' "$image $srcver" "$headers $srcver" "linux-source-$kver $srcver" "$ccver" |
	sha256sum | cut -c1-16)
kbuild=$cache/build/$release-$key
kmake() {
	make -C "$src" O="$kbuild" ARCH=arm64 CROSS_COMPILE="$CROSS" \
		CC="ccache ${CROSS}gcc" -j"$(nproc)" "$@"
}

# Options of the image's config that Kconfig set otherwise here: any but
# those that only depend on host tools the image does not record (the
# compiler's banner, rustc, the 32-bit compiler for the compat vDSO,
# pahole's version) would mean probesim is built for another kernel.
config_drift() {
	local line opt got
	while IFS= read -r line; do
		opt=${line%%=*}
		case $opt in
		CONFIG_CC_VERSION_TEXT | CONFIG_RUSTC_* | CONFIG_*COMPAT_VDSO | \
			CONFIG_PAHOLE_VERSION | CONFIG_PAHOLE_HAS_*) continue ;;
		esac
		got=$(grep -m1 "^$opt=" "$kbuild/.config" || echo "$opt unset")
		[ "$got" = "$line" ] || printf '  %s (image) -> %s\n' "$line" "$got"
	done < <(grep '^CONFIG_' "$config")
}

prepare() {
	rm -rf "$kbuild"
	mkdir -p "$kbuild" && cp "$config" "$kbuild/.config" || return 1
	kmake -s olddefconfig >"$kbuild/prepare.log" 2>&1 || return 1
	local drift
	drift=$(config_drift)
	if [ -n "$drift" ]; then
		printf 'error: olddefconfig changed options of %s'"'"'s config:\n%s\n' "$image" "$drift" >&2
		grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$config" && ! command -v pahole >/dev/null &&
			echo "(DEBUG_INFO_BTF needs pahole: apt-get install dwarves)" >&2
		return 1
	fi
	# The image's release is Debian's ABI name, not the source version:
	# KERNELRELEASE puts it into UTS_RELEASE, which vermagic carries.
	# Kernels before 6.2 still store the source version in
	# include/config/kernel.release, so that is written here too.
	kmake KERNELRELEASE="$release" modules_prepare >>"$kbuild/prepare.log" 2>&1 || return 1
	echo "$release" >"$kbuild/include/config/kernel.release"
	# Module.symvers carries the exported symbols' CRCs (MODVERSIONS).
	dpkg-deb --fsys-tarfile "$headers_deb" |
		tar -xO "./usr/src/linux-headers-$release/Module.symvers" >"$kbuild/Module.symvers"
	[ -s "$kbuild/Module.symvers" ] || { echo "no Module.symvers in $headers" >&2; return 1; }
	touch "$kbuild/.probesim-prepared"
}
if [ -f "$kbuild/.probesim-prepared" ]; then
	log "module build tree for $release: cached in $kbuild"
else
	timed "preparing $src for $release in $kbuild" prepare ||
		{ tail -n 20 "$kbuild/prepare.log" >&2; die "preparing the module build tree failed, see $kbuild/prepare.log"; }
fi
grep -qxF "#define UTS_RELEASE \"$release\"" "$kbuild/include/generated/utsrelease.h" ||
	die "$kbuild is not for $release: $(cat "$kbuild/include/generated/utsrelease.h")"

moddir=$PROBESIM_OUT/modules/debian-$release-$key
"$here/build-modules.sh" "$kbuild" "$moddir"

# The module must be what the kernel accepts: the same vermagic as the
# image's own modules, and the same struct module (.gnu.linkonce.this_module
# has sizeof(struct module), which the kernel checks).
ko=$moddir/src/probesim.ko
want=$(modinfo -F vermagic "$sample")
got=$(modinfo -F vermagic "$ko")
[ "$got" = "$want" ] ||
	die "probesim.ko's vermagic '$got' differs from $image's '$want'"
vermagic=$got
want=$(this_module_size "$sample")
got=$(this_module_size "$ko")
if [ -z "$want" ] || [ "$got" != "$want" ]; then
	die "probesim.ko's struct module is 0x$got bytes, $image's modules' 0x$want"
fi
log "probesim.ko matches $(basename "$(cat "$unpacked/sample-name")"): vermagic '$vermagic', struct module $((16#$got)) bytes"

payload=$("$here/build-payload.sh")
report=$("$here/build-tools.sh")/report/probesim-report
runs=$PROBESIM_OUT/runs
mkdir -p "$runs"
initrd=$runs/$label.cpio
"$here/build-initramfs.sh" "$moddir" "$payload" "$initrd"
"$here/run-vm.sh" "${vmopts[@]}" "$kimage" "$initrd" "$suites" "$runs/$label.log"

# Debian's kernel is a stock kernel: its known splats are allowed.
"$report" --console "$runs/$label.log" --label "$label" \
	--allow "$here/allow/stock.txt" --totals "$PROBESIM_OUT/totals"
