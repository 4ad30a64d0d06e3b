# shellcheck shell=sh
# The arm64 uprobes kselftests (selftests/arm64-uprobes, in /arm64-uprobes):
# each program once without probesim and once with it loaded (stp=1). On a
# stock kernel the branches tests fail (the kernel's branch simulation
# neither checks nor sets BTYPE, nor completes a single step), and without
# probesim the simulate tests fail their XOL-area checks: the stock kernel
# steps those instructions out of line.
arm64_uprobes_run() {
	for t in /arm64-uprobes/*; do
		ktap_section "arm64-uprobes-$1-$(basename "$t")" "$t"
	done
}

if [ -z "$(ls /arm64-uprobes 2>/dev/null)" ]; then
	tap_fail arm64-uprobes "no /arm64-uprobes in the initramfs"
else
	arm64_uprobes_run absent
	if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
		arm64_uprobes_run loaded
		rmmod probesim 2>/tmp/rmmod.err ||
			tap_fail arm64-uprobes-rmmod "rmmod probesim: $(cat /tmp/rmmod.err)"
	else
		tap_fail arm64-uprobes-insmod "insmod probesim: $(cat /tmp/insmod.err)"
	fi
fi
