#!/usr/bin/env bash
# setup-host.sh: make sure this Debian host has everything `make check`
# and `make run` need. As root it installs what is missing; otherwise it
# prints the exact command to run and fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR
. "$here/lib.sh"

packages=(
	make gcc g++ cmake libgtest-dev libcli11-dev nlohmann-json3-dev python3 file cpio xz-utils
	kmod rsync patch
	bc bison flex libssl-dev libelf-dev libdw-dev ccache dwarves
	gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross
	qemu-system-arm
	linux-source-6.1 linux-source-6.12
	libcapstone-dev unifdef shellcheck dkms openssl
)

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
have_arm64=$(dpkg --print-foreign-architectures | grep -cx arm64 || true)

if [ ${#missing[@]} -gt 0 ] || [ "$have_arm64" = 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "probesim needs Debian packages that are not installed. As root, run:" >&2
		[ "$have_arm64" = 0 ] && echo "  dpkg --add-architecture arm64" >&2
		echo "  apt-get update && apt-get install --no-install-recommends ${missing[*]}" >&2
		exit 1
	fi
	[ "$have_arm64" = 0 ] && dpkg --add-architecture arm64
	timed "apt-get update" apt-get update -qq
	if [ ${#missing[@]} -gt 0 ]; then
		timed "installing ${missing[*]}" env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
	fi
fi

# Static arm64 busybox for the guest, unpacked from Debian's package.
busybox=$PROBESIM_CACHE/busybox/bin/busybox
if [ ! -x "$busybox" ]; then
	dl=$(mktemp -d)
	trap 'rm -rf "$dl"' EXIT
	if ! (cd "$dl" && apt-get download -q busybox-static:arm64 >/dev/null 2>&1); then
		[ "$(id -u)" = 0 ] || die "cannot download busybox-static:arm64; as root run: apt-get update"
		apt-get update -qq
		(cd "$dl" && apt-get download -q busybox-static:arm64 >/dev/null 2>&1) ||
			die "apt-get download busybox-static:arm64 failed"
	fi
	rm -rf "$PROBESIM_CACHE/busybox"
	mkdir -p "$PROBESIM_CACHE/busybox"
	dpkg-deb -x "$dl"/busybox-static_*_arm64.deb "$dl/root"
	mkdir -p "$PROBESIM_CACHE/busybox/bin"
	cp "$dl/root/bin/busybox" "$busybox"
	log "unpacked arm64 busybox into $busybox"
fi
