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

# tap_fail NAME MESSAGE: report a step of the harness that failed as a
# failing result, so that it can never pass or skip silently.
tap_fail() {
	{ echo "TAP version 13"; echo "1..1"; echo "not ok 1 $2"; } > "/tmp/$1.tap"
	emit_section ktap "$1" "/tmp/$1.tap"
}

# kunit_log_since MARK: the kernel log after the line MARK, timestamps cut.
kunit_log_since() {
	dmesg | sed -e 's/^\[[^]]*\] //' | sed -n "/^$1\$/,\$p"
}

# Whether debugfs keeps a KUnit test case's whole log (Linux 6.6 and
# later). Before, the log of a parameterised case is cleared at every
# parameter and holds at most 512 bytes; the kernel log has every row.
kunit_debugfs_log_complete() {
	release=$(uname -r)
	major=${release%%.*}
	minor=${release#*.}
	minor=${minor%%[!0-9]*}
	[ "$major" -gt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -ge 6 ]; }
}

# kunit_split_kmsg MARK DIR: cut the suites logged after MARK into
# DIR/NAME.tap, framed as debugfs would frame them, and list them in
# DIR/suites. A suite runs from "    # Subtest: NAME" to its result
# "ok N NAME" in column 0.
kunit_split_kmsg() {
	rm -rf "$2"
	mkdir -p "$2"
	kunit_log_since "$1" | awk -v dir="$2" '
		/^    # Subtest: / {
			name = substr($0, 16)
			file = dir "/" name ".tap"
			print name >> (dir "/suites")
			print "KTAP version 1\n1..1\n    KTAP version 1" > file
			print > file
			next
		}
		name == "" { next }
		/^(not )?ok [0-9]+ / {
			sub(/ok [0-9]+ /, "ok 1 ")
			print > file
			close(file)
			name = ""
			next
		}
		{ print > file }
	'
}

# kunit_module FILE.ko [ARGS]: load a KUnit test module, report every
# suite it ran (from debugfs where its log is complete, else from the
# kernel log), unload it. A module that runs no suite is a failure.
kunit_module() {
	ko=$1
	shift
	name=$(basename "$ko" .ko)
	mark="probesim-kunit-$name-$$"
	echo "$mark" > /dev/kmsg
	if ! insmod "$ko" "$@" 2> /tmp/insmod.err; then
		tap_fail "insmod-$name" "insmod $name: $(cat /tmp/insmod.err)"
		return
	fi
	kunit_split_kmsg "$mark" /tmp/kunit-kmsg
	suites=$(cat /tmp/kunit-kmsg/suites 2>/dev/null)
	[ -n "$suites" ] ||
		tap_fail "kunit-$name" "$name loaded but ran no KUnit suite"
	for suite in $suites; do
		if kunit_debugfs_log_complete; then
			emit_section ktap "kunit-$suite" "/sys/kernel/debug/kunit/$suite/results"
		else
			emit_section ktap "kunit-$suite" "/tmp/kunit-kmsg/$suite.tap"
		fi
	done
	rmmod "$name"
}

# kunit_builtin: report every KUnit suite the kernel ran at boot (the
# series' own, built in), from debugfs. None at all is a failure.
kunit_builtin() {
	found=''
	for dir in /sys/kernel/debug/kunit/*/; do
		[ -f "$dir/results" ] || continue
		emit_section ktap "kunit-builtin-$(basename "$dir")" "$dir/results"
		found=1
	done
	[ -n "$found" ] || tap_fail kunit-builtin "the kernel ran no KUnit suite at boot"
}

# kselftest_uprobes [TEST...]: the series' own kselftests
# (tools/testing/selftests/arm64/uprobes, in /kselftest-uprobes), one
# section each, all of them by default; a test missing from the initramfs
# is a failure.
kselftest_uprobes() {
	# shellcheck disable=SC2046 # test names are single words
	[ $# -gt 0 ] || set -- $(ls /kselftest-uprobes 2>/dev/null)
	if [ $# -eq 0 ]; then
		tap_fail kselftest-uprobes "no /kselftest-uprobes in the initramfs"
		return
	fi
	for t in "$@"; do
		if [ -x "/kselftest-uprobes/$t" ]; then
			ktap_section "kselftest-uprobes-$t" "/kselftest-uprobes/$t"
		else
			tap_fail "kselftest-uprobes-$t" "no /kselftest-uprobes/$t in the initramfs"
		fi
	done
}
