# shellcheck shell=sh
# Helpers for guest suites: every result reaches the host inside a marked
# section, printed only once the producer has finished, with the kernel
# console quiet so that kernel messages cannot split a result line.

# emit_section KIND NAME FILE
emit_section() {
	level=$(cut -f1 /proc/sys/kernel/printk)
	echo 1 > /proc/sys/kernel/printk
	echo "@@probesim-begin $1 $2@@"
	cat "$3"
	echo "@@probesim-end $1 $2@@"
	echo "$level" > /proc/sys/kernel/printk
}

# ktap_section NAME CMD...: run CMD, report its TAP/KTAP output.
ktap_section() {
	name=$1
	shift
	"$@" > "/tmp/$name.tap" 2>&1
	emit_section ktap "$name" "/tmp/$name.tap"
}

dmesg_section() {
	dmesg > "/tmp/dmesg-$1.txt"
	emit_section dmesg "$1" "/tmp/dmesg-$1.txt"
}

# kunit_module FILE.ko [ARGS]: load a KUnit test module, report every
# suite it ran (from debugfs, before unloading removes it), unload it.
kunit_module() {
	ko=$1
	shift
	before=$(ls /sys/kernel/debug/kunit 2>/dev/null)
	if ! insmod "$ko" "$@" 2> /tmp/insmod.err; then
		{ echo "TAP version 13"; echo "1..1"
		  echo "not ok 1 insmod $(basename "$ko"): $(cat /tmp/insmod.err)"; } > /tmp/insmod.tap
		emit_section ktap "insmod-$(basename "$ko")" /tmp/insmod.tap
		return
	fi
	for dir in /sys/kernel/debug/kunit/*/; do
		suite=$(basename "$dir")
		echo "$before" | grep -qx "$suite" && continue
		emit_section ktap "kunit-$suite" "$dir/results"
	done
	rmmod "$(basename "$ko" .ko)"
}
