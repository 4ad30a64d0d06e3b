# shellcheck shell=sh
# rmmod -f with live probes (the forced_unload selftest), on a kernel with
# CONFIG_MODULE_FORCE_UNLOAD. Last in a boot: the forced unload taints the
# kernel, which turns lockdep off, and leaves probesim unloaded.
if insmod /modules/probesim.ko stp=1 2>/tmp/insmod.err; then
	ktap_section selftest-loaded-forced_unload \
		env PROBESIM_MODE=loaded /selftests/forced_unload
	if [ -e /sys/module/probesim ]; then
		rmmod probesim 2>/dev/null || true
	fi
else
	tap_fail forced-unload-insmod "insmod probesim: $(cat /tmp/insmod.err)"
fi
