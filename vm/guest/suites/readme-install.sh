# shellcheck shell=sh
# The README's install-steps that are not make: /readme-install/steps.sh,
# written by vm/install-check.sh, which ran the make lines on its host and
# put "use_step N" where the products of its line N take their place: the
# module built in the sources as the directory the lines run in, the module
# tree installed as /lib/modules. sudo is a no-op: this is root. A line that
# loads probesim must load it, with stp as the line or /etc/modprobe.d says;
# it is unloaded before the next. Last, the load at boot, as
# systemd-modules-load does it: modprobe each module /etc/modules-load.d
# names.

# use_step N: step N's products in place.
use_step() {
	rm -rf /lib/modules
	if [ -d "/readme-install/$1/lib/modules" ]; then
		cp -a "/readme-install/$1/lib/modules" /lib/modules
	fi
	cd "/readme-install/$1" || return 1
}

# shellcheck disable=SC2317 # called by the README's lines
sudo() { "$@"; }

# expected_stp LINE: probesim's stp parameter once LINE has loaded it.
expected_stp() {
	if echo "$1" | grep -q 'stp=1' ||
		cat /etc/modprobe.d/*.conf 2>/dev/null | grep -q '^options .*stp=1'; then
		echo Y
	else
		echo N
	fi
}

# check_loaded N LINE: test point N, that LINE (its comment cut, as TAP
# would read it as a directive) loaded probesim; unload it.
check_loaded() {
	set -- "$1" "$(echo "${2%%#*}" | sed 's/ *$//')"
	if [ ! -e /sys/module/probesim ]; then
		echo "not ok $1 '$2' did not load probesim"
		return
	fi
	want=$(expected_stp "$2")
	got=$(cat /sys/module/probesim/parameters/stp)
	if [ "$got" != "$want" ]; then
		echo "not ok $1 '$2' loaded probesim with stp=$got, not $want"
	else
		echo "ok $1 $2 (stp=$got)"
	fi
	rmmod probesim || echo "# rmmod probesim failed"
}

readme_install() {
	echo "TAP version 13"
	steps=/readme-install/steps.sh
	if [ ! -s "$steps" ]; then
		echo "1..1"
		echo "not ok 1 no README install-steps in the payload"
		return
	fi
	echo "1..$(($(grep -cE '^(sudo )?(insmod|modprobe) ' "$steps") + 1))"
	# Where a distribution has them.
	mkdir -p /etc/modprobe.d /etc/modules-load.d
	n=0
	while IFS= read -r line; do
		case $line in
		"use_step "*) use_step "${line#use_step }" ;;
		*)
			if ! eval "$line" >/tmp/readme-install.out 2>&1; then
				sed 's/^/# /' /tmp/readme-install.out
				[ ! -e /sys/module/probesim ] || rmmod probesim
			fi
			command=${line#sudo }
			case ${command%% *} in
			insmod | modprobe)
				n=$((n + 1))
				check_loaded "$n" "$line" ;;
			esac ;;
		esac
	done <"$steps"
	n=$((n + 1))
	boot=$(grep -hv '^#' /etc/modules-load.d/*.conf 2>/dev/null | tr '\n' ' ')
	if [ -z "$boot" ]; then
		echo "not ok $n /etc/modules-load.d names no module"
		return
	fi
	for module in $boot; do
		modprobe "$module"
	done
	check_loaded "$n" "at boot: modprobe $boot"
}
ktap_section readme-install readme_install
