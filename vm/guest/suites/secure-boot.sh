# shellcheck shell=sh
# What the README's Secure Boot paragraph says a signature-checking kernel
# does with probesim, on vm/secure-boot-check.sh's kernel (module
# signatures checked, its build's key built in). Three copies of the same
# module: /secure-boot/unsigned, /secure-boot/mok (signed by the README's
# sign-steps with a key the kernel was never given: a MOK not enrolled)
# and /secure-boot/kernel-key (signed by the same sign-file with the key
# the kernel trusts). Each is loaded with signatures checked but not
# required, then under lockdown, then with module.sig_enforce set as well
# (both can only be switched on).

# load_case N SETTING WHICH WANT: test point N, insmod of the WHICH copy
# under SETTING: WANT is "loads" or the error insmod must print.
load_case() {
	if insmod "/secure-boot/$3/probesim.ko" >/tmp/secure-boot.out 2>&1; then
		if [ "$4" = loads ] && [ -e /sys/module/probesim ]; then
			echo "ok $1 $2: the $3 module loads"
		else
			echo "not ok $1 $2: the $3 module loaded, expected '$4'"
		fi
		rmmod probesim || echo "# rmmod probesim failed"
	elif [ "$4" = loads ]; then
		echo "not ok $1 $2: the $3 module did not load: $(cat /tmp/secure-boot.out)"
	elif [ -e /sys/module/probesim ]; then
		echo "not ok $1 $2: a refused $3 module is loaded"
	elif ! grep -qF "$4" /tmp/secure-boot.out; then
		echo "not ok $1 $2: the $3 module is refused with '$(cat /tmp/secure-boot.out)', not '$4'"
	else
		echo "ok $1 $2: the $3 module is refused: $4"
	fi
}

secure_boot() {
	echo "TAP version 13"
	echo "1..9"
	load_case 1 "signatures checked" unsigned loads
	load_case 2 "signatures checked" mok loads
	load_case 3 "signatures checked" kernel-key loads
	mkdir -p /sys/kernel/security
	mount -t securityfs securityfs /sys/kernel/security 2>/dev/null || true
	echo integrity >/sys/kernel/security/lockdown
	setting="lockdown=$(sed 's/.*\[\(.*\)\].*/\1/' /sys/kernel/security/lockdown)"
	load_case 4 "$setting" unsigned "Operation not permitted"
	load_case 5 "$setting" mok "Operation not permitted"
	load_case 6 "$setting" kernel-key loads
	echo 1 >/sys/module/module/parameters/sig_enforce
	setting="$setting, sig_enforce=$(cat /sys/module/module/parameters/sig_enforce)"
	load_case 7 "$setting" unsigned "Key was rejected by service"
	load_case 8 "$setting" mok "Key was rejected by service"
	load_case 9 "$setting" kernel-key loads
}
ktap_section secure-boot secure_boot
